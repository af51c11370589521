import FederCore
import Foundation
import Hummingbird
import HummingbirdAuth

/// The way into the adult area, under `/api/v1/adult`: the reading task, the PIN, the session's
/// state, signing out and setting the PIN. Task and PIN are open to anyone (they are the door);
/// signing out and the PIN setting need the session, and changing a PIN that is set needs a session
/// signed in with it or the session that set it.
struct GateRoutes: Sendable {
    let keeper: GateKeeper
    let options: AdultOptions
    let now: @Sendable () -> Date

    func register(on router: Router<FederRequestContext>) {
        let adult = router.group("api/v1/adult")
        adult.get("state") { _, context -> AdultState in
            AdultState(signedIn: context.isAdult, pinSet: try await keeper.pinIsSet)
        }
        adult.get("gate") { _, context -> GateTask in
            switch await keeper.issue(device: context.device) {
            case .success(let challenge): return GateTask(challenge)
            case .failure(let locked): throw Self.lockedError(locked.seconds)
            }
        }
        adult.post("gate") { request, context -> GateAnswerReply in
            let body = try await request.decodeForAdults(as: GateAnswer.self, context: context)
            return try self.reply(try await keeper.answer(challengeID: body.id, answer: body.answer, device: context.device), door: "gate", context: context)
        }
        adult.post("pin") { request, context -> GateAnswerReply in
            let body = try await request.decodeForAdults(as: PinEntry.self, context: context)
            return try self.reply(try await keeper.enterPIN(pass: body.pass, pin: body.pin), door: "pin", context: context)
        }
        adult.post("logout") { _, context -> AdultState in
            context.sessions.clearSession()
            return AdultState(signedIn: false, pinSet: try await keeper.pinIsSet)
        }
        adult.put("pin") { request, context -> AdultState in
            let body = try await request.decodeForAdults(as: PinSetting.self, context: context)
            // A PIN once set guards research data; changing or removing it needs the PIN too, or
            // anyone past the number task (or a session left open from before the PIN) could
            // remove it and read the research data.
            // The session that set the PIN in force may correct it for ten minutes (a typing
            // mistake shows only at the next sign-in otherwise, and then nobody could change it).
            if let inForce = try await keeper.pinHash, !context.signedInWithPIN,
               context.sessions.session?.mayCorrect(pinInForce: inForce, now: now()) != true {
                throw Self.pinChangeNeedsPIN
            }
            if let pin = body.pin, !(4...8).contains(pin.count) || !pin.allSatisfy({ $0.isASCII && $0.isNumber }) {
                throw AdultError(.badRequest, "bad_pin", "Die PIN hat 4 bis 8 Ziffern.")
            }
            let hash = try await keeper.setPIN(body.pin)
            if var session = context.sessions.session {
                // A correction keeps the window of the PIN first set: it does not renew it.
                let correcting = session.pinItSetAt != nil && session.pinItSet != nil && session.withPIN != true
                session.pinItSetAt = correcting ? session.pinItSetAt : now()
                session.pinItSet = hash
                _ = context.sessions.updateSession(session)
            }
            return AdultState(signedIn: true, pinSet: body.pin != nil)
        }
    }

    /// The answer to a try at `door` ("gate": the number, "pin"). Wrong tries and locks are logged
    /// (notice), so that someone guessing leaves a trace; nothing typed is written.
    private func reply(_ outcome: GateKeeper.Outcome, door: String, context: FederRequestContext) throws -> GateAnswerReply {
        switch outcome {
        case .wrong(let left):
            context.logger.notice("a wrong answer at the adults' door", metadata: ["door": "\(door)", "triesLeft": "\(left)"])
        case .locked(let seconds):
            context.logger.notice("the adults' door is locked", metadata: ["door": "\(door)", "seconds": "\(seconds)"])
        default: break
        }
        switch outcome {
        case .signedIn:
            context.sessions.createSession(AdultSession(signedInAt: now(), withPIN: door == "pin"), expiresIn: options.sessionLength)
            return GateAnswerReply(signedIn: true, pinRequired: false, pass: nil)
        case .pinRequired(let pass):
            return GateAnswerReply(signedIn: false, pinRequired: true, pass: pass)
        case .wrong(let triesLeft):
            throw AdultError(.forbidden, "wrong_answer", "Das war nicht richtig (\(triesLeft) \(triesLeft == 1 ? "Versuch" : "Versuche") bis zur Sperre).")
        case .locked(let seconds):
            throw Self.lockedError(seconds)
        case .unknown:
            throw AdultError(.forbidden, "expired", "Die Aufgabe ist abgelaufen. Bitte eine neue lösen.")
        }
    }

    static let pinChangeNeedsPIN = AdultError(.forbidden, "pin_required",
        "Die PIN ändern oder entfernen geht nur nach einer Anmeldung mit der PIN: bitte abmelden und mit der PIN wieder anmelden.")

    static func lockedError(_ seconds: Int) -> AdultError {
        AdultError(.tooManyRequests, "locked", "Zu viele falsche Versuche. Gesperrt für \(seconds) Sekunden.", retryAfter: seconds)
    }
}

struct AdultState: ResponseEncodable {
    var signedIn: Bool
    var pinSet: Bool
}

/// The task as the page shows it: the instruction in words and the keypad's order, never the number.
struct GateTask: ResponseEncodable {
    var id: String
    var instruction: String
    var keypad: [Int]
    init(_ challenge: GateChallenge) {
        id = challenge.id; instruction = challenge.instruction; keypad = challenge.keypad
    }
}

struct GateAnswer: Decodable { var id: String; var answer: String }
struct PinEntry: Decodable { var pass: String; var pin: String }
/// `{"pin": "1234"}` sets the PIN, `{"pin": null}` removes it; a body without `pin` (a misspelt key,
/// `{}`) is refused, so that no mistake removes the PIN.
struct PinSetting: Decodable {
    var pin: String?

    enum CodingKeys: String, CodingKey { case pin }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.contains(.pin) else {
            throw DecodingError.keyNotFound(CodingKeys.pin, .init(codingPath: [], debugDescription: "pin: a PIN, or null to remove it"))
        }
        pin = try container.decodeIfPresent(String.self, forKey: .pin)
    }
}

struct GateAnswerReply: ResponseEncodable {
    var signedIn: Bool
    var pinRequired: Bool
    var pass: String?
}
