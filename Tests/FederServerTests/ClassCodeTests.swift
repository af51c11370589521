import FederCore
import FederStore
import Foundation
import NIOCore
import Testing
@testable import FederServer

/// The class code of a server on a classroom network (`ClassCode`): made once and kept with the
/// data, replaced only when asked, this machine always admitted, another device only with the
/// code's cookie, and wrong codes locked out for every device together.
@Suite("The class code")
struct ClassCodeTests {
    @Test func theCodeIsMadeOnceKeptAndReplacedOnlyWhenAsked() async throws {
        let store = KeyValueStore(database: try FederDatabase.inMemory())
        let first = try await ClassCode.load(store)
        #expect(first.code.count == 6 && first.code.allSatisfy(\.isNumber) && first.token.count == 64)
        #expect(try await ClassCode.load(store) == first, "a restart makes the tablets enter a new code")
        #expect(try await ClassCode.load(store, requested: first.code) == first)
        let chosen = try await ClassCode.load(store, requested: "482913")
        #expect(chosen.code == "482913" && chosen.token != first.token, "devices that knew the old code keep their way in")
        #expect(try await ClassCode.load(store) == chosen)
        for bad in ["12345", "1234567", "12a456", "١٢٣٤٥٦"] {
            await #expect(throws: ClassCode.InvalidCode.self) { try await ClassCode.load(store, requested: bad) }
        }
    }

    @Test func thisMachineIsAdmittedAndAnotherDeviceOnlyWithTheCookie() throws {
        let code = ClassCode(code: "482913", token: String(repeating: "ab", count: 32))
        let tablet = try SocketAddress(ipAddress: "192.168.1.23", port: 50123)
        #expect(code.admits(peer: try SocketAddress(ipAddress: "127.0.0.1", port: 1), cookieHeader: nil))
        #expect(code.admits(peer: try SocketAddress(ipAddress: "::1", port: 1), cookieHeader: nil))
        #expect(code.admits(peer: try SocketAddress(ipAddress: "::ffff:127.0.0.1", port: 1), cookieHeader: nil))
        #expect(!code.admits(peer: try SocketAddress(ipAddress: "::ffff:192.168.1.23", port: 1), cookieHeader: nil))
        #expect(!code.admits(peer: try SocketAddress(ipAddress: "fd00::2", port: 1), cookieHeader: nil))
        #expect(!code.admits(peer: tablet, cookieHeader: nil))
        #expect(!code.admits(peer: nil, cookieHeader: nil), "an unknown peer is not this machine")
        #expect(!code.admits(peer: tablet, cookieHeader: "feder_class=\(String(repeating: "cd", count: 32))"))
        #expect(!code.admits(peer: tablet, cookieHeader: "feder_class_x=\(code.token)"))
        #expect(code.admits(peer: tablet, cookieHeader: "feder_adult=xyz; feder_class=\(code.token)"))
        #expect(code.setCookie.contains("HttpOnly") && code.setCookie.contains("SameSite=Strict"))
    }

    @Test func fiveWrongCodesLockEveryDeviceAndOnlyTheRightCodeStartsOver() async {
        let clock = TestClock()
        let door = ClassCodeDoor(now: { clock.now })
        for _ in 0..<4 { #expect(await door.enter("000000", expected: "482913") == .wrong) }
        #expect(await door.enter("000001", expected: "482913") == .locked(seconds: 60))
        #expect(await door.enter("482913", expected: "482913") == .locked(seconds: 60), "the right code waits too")
        clock.now += 61
        #expect(await door.enter("482913", expected: "482913") == .right)
        #expect(await door.enter("48291", expected: "482913") == .wrong)
    }

    final class TestClock: @unchecked Sendable {
        var now = Date(timeIntervalSince1970: 1_795_420_800)
    }
}
