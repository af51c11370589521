import FederCore
import Foundation
import Testing
@testable import FederServer

/// docs/PROTOCOL.md's table of error codes and `ProtocolError.Code`, where the server spells every
/// code it can send, name the same codes: none sent undocumented, none documented that cannot be sent.
@Suite("Protocol error codes in the docs")
struct ProtocolDocsTests {
    /// The codes in the first column of the table under "## Errors" (one row may name several).
    static func documentedErrorCodes() throws -> [String] {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/PROTOCOL.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "\n## Errors\n").dropFirst().first)
            .components(separatedBy: "\n## ")[0]
        // The rows below the header's |---| line.
        let rows = section.split(separator: "\n").drop { !$0.hasPrefix("|---") }.filter { $0.hasPrefix("| `") }
        return rows.flatMap { row in
            row.split(separator: "|")[0].split(separator: "`").enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
    }

    @Test func everyCodeTheServerCanSendIsDocumented() throws {
        let documented = Set(try Self.documentedErrorCodes())
        for code in ProtocolError.Code.allCases {
            #expect(documented.contains(code.rawValue), "\(code.rawValue) is not in the error table of docs/PROTOCOL.md")
        }
    }

    @Test func everyDocumentedCodeIsOneTheServerHas() throws {
        let documented = try Self.documentedErrorCodes()
        #expect(documented.count >= 19)
        for code in documented {
            #expect(ProtocolError.Code(rawValue: code) != nil, "docs/PROTOCOL.md documents \(code), which the server never sends")
        }
        #expect(documented.count == Set(documented).count, "a code is documented twice")
    }

    @Test func everyLessonErrorIsSentWithItsOwnCode() {
        let codes: [(LessonError, ProtocolError.Code)] = [
            (.letterFinished, .noSession),
            (.notInThisPhase(input: "penDown", phase: .observe), .notInThisPhase),
            (.pen(.penAlreadyDown), .penAlreadyDown),
            (.pen(.penNotDown), .penNotDown),
            (.noSuchDot(7), .noSuchDot),
        ]
        for (error, code) in codes { #expect(SessionConnection.code(for: error) == code, "\(error)") }
    }
}
