import FederCore
import FederStore
import Foundation
import NIOCore

/// On a classroom network (`feder serve --host 0.0.0.0`) the tablets reach the server through the
/// network, and so can anyone else on it. Every device other than this machine then enters the
/// class code once (the teacher reads it from the server's start-up line) before the child's page,
/// the API or a live session answer it; the device keeps a cookie for it. Served on this machine
/// alone (the default, 127.0.0.1) there is no code.
public struct ClassCode: Sendable, Equatable, Codable {
    /// Six digits, typed by the teacher on each tablet.
    public var code: String
    /// What a device that entered the code keeps in its cookie (256 random bits, hex). A new code
    /// makes a new token, so devices that knew the old one enter the new one.
    var token: String

    static let storeKey = "class.code"
    static let cookieName = "feder_class"
    /// The cookie lasts a school year: a tablet enters the code once.
    static let cookieSeconds = 365 * 24 * 60 * 60

    /// The code stored for this data directory, made the first time; `requested` (`--class-code`)
    /// replaces it. Throws `InvalidCode` for a requested code that is not six digits.
    public static func load(_ store: KeyValueStore, requested: String? = nil) async throws -> ClassCode {
        if let requested {
            guard isValid(requested) else { throw InvalidCode() }
            if let stored = try await stored(store), stored.code == requested { return stored }
            return try await save(ClassCode(code: requested, token: randomToken()), in: store)
        }
        if let stored = try await stored(store) { return stored }
        let code = String(format: "%06d", Int.random(in: 0..<1_000_000))
        return try await save(ClassCode(code: code, token: randomToken()), in: store)
    }

    /// Six ASCII digits.
    public static func isValid(_ code: String) -> Bool {
        code.count == 6 && code.allSatisfy { $0.isASCII && $0.isNumber }
    }

    public struct InvalidCode: Error, CustomStringConvertible {
        public var description: String { "the class code is six digits, e.g. --class-code 482913" }
    }

    private static func stored(_ store: KeyValueStore) async throws -> ClassCode? {
        guard let entry = try await store.get(storeKey) else { return nil }
        return try? JSONDecoder().decode(ClassCode.self, from: entry.value)
    }

    private static func save(_ code: ClassCode, in store: KeyValueStore) async throws -> ClassCode {
        try await store.set(storeKey, try JSONEncoder().encode(code), expiresAt: nil)
        return code
    }

    private static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Whether a request from `peer` carrying `cookieHeader` may pass: this machine always, another
    /// device with the code's cookie.
    func admits(peer: SocketAddress?, cookieHeader: String?) -> Bool {
        Self.isThisMachine(peer) || Self.cookie(in: cookieHeader) == token
    }

    /// Loopback (127.0.0.0/8, ::1, a local socket): the teacher's own browser.
    static func isThisMachine(_ peer: SocketAddress?) -> Bool {
        guard let peer else { return false }
        switch peer {
        case .unixDomainSocket: return true
        case .v4: return peer.ipAddress?.hasPrefix("127.") ?? false
        case .v6: return peer.ipAddress == "::1" || (peer.ipAddress?.hasPrefix("::ffff:127.") ?? false)
        }
    }

    static func cookie(in header: String?) -> String? {
        guard let header else { return nil }
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0] == cookieName { return pair[1] }
        }
        return nil
    }

    /// The `Set-Cookie` value a device gets for the right code.
    var setCookie: String {
        "\(Self.cookieName)=\(token); Path=/; Max-Age=\(Self.cookieSeconds); HttpOnly; SameSite=Strict"
    }
}
