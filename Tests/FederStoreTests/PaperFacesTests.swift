import FederCore
import Foundation
import Testing
@testable import FederStore

/// The dashboard's paper faces: the adult's judgement and the child's own rating kept apart, the
/// latest of each per letter.
@Suite("Paper faces on the dashboard")
struct PaperFacesTests {
    func rating(_ id: Int64, _ glyph: String, _ face: PaperFace, by rater: String, at seconds: Double, script: String = "druck") -> PaperRatingRow {
        PaperRatingRow(ratingID: id, childID: "c", enrolled: false, lessonID: nil, script: script, glyph: glyph,
                       ratedAt: Date(timeIntervalSince1970: seconds), face: face, ratedBy: rater, note: nil)
    }

    @Test func eachRaterKeepsItsOwnLatestFacePerLetter() {
        let ratings = [
            rating(1, "M", .notYet, by: "child", at: 10),
            rating(2, "M", .good, by: "adult", at: 20),
            rating(3, "M", .almost, by: "child", at: 30),
            rating(4, "M", .good, by: "child", at: 30),  // the same second: the later row wins
            rating(5, "a", .notYet, by: "child", at: 40),
            rating(6, "a", .good, by: "child", at: 5),  // older, written later: not the latest
            rating(7, "M", .notYet, by: "child", at: 50, script: "schul"),  // another script
        ]
        #expect(ChildDashboard.latestFaces(of: ratings, by: "child", script: "druck") == ["M": 3, "a": 1])
        #expect(ChildDashboard.latestFaces(of: ratings, by: "adult", script: "druck") == ["M": 3])
        #expect(ChildDashboard.latestFaces(of: ratings, by: "adult", script: "schul").isEmpty)
    }
}
