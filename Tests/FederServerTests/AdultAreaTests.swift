import FederCore
import FederStore
import GRDB
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import FederServer

/// The adult area's doors, tested through the real router: every registered route is either on the
/// child's short list or answers 401 without an adult session, every route refuses a foreign
/// Origin, and the gate, the PIN and the session behave as documented.
@Suite("Adult area")
struct AdultAreaTests {
    struct Harness: @unchecked Sendable {  // the router is only read once built
        let clock = ManualClock()
        let directory = ScratchDirectory(prefix: "feder-adult")
        let services: FederServices
        let router: Router<FederRequestContext>
        static let options = AdultOptions(sessionLength: .seconds(600), pinHashCost: 4)

        init() throws {
            services = FederServices(library: SessionConnectionTests.library,
                                     database: try FederDatabase(directory: directory.url),
                                     recognizer: nil, clock: clock.serverClock)
            router = FederApp.router(services: services, adult: Self.options, logger: Logger(label: "test"))
        }

        var app: some ApplicationProtocol { Application(router: router) }
    }

    /// A registered route with a concrete path for its pattern (`{id}` → a UUID, `{script}` → druck, `{char}` → M).
    struct Route: Sendable, CustomStringConvertible {
        var method: HTTPRequest.Method
        var pattern: String
        var uri: String
        var description: String { "\(method) \(pattern)" }
    }

    static func routes(_ router: Router<FederRequestContext>) -> [Route] {
        router.routes.map { Route(method: $0.method, pattern: $0.path.description, uri: concrete($0.path.description)) }
    }

    static func concrete(_ pattern: String) -> String {
        pattern
            .replacingOccurrences(of: "{script}", with: "druck")
            .replacingOccurrences(of: "{char}", with: "M")
            .replacingOccurrences(of: #"\{[a-z]+\}"#, with: "5b1f0a52-3c4e-4d7a-9a51-0c6f1f2b9e11", options: .regularExpression)
    }

    static func isOpen(_ route: Route) -> Bool {
        ChildRoutes.isOpen(method: route.method, path: route.uri)
    }

    /// The number the instruction spells out, found as a person would check it: the one whose words these are.
    static func solve(_ instruction: String) -> String {
        let words = instruction.replacingOccurrences(of: "Tippe die Zahl ", with: "").replacingOccurrences(of: ".", with: "")
        return String((0...999).first { GermanNumberWords.words($0) == words }!)
    }

    struct Task: Decodable { var id: String; var instruction: String; var keypad: [Int] }
    struct Reply: Decodable { var signedIn: Bool; var pinRequired: Bool; var pass: String? }
    struct Refusal: Decodable { struct Detail: Decodable { var code: String; var retryAfter: Int? }; var error: Detail }

    static func json(_ value: some Encodable) -> ByteBuffer { ByteBuffer(data: try! JSONEncoder().encode(value)) }
    static func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(buffer: response.body))
    }

    /// Solves the gate; returns the reply and the cookie (if a session began).
    static func answerGate(_ client: some TestClientProtocol, right: Bool = true) async throws -> (TestResponse, String?) {
        let task = try decode(Task.self, try await client.execute(uri: "/api/v1/adult/gate", method: .get))
        let answer = right ? solve(task.instruction) : String((Int(solve(task.instruction))! - 99 + 900) % 900 + 100)
        let response = try await client.execute(uri: "/api/v1/adult/gate", method: .post,
                                                body: json(["id": task.id, "answer": answer]))
        return (response, response.headers[.setCookie].map { String($0.split(separator: ";")[0]) })
    }

    @Test func everyRouteOffTheChildsListAnswers401WithoutAnAdultSession() async throws {
        let h = try Harness()
        let adultRoutes = Self.routes(h.router).filter { !Self.isOpen($0) }
        #expect(adultRoutes.count >= 15, "records, profiles, children, research, PIN…: \(adultRoutes)")
        try await h.app.test(.router) { client in
            for route in adultRoutes {
                let response = try await client.execute(uri: route.uri, method: route.method, body: Self.json(["x": 1]))
                #expect(response.status == .unauthorized, "\(route)")
                #expect(try Self.decode(Refusal.self, response).error.code == "adult_only", "\(route)")
            }
        }
    }

    @Test func everyRouteRefusesAForeignOriginEvenWithASession() async throws {
        let h = try Harness()
        try await h.app.test(.router) { client in
            let (_, cookie) = try await Self.answerGate(client)
            for route in Self.routes(h.router) {
                for origin in ["http://evil.example", "null", "http://localhost:9999"] {
                    var headers: HTTPFields = [.origin: origin]
                    headers[.cookie] = cookie
                    let response = try await client.execute(uri: route.uri, method: route.method, headers: headers)
                    #expect(response.status == .forbidden, "\(route) from \(origin)")
                }
            }
            // The test client sends its requests to "localhost": that origin passes.
            let same = try await client.execute(uri: "/api/v1/health", method: .get, headers: [.origin: "http://localhost"])
            #expect(same.status == .ok)
            // A WebSocket client library's origin (never a browser's) passes the origin check; an
            // adult route still wants the session.
            let program = try await client.execute(uri: "/api/v1/health", method: .get, headers: [.origin: "ws://127.0.0.1"])
            #expect(program.status == .ok)
            let adultOnly = try await client.execute(uri: "/api/v1/records", method: .get, headers: [.origin: "wss://evil.example"])
            #expect(adultOnly.status == .unauthorized)
        }
    }

    @Test func everyRouteLiesWhereTheGuardLooks() throws {
        let h = try Harness()
        for route in Self.routes(h.router) {
            #expect(ChildRoutes.isGuarded(path: route.uri), "\(route) is outside /api/ and /v1/")
        }
    }

    @Test func theChildsListHoldsOnlyGlyphsAvatarsTheOwnBoardWerkstattTheGateAndTheClassCode() throws {
        let h = try Harness()
        let open = Set(Self.routes(h.router).filter(Self.isOpen).map(\.description))
        #expect(open == [
            "GET /api/v1/health", "GET /api/v1/glyphs", "GET /api/v1/glyphs/{script}/{char}", "GET /api/v1/profiles",
            "GET /api/v1/profiles/{id}/progress", "GET /api/v1/werkstatt", "GET /api/v1/adult/state",
            "GET /api/v1/adult/gate", "POST /api/v1/adult/gate", "POST /api/v1/adult/pin",
            "GET /api/v1/class-code", "POST /api/v1/class-code",
        ])
        #expect(open.count == ChildRoutes.open.count, "every entry of the list is a real route")
    }

    @Test func aSolvedGateOpensTheAdultRoutesUntilTheSessionExpires() async throws {
        let h = try Harness()
        try await h.app.test(.router) { client in
            let (response, cookie) = try await Self.answerGate(client)
            #expect(try Self.decode(Reply.self, response).signedIn)
            let setCookie = try #require(response.headers[.setCookie])
            #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict") && setCookie.contains("Expires="))
            let signedIn = try await client.execute(uri: "/api/v1/children", method: .get, headers: [.cookie: cookie!])
            #expect(signedIn.status == .ok)
            h.clock.advance(601)
            let later = try await client.execute(uri: "/api/v1/children", method: .get, headers: [.cookie: cookie!])
            #expect(later.status == .unauthorized)
            _ = try await Self.answerGate(client)
            let sessions = try await h.services.database.writer.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM keyValue WHERE key LIKE 'adult.session.%'")
            }
            #expect(sessions == 1, "the expired session was deleted when the new one was stored")
        }
    }

    /// "Zuletzt geübt" on the class list: the day of the child's last writing, a letter left part-way
    /// included (before, only finished letters counted and such a child read "Noch nicht geübt").
    @Test func theClassListShowsTheLastDayAChildWroteEvenPartWay() async throws {
        struct Card: Decodable { var id: String; var lastPracticeDay: String? }
        let h = try Harness()
        let lessons = LessonStore(database: h.services.database)
        let now = h.clock.serverClock.wall()
        let child = try await lessons.children.create(avatar: Avatar(animal: .igel, colour: .gruen), now: now)
        let other = try await lessons.children.create(avatar: Avatar(animal: .eule, colour: .lila), now: now)
        _ = try await lessons.save(PhaseRecordRow(lessonID: "left", childID: child.id, condition: .threePhase, script: "druck",
                                                  glyph: "m", variant: "standard", phase: "guided", attempt: 1, outcome: "passed",
                                                  completed: false, pointer: .pen, startedAt: now, endedAt: now.addingTimeInterval(5),
                                                  activeSeconds: 5, score: 0.7, stars: nil, record: nil, ink: nil))
        let today = CalendarDay(now, timeZone: h.clock.serverClock.timeZone).description
        try await h.app.test(.router) { client in
            let (_, cookie) = try await Self.answerGate(client)
            let list = try Self.decode([Card].self, try await client.execute(uri: "/api/v1/children", method: .get, headers: [.cookie: cookie!]))
            #expect(list.first { $0.id == child.id }?.lastPracticeDay == today)
            #expect(list.contains { $0.id == other.id && $0.lastPracticeDay == nil })
            let one = try Self.decode(Card.self, try await client.execute(uri: "/api/v1/children/\(child.id)", method: .get, headers: [.cookie: cookie!]))
            #expect(one.lastPracticeDay == today)
        }
    }

    @Test func theSessionLivesInTheDatabaseSoASecondServerKnowsIt() async throws {
        let h = try Harness()
        let cookie = try await h.app.test(.router) { client in try await Self.answerGate(client).1 }
        // A new router over the same file stands for the restarted server.
        let restarted = FederApp.router(services: h.services, adult: Harness.options, logger: Logger(label: "test"))
        try await Application(router: restarted).test(.router) { client in
            let response = try await client.execute(uri: "/api/v1/records", method: .get, headers: [.cookie: cookie!])
            #expect(response.status == .ok)
            let logout = try await client.execute(uri: "/api/v1/adult/logout", method: .post, headers: [.cookie: cookie!])
            #expect(logout.status == .ok)
            let after = try await client.execute(uri: "/api/v1/records", method: .get, headers: [.cookie: cookie!])
            #expect(after.status == .unauthorized, "signing out ends the session")
        }
    }

    @Test func threeWrongNumbersLockTheGateForAMinute() async throws {
        let h = try Harness()
        try await h.app.test(.router) { client in
            for expected in [HTTPResponse.Status.forbidden, .forbidden, .tooManyRequests] {
                let (response, cookie) = try await Self.answerGate(client, right: false)
                #expect(response.status == expected)
                #expect(cookie == nil)
            }
            let locked = try await client.execute(uri: "/api/v1/adult/gate", method: .get)
            #expect(locked.status == .tooManyRequests)
            #expect(try Self.decode(Refusal.self, locked).error.retryAfter == 60)
            h.clock.advance(61)
            let (response, cookie) = try await Self.answerGate(client)
            #expect(response.status == .ok && cookie != nil)
        }
    }

    @Test func aTaskCanBeAnsweredOnlyOnce() async throws {
        let h = try Harness()
        try await h.app.test(.router) { client in
            let task = try Self.decode(Task.self, try await client.execute(uri: "/api/v1/adult/gate", method: .get))
            #expect(Set(task.keypad) == Set(0...9) && task.instruction.allSatisfy { !$0.isNumber })
            let body = Self.json(["id": task.id, "answer": Self.solve(task.instruction)])
            #expect(try await client.execute(uri: "/api/v1/adult/gate", method: .post, body: body).status == .ok)
            let again = try await client.execute(uri: "/api/v1/adult/gate", method: .post, body: body)
            #expect(again.status == .forbidden)
            #expect(try Self.decode(Refusal.self, again).error.code == "expired")
        }
    }

    @Test func withAPinTheGateAsksForItAndFiveWrongTriesLockItLongerEachTime() async throws {
        let h = try Harness()
        try await h.app.test(.router) { client in
            let (_, cookie) = try await Self.answerGate(client)
            let set = try await client.execute(uri: "/api/v1/adult/pin", method: .put, headers: [.cookie: cookie!],
                                               body: Self.json(["pin": "4711"]))
            #expect(set.status == .ok)
            let stored = try await KeyValueStore(database: h.services.database).get(GateKeeper.pinKey)
            let text = String(decoding: try #require(stored).value, as: UTF8.self)
            #expect(!text.contains("4711") && text.contains("$2b$"), "only a bcrypt hash is stored")

            func pass() async throws -> String {
                let (response, cookie) = try await Self.answerGate(client)
                #expect(cookie == nil, "no session before the PIN")
                return try #require(try Self.decode(Reply.self, response).pass)
            }
            func enter(_ pin: String, pass: String) async throws -> TestResponse {
                try await client.execute(uri: "/api/v1/adult/pin", method: .post, body: Self.json(["pass": pass, "pin": pin]))
            }
            var current = try await pass()
            let otherTab = try await pass()
            for _ in 0..<4 { #expect(try await enter("0000", pass: current).status == .forbidden) }
            let locked = try await enter("0000", pass: current)
            #expect(locked.status == .tooManyRequests)
            #expect(try Self.decode(Refusal.self, locked).error.retryAfter == 30)
            current = try await pass()
            #expect(try await enter("4711", pass: current).status == .tooManyRequests, "the right PIN waits for the lock too")
            h.clock.advance(31)
            // After a lock the number must be solved again: no pass from before or during it opens anything.
            for old in [current, otherTab] {
                let refused = try await enter("4711", pass: old)
                #expect(refused.status != .ok && refused.headers[.setCookie] == nil)
            }
            current = try await pass()
            for _ in 0..<5 { _ = try await enter("1234", pass: current) }
            current = try await pass()
            let second = try await enter("4711", pass: current)
            #expect(try Self.decode(Refusal.self, second).error.retryAfter == 60, "the second lock lasts twice as long")
            h.clock.advance(61)
            #expect(try await enter("4711", pass: current).status != .ok)
            current = try await pass()
            let right = try await enter("4711", pass: current)
            #expect(right.status == .ok && right.headers[.setCookie] != nil)
        }
    }

    @Test func anAdultChangeReachesTheChildsSettingsAndBadValuesAreRefused() async throws {
        let h = try Harness()
        let child = try await h.services.children.create(avatar: Avatar(animal: .fuchs, colour: .rot), now: Date())
        try await h.app.test(.router) { client in
            let (_, cookie) = try await Self.answerGate(client)
            let headers: HTTPFields = [.cookie: cookie!, .contentType: "application/json"]
            let uri = "/api/v1/children/\(child.id)"
            let ok = try await client.execute(uri: uri, method: .patch, headers: headers,
                                              body: ByteBuffer(string: #"{"sound":false,"letterScaleOverride":0.6,"name":"Mia","dailyGoal":3}"#))
            #expect(ok.status == .ok)
            let stored = try #require(try await h.services.children.find(id: child.id))
            #expect(!stored.settings.sound && stored.settings.letterScaleOverride == 0.6 && stored.displayName == "Mia"
                    && stored.settings.dailyGoal == 3)
            let back = try await client.execute(uri: uri, method: .patch, headers: headers, body: ByteBuffer(string: #"{"letterScaleOverride":null}"#))
            #expect(back.status == .ok)
            #expect(try await h.services.children.find(id: child.id)?.settings.letterScaleOverride == nil, "null is adaptive again")
            // A field the change does not know (a typo) is refused, not ignored with "saved"; so is a
            // name of one letter stacked with hundreds of combining marks (one character as counted).
            let stacked = "A" + String(repeating: "\u{0301}", count: 300)
            for bad in [#"{"dailyGoal":0}"#, #"{"letterScaleOverride":3}"#, #"{"script":"gothic"}"#, #"{"animal":"drache"}"#,
                        #"{"dailygoal":5}"#, #"{"dailyGoal":5,"colour2":"rot"}"#, #"{"name":"\#(stacked)"}"#] {
                let response = try await client.execute(uri: uri, method: .patch, headers: headers, body: ByteBuffer(string: bad))
                #expect(response.status == .badRequest, "\(bad)")
            }
            #expect(try await h.services.children.find(id: child.id)?.settings.dailyGoal == 3, "refused changes change nothing")
            // The refusal names the field, also where the decoder itself says only "not valid JSON"
            // (a number that is not whole or too large), and a body of null is no field at all.
            for (bad, says) in [(#"{"dailyGoal":1.5}"#, "„dailyGoal“ braucht eine ganze Zahl"),
                                (#"{"dailyGoal":99999999999999999999999}"#, "„dailyGoal“ braucht eine ganze Zahl"),
                                (#"{"dailyGoal":2.5,"toleranceOverride":0.85}"#, "Das Feld „dailyGoal“ braucht"),
                                ("null", "kein gültiges JSON-Objekt")] {
                let response = try await client.execute(uri: uri, method: .patch, headers: headers, body: ByteBuffer(string: bad))
                let message = String(buffer: response.body)
                #expect(response.status == .badRequest && message.contains(says), "\(bad): \(message)")
                #expect(!message.contains("toleranceOverride"), "a field that takes fractions is not blamed: \(message)")
            }
        }
    }

    @Test func theDisplayAndFeedbackSettingsAreStoredAndBadValuesRefused() async throws {
        let h = try Harness()
        let child = try await h.services.children.create(avatar: Avatar(animal: .igel, colour: .blau), now: Date())
        #expect(child.settings.haptics && child.settings.speechRate == .normal && child.settings.appearance == .system
                && !child.settings.highContrast && child.settings.lineWeight == .normal, "the defaults")
        try await h.app.test(.router) { client in
            let (_, cookie) = try await Self.answerGate(client)
            let headers: HTTPFields = [.cookie: cookie!, .contentType: "application/json"]
            let uri = "/api/v1/children/\(child.id)"
            let ok = try await client.execute(uri: uri, method: .patch, headers: headers, body: ByteBuffer(
                string: #"{"haptics":false,"speechRate":"slow","appearance":"dark","highContrast":true,"lineWeight":"thick"}"#))
            #expect(ok.status == .ok)
            let stored = try #require(try await h.services.children.find(id: child.id)).settings
            #expect(!stored.haptics && stored.speechRate == .slow && stored.appearance == .dark && stored.highContrast
                    && stored.lineWeight == .thick)
            for bad in [#"{"speechRate":"fast"}"#, #"{"appearance":"sepia"}"#, #"{"haptics":"no"}"#, #"{"highContrast":1}"#,
                        #"{"lineWeight":"bold"}"#] {
                let response = try await client.execute(uri: uri, method: .patch, headers: headers, body: ByteBuffer(string: bad))
                #expect(response.status == .badRequest, "\(bad)")
            }
            #expect(try await h.services.children.find(id: child.id)?.settings == stored, "refused changes change nothing")
        }
    }

    @Test func settingsStoredBeforeTheDisplaySettingsLoadWithTheirDefaults() throws {
        let old = #"{"courseOrder":"primer","dailyGoal":4,"sound":false,"captions":true,"openedSteps":0}"#
        let settings = try JSONDecoder().decode(ChildSettings.self, from: Data(old.utf8))
        #expect(settings.dailyGoal == 4 && !settings.sound && settings.captions)
        #expect(settings.haptics && settings.speechRate == .normal && settings.appearance == .system && !settings.highContrast
                && settings.lineWeight == .normal)
    }
}
