import FederCore
import FederStore
import Foundation

/// A class of enrolled children practising daily, written into a fresh data directory for the
/// export benchmark. Lessons are real: a few per letter and arm are played through the lesson
/// machine with the recognizer (`SimulatedLesson`), then reused with new ids and times, since
/// playing 100,000 attempts would time the assessment rather than the export.
struct SimulatedClass {
    var children: Int
    var days: Int
    var attempts: Int
    var letters = 10
    var variantsPerLetter = 3

    struct Generated {
        var lessons = 0, attempts = 0, inked = 0, samples = 0
    }

    func generate(into directory: URL) async throws -> Generated {
        let database = try FederDatabase(directory: directory)
        let lessonStore = LessonStore(database: database)
        let research = ResearchStore(database: database)
        let library = try GlyphLibrary.bundled()
        let recognizer = try LetterRecognizer.bundled()
        let glyphs = try library.characters(in: "druck").prefix(letters).map { try library.glyph($0, script: "druck") }
        var templates: [StudyCondition: [[PhaseRecord]]] = [:]
        for condition in StudyCondition.allCases {
            for glyph in glyphs {
                for variant in 0..<variantsPerLetter {
                    let lesson = SimulatedLesson(glyph: glyph, condition: condition, recognizer: recognizer,
                                                 seed: UInt64(variant * 1000 + glyphs.firstIndex { $0.char == glyph.char }!))
                    templates[condition, default: []].append(try lesson.records())
                }
            }
        }

        let firstDay = Date(timeIntervalSince1970: 1_789_344_000)  // 2026-09-14 00:00 UTC, a Monday
        var random = SeededRandom(seed: 2026)
        let ids = (0..<children).map { _ in Self.uuid(&random) }
        try await research.setStudy(active: true, now: firstDay)
        for id in ids {
            _ = try await lessonStore.child(id: id, now: firstDay)
            try await research.enrol(childID: id, consentDate: "2026-09-10", consentBy: .parent, consentReference: "bench", now: firstDay)
        }
        var generated = Generated()
        let perChildDay = Double(attempts) / Double(max(1, children * days))
        for day in 0..<days {
            for (c, id) in ids.enumerated() {
                let condition = ArmAssignment.arm(for: id)
                let quota = Int((Double(day * children + c + 1) * perChildDay).rounded()) - Int((Double(day * children + c) * perChildDay).rounded())
                var rows: [PhaseRecordRow] = []
                var clock = firstDay.addingTimeInterval(Double(day) * 86_400 + 8 * 3600 + Double(c) * 60)
                var written = 0
                while written < quota {
                    let pool = templates[condition]!
                    let template = pool[Int(random.next() % UInt64(pool.count))].prefix(quota - written)
                    let lessonID = Self.uuid(&random)
                    let base = template.first?.startedAt ?? 0
                    for record in template {
                        rows.append(PhaseRecordRow(record: record, lessonID: lessonID, childID: id,
                                                   wallStart: clock.addingTimeInterval(record.startedAt - base)))
                        generated.attempts += 1
                        if let ink = record.ink, !ink.isEmpty { generated.inked += 1; generated.samples += ink.sampleCount }
                    }
                    written += template.count
                    generated.lessons += 1
                    clock = clock.addingTimeInterval((template.last?.endedAt ?? base) - base + 5)
                }
                try await lessonStore.insert(rows)
            }
        }
        return generated
    }

    static func uuid(_ random: inout SeededRandom) -> String {
        let hex = String(format: "%016llx%016llx", random.next(), random.next())
        let c = Array(hex)
        return "\(String(c[0..<8]))-\(String(c[8..<12]))-4\(String(c[13..<16]))-a\(String(c[17..<20]))-\(String(c[20..<32]))"
    }
}
