import FederCore
import FederStore
import Foundation

/// Paper transfer (brief §8, a research option an adult switches on per child): after a letter of
/// Schule is finished, the page asks the child to write it on paper and to rate it with three
/// faces; the face is stored as the child's paper rating of that lesson.
extension SessionConnection {
    /// The letter the child may now rate on paper.
    struct PaperDue: Sendable, Equatable {
        var lessonID: String
        var script: String
        var glyph: String
    }

    /// Whether a finished letter asks for paper transfer: the adult switched it on, the letter was
    /// completed (all its phases), and it is one letter of the child's course script (not a word).
    static func paperDue(after result: LetterResult, lessonID: String?, child: ChildRecord) -> PaperDue? {
        guard child.settings.paperTransfer, result.completed, result.glyph.char.count == 1, let lessonID,
              result.glyph.script == child.scheduler.course.script else { return nil }
        return PaperDue(lessonID: lessonID, script: result.glyph.script, glyph: result.glyph.char)
    }

    /// `paper`: the child's face for the letter it just wrote on paper. Stored once; a second face
    /// for the same letter, or one with no finished letter waiting for it, is refused.
    mutating func ratePaper(_ face: PaperFace, re id: RequestID?) async -> [ServerMessage] {
        guard let current = child else { return [.error(re: id, ProtocolError(.noChild, "send hello with a child first"))] }
        guard let due = paperDue else {
            return [.error(re: id, ProtocolError(.noSession, "no finished letter waits for a paper rating"))]
        }
        let rating = PaperRatingWrite(childID: current.id, lessonID: due.lessonID, script: due.script, glyph: due.glyph,
                                      face: face, ratedAt: clock.wall())
        let write = PendingWrite.paper(rating)
        paperDue = nil
        // Older writes first, as for records: the lesson's records are stored before its rating.
        guard await retryPendingWrites() else {
            return [await failedWrite(write, "the paper rating could not be stored (earlier writes still wait)", StorageStillFailing(), re: id)]
        }
        do {
            try await store.addPaperRating(rating)
            return [.paperStored(re: id)]
        } catch {
            return [await failedWrite(write, "the paper rating could not be stored", error, re: id)]
        }
    }
}

/// A child's paper rating as a live session writes it (kept for another try when the store fails).
struct PaperRatingWrite: Sendable, Encodable {
    var childID: String
    var lessonID: String
    var script: String
    var glyph: String
    var face: PaperFace
    var ratedAt: Date
}
