import FederCore
import FederStore
import Foundation

// Werkstatt: writing without a model letter; the server reads the ink and answers.
extension SessionConnection {
    mutating func read(_ request: ClientMessage.ReadRequest, re id: RequestID?) async -> [ServerMessage] {
        guard let recognizer else {
            return [.error(re: id, ProtocolError(.noRecognizer, "this server has no recognizer"))]
        }
        // A child deleted or archived by an adult since its hello writes no more as itself: a tablet
        // left open in the Werkstatt stored letters for a child who had left the class.
        let writer = child?.id
        guard await refreshProfile(), writer == nil || child != nil else { return [Self.childDeleted(re: id)] }
        if child?.archivedAt != nil { return [Self.childArchived(re: id)] }
        let target: WerkstattReader.Target = request.expected.map { request.word ? .word($0) : .letter($0) } ?? .free
        let answer = WerkstattReader(recognizer: recognizer).read(request.ink, target: target)
        let reply = ServerMessage.read(re: id, ReadInfo(read: answer.read, stars: answer.stars, matched: answer.matched, say: answer.spoken))
        if let child, case .letter(let expected) = target {
            let now = clock.wall()
            let row = LetterSessionRow(childID: child.id, lessonID: "werkstatt-\(UUID().uuidString.lowercased())", world: .werkstatt,
                                       script: child.script, glyph: expected, day: CalendarDay(now, timeZone: clock.timeZone),
                                       finishedAt: now, completed: answer.matched ?? false, stars: answer.stars ?? 0,
                                       performance: answer.clarity?.probability)
            if let failure = await storeLetter(row) { return [reply, failure.replying(to: id)] }
        }
        return [reply]
    }
}
