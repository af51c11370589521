import Foundation

/// Pen messages out of order (a second down, samples or up without a down): a protocol-level mistake
/// by the client, answered with a typed error; the ink and the tracking stay as they were. Its wire
/// code is the server's (`ProtocolError.Code`, docs/PROTOCOL.md).
public enum PenOrderError: Error, Equatable, Sendable {
    case penAlreadyDown
    case penNotDown

    public var message: String {
        switch self {
        case .penAlreadyDown: return "pen is already down; send up first"
        case .penNotDown: return "samples and up need a preceding down"
        }
    }
}
