import Foundation
import Testing
@testable import FederServer

/// docs/PROTOCOL.md names every error code the server can send.
@Test func everyProtocolErrorCodeIsDocumented() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/PROTOCOL.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    for code in ProtocolError.Code.allCases {
        #expect(text.contains("`\(code.rawValue)`"), "\(code.rawValue) is not in docs/PROTOCOL.md")
    }
}
