import FederStore
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import FederServer

/// A PIN typed wrong when it was set, or forgotten later, must not lock the parent out for good
/// (a parent review: the session that set a mistyped PIN got 403 changing it, and nothing said what
/// to do about a forgotten one). Neither way may open research data or let a stale session in.
@Suite("Correcting and forgetting the parent PIN")
struct PinRecoveryTests {
    typealias A = AdultAreaTests

    static func put(_ body: String, cookie: String, _ client: some TestClientProtocol) async throws -> TestResponse {
        try await client.execute(uri: "/api/v1/adult/pin", method: .put,
                                 headers: [.cookie: cookie, .contentType: "application/json"], body: ByteBuffer(string: body))
    }

    @Test func theSessionThatSetThePinMayCorrectItAndNoOtherSessionWithoutIt() async throws {
        let h = try A.Harness()
        try await h.app.test(.router) { client in
            let setter = try #require(try await A.answerGate(client).1)
            let openBefore = try #require(try await A.answerGate(client).1, "a session left open from before the PIN")
            #expect(try await Self.put(#"{"pin":"4711"}"#, cookie: setter, client).status == .ok)
            let stale = try await Self.put(#"{"pin":null}"#, cookie: openBefore, client)
            #expect(stale.status == .forbidden && String(buffer: stale.body).contains("pin_required"))
            #expect(try await Self.put(#"{"pin":"4712"}"#, cookie: setter, client).status == .ok, "a typing mistake is corrected")
            #expect(try await Self.put(#"{"pin":"4713"}"#, cookie: setter, client).status == .ok, "and corrected again")
            // The corrected PIN is the one that opens the door.
            let (gate, _) = try await A.answerGate(client)
            let pass = try #require(try A.decode(A.Reply.self, gate).pass)
            for (pin, opens) in [("4711", false), ("4713", true)] {
                let entered = try await client.execute(uri: "/api/v1/adult/pin", method: .post, body: A.json(["pass": pass, "pin": pin]))
                #expect((entered.status == .ok) == opens, "\(pin)")
            }
            let removed = try await Self.put(#"{"pin":null}"#, cookie: setter, client)
            #expect(removed.status == .ok && String(buffer: removed.body).contains(#""pinSet":false"#))
        }
    }

    /// The right to correct lasts ten minutes from setting the PIN, not the session's hour: anyone at
    /// a class page left open could otherwise put in a PIN of their own, sign in with it and read the
    /// research data (a review did). A correction does not renew the ten minutes.
    @Test func theRightToCorrectEndsTenMinutesAfterThePinWasSet() async throws {
        let clock = ManualClock()
        let directory = ScratchDirectory(prefix: "feder-pin-window")
        let services = FederServices(library: SessionConnectionTests.library, database: try FederDatabase(directory: directory.url),
                                     recognizer: nil, clock: clock.serverClock)
        let router = FederApp.router(services: services, adult: AdultOptions(sessionLength: .seconds(3600), pinHashCost: 4),
                                     logger: Logger(label: "test"))
        try await Application(router: router).test(.router) { client in
            let setter = try #require(try await A.answerGate(client).1)
            #expect(try await Self.put(#"{"pin":"4711"}"#, cookie: setter, client).status == .ok)
            clock.advance(9 * 60)
            #expect(try await Self.put(#"{"pin":"4712"}"#, cookie: setter, client).status == .ok, "within ten minutes")
            clock.advance(2 * 60)
            let late = try await Self.put(#"{"pin":"9999"}"#, cookie: setter, client)
            #expect(late.status == .forbidden && String(buffer: late.body).contains("pin_required"), "eleven minutes after setting it")
            let state = try await client.execute(uri: "/api/v1/adult/state", method: .get, headers: [.cookie: setter])
            #expect(String(buffer: state.body).contains(#""signedIn":true"#), "the session itself goes on")
        }
    }

    /// `feder forget-pin` while a PIN prompt is open: a try in that prompt wrote the kept state, with
    /// the old PIN, back to SQLite (a review found). It now finds the PIN gone, as the gate would.
    @Test func aPinPromptOpenWhenThePinIsForgottenDoesNotBringItBack() async throws {
        let database = try FederDatabase.inMemory()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let keeper = GateKeeper(store: KeyValueStore(database: database, now: { now }), now: { now }, hashCost: 4)
        try await keeper.setPIN("4711")
        let challenge = try #require(try? await keeper.issue().get())
        guard case .pinRequired(let pass) = try await keeper.answer(challengeID: challenge.id, answer: "\(challenge.number)") else {
            Issue.record("the task's answer asks for the PIN")
            return
        }
        #expect(try await ForgottenPIN.forget(in: database))
        #expect(try await !keeper.pinIsSet, "the state the adults' pages poll says so at once")
        #expect(try await keeper.enterPIN(pass: pass, pin: "0000") == .signedIn, "no PIN to ask for any more")
        let stored = try await KeyValueStore(database: database).get(GateKeeper.pinKey)
        let hash = try stored.map { try JSONDecoder().decode(GateKeeper.PinState.self, from: $0.value).hash }
        #expect(hash == nil, "the forgotten PIN stays forgotten")
    }

    /// A session written back after it was signed out (a PIN saved as "Abmelden" was tapped) came
    /// back with no expiry, for good (a review found): an update finds no session and writes nothing.
    @Test func aSessionChangedAfterItEndedStaysEnded() async throws {
        let database = try FederDatabase.inMemory()
        let now = Date(timeIntervalSince1970: 1_800_000_000)  // fixed: no expiry passes while the suite runs
        let driver = DatabasePersistDriver(database: database, now: { now })
        try await driver.create(key: "s", value: "first", expires: .seconds(60))
        try await driver.set(key: "s", value: "second", expires: nil)
        #expect(try await driver.get(key: "s", as: String.self) == "second", "a live session is updated, its expiry kept")
        let ttl = try await driver.getWithTTL(key: "s", as: String.self)?.ttl
        #expect(ttl != nil)
        try await driver.remove(key: "s")
        try await driver.set(key: "s", value: "third", expires: nil)
        #expect(try await driver.get(key: "s", as: String.self) == nil)
    }

    @Test func aForgottenPinIsRemovedOnTheMachineAndTheRunningServerNotices() async throws {
        let h = try A.Harness()
        try await h.app.test(.router) { client in
            let setter = try #require(try await A.answerGate(client).1)
            #expect(try await Self.put(#"{"pin":"4711"}"#, cookie: setter, client).status == .ok)
            let (asked, _) = try await A.answerGate(client)
            #expect(try A.decode(A.Reply.self, asked).pinRequired)
            // `feder forget-pin` on the laptop, while the server runs.
            #expect(try await ForgottenPIN.forget(in: h.services.database))
            #expect(try await !ForgottenPIN.forget(in: h.services.database), "nothing left to forget")
            let (gate, cookie) = try await A.answerGate(client)
            #expect(try A.decode(A.Reply.self, gate).signedIn && cookie != nil, "the number alone opens the door again")
            let state = try await client.execute(uri: "/api/v1/adult/state", method: .get, headers: [.cookie: cookie!])
            #expect(String(buffer: state.body).contains(#""pinSet":false"#))
        }
    }
}
