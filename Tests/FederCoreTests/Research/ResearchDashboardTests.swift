import Foundation
import Testing
@testable import FederCore

@Suite("Research dashboard figures")
struct ResearchDashboardTests {
    static let library = try! GlyphLibrary.bundled()

    func rows(child: String, condition: StudyCondition, enrolled: Bool, lessons: Int, firstID: Int64) throws -> [AttemptRow] {
        var out: [AttemptRow] = []
        var id = firstID
        for session in 1...lessons {
            let glyph = try Self.library.glyph(session % 2 == 0 ? "l" : "i", script: "druck")
            let records = try SimulatedLesson(glyph: glyph, condition: condition, seed: UInt64(session)).records()
            for record in records {
                out.append(AttemptRow(attemptID: id, lessonID: "\(child)-\(session)", childID: child, enrolled: enrolled,
                                      condition: condition, sessionNumber: session, script: "druck", glyph: glyph.char,
                                      variant: glyph.variant, phase: record.phase.rawValue, attempt: record.attempt,
                                      outcome: record.outcome.rawValue, completed: record.completed, pointer: "pen",
                                      startedAt: Date(timeIntervalSince1970: Double(id)), endedAt: Date(timeIntervalSince1970: Double(id) + 1),
                                      activeSeconds: 1, score: record.score, stars: record.stars, inkStrokes: 0, inkSamples: 0,
                                      recordVersion: 1, inkVersion: 1, record: record))
                id += 1
            }
        }
        return out
    }

    @Test func armsGetTheirOwnChildrenAttemptsMotorMeansAndPairs() throws {
        let three = try rows(child: "a", condition: .threePhase, enrolled: true, lessons: 4, firstID: 1)
        let guided = try rows(child: "b", condition: .guidedOnly, enrolled: true, lessons: 3, firstID: 100)
        let outsider = try rows(child: "c", condition: .threePhase, enrolled: false, lessons: 2, firstID: 200)
        var accumulator = ResearchDashboard.Accumulator()
        for row in three + guided + outsider { accumulator.add(row) }
        let d = accumulator.dashboard
        #expect(d.arms.map(\.arm) == ["threePhase", "guidedOnly", "notEnrolled"])

        let arm = d.arms[0]
        #expect(arm.children == 1 && arm.attempts == three.count)
        let free = three.filter { $0.phase == "freeWrite" }
        #expect(free.count == 4)
        let formMean = free.map { $0.record!.assessment!.motor!.form }.reduce(0, +) / 4
        #expect(abs(arm.form.mean! - formMean) < 1e-12 && arm.form.n == 4)
        // Each free-writing attempt pairs with the guided attempt just before it in its lesson.
        #expect(arm.guidedVsFreeWrite.pairs == 4)
        #expect(arm.guidedCurve.map(\.session) == [1, 2, 3, 4])
        #expect(arm.freeWriteCurve.first?.score.mean == free.first?.score)
        #expect(!arm.clarity.isEmpty || free.allSatisfy { $0.record?.assessment?.clarity == nil })

        #expect(d.arms[1].attempts == guided.count && d.arms[1].guidedVsFreeWrite.pairs == 0)
        #expect(d.arms[1].form.n == 0)
        #expect(d.arms[2].children == 1)

        // The last 20 attempts, newest first.
        let all = three + guided + outsider
        #expect(d.recent.map(\.attemptID) == all.suffix(20).reversed().map(\.attemptID))
        #expect(d.recent.first?.arm == "notEnrolled")
    }

    /// A restarted or abandoned attempt keeps the score of the part written before "Nochmal" or
    /// leaving: it counts as an attempt and is listed, but enters no score, Schreibmotorik or
    /// Klarheit figure (an arm whose children press "Nochmal" more must not look weaker for it).
    @Test func restartedAndAbandonedAttemptsEnterNoScoreFigure() throws {
        let judgedOnly = try rows(child: "a", condition: .threePhase, enrolled: true, lessons: 2, firstID: 1)
        var cut: [AttemptRow] = []
        for (i, outcome) in [PhaseRecord.Outcome.restarted, .abandoned].enumerated() {
            for phase in ["guided", "freeWrite"] {
                var row = try #require(judgedOnly.first { $0.phase == phase && $0.sessionNumber == i + 1 })
                row.attemptID = 1000 + Int64(cut.count)
                row.outcome = outcome.rawValue
                row.score = 0.1  // far below every judged score: a mean that took it in would show
                cut.append(row)
            }
        }
        // Each cut attempt comes first in its lesson, as "Nochmal" does.
        let mixed = cut + judgedOnly
        var without = ResearchDashboard.Accumulator(), with = ResearchDashboard.Accumulator()
        for row in judgedOnly { without.add(row) }
        for row in mixed { with.add(row) }
        let (a, b) = (without.dashboard.arms[0], with.dashboard.arms[0])
        #expect(b.attempts == a.attempts + 4)
        #expect(b.guidedCurve == a.guidedCurve && b.freeWriteCurve == a.freeWriteCurve)
        #expect(b.form == a.form && b.tempo == a.tempo && b.guidedVsFreeWrite == a.guidedVsFreeWrite)
        #expect(b.clarity == a.clarity && b.scheduler == a.scheduler)
        #expect(with.dashboard.recent.contains { $0.outcome == "restarted" })
    }
}
