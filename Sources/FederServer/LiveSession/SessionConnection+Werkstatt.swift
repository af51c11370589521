import FederCore
import FederStore
import Foundation

// Werkstatt: writing without a model letter; the server reads the ink and answers.
extension SessionConnection {
    mutating func read(_ request: ClientMessage.ReadRequest, re id: RequestID?) async -> [ServerMessage] {
        guard let recognizer else {
            return [.error(re: id, ProtocolError(.noRecognizer, "this server has no recognizer"))]
        }
        let target: WerkstattReader.Target = request.expected.map { request.word ? .word($0) : .letter($0) } ?? .free
        let answer = WerkstattReader(recognizer: recognizer).read(request.ink, target: target)
        if let child, case .letter(let expected) = target {
            let now = clock.wall()
            do {
                try await store.children.recordLetter(LetterSessionRow(
                    childID: child.id, lessonID: "werkstatt-\(UUID().uuidString.lowercased())", world: .werkstatt,
                    script: child.script, glyph: expected, day: CalendarDay(now, timeZone: clock.timeZone), finishedAt: now,
                    completed: answer.matched ?? false, stars: answer.stars ?? 0, performance: answer.clarity?.probability))
            } catch {
                return [.read(re: id, ReadInfo(read: answer.read, stars: answer.stars, matched: answer.matched, say: answer.spoken)),
                        .error(re: id, ProtocolError(.storageFailed, "the Werkstatt letter could not be stored: \(error)"))]
            }
        }
        return [.read(re: id, ReadInfo(read: answer.read, stars: answer.stars, matched: answer.matched, say: answer.spoken))]
    }
}
