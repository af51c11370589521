import FederCore
import Foundation
import Hummingbird

/// On a classroom network, every request under the router's namespaces (`/api/`, `/v1/`) from a
/// device other than this machine needs the class code's cookie (`ClassCode`), except the two that
/// ask for and take the code. The web app's files pass: they hold no data, and the page needs them
/// to ask for the code. Without a class code (served on this machine alone) everything passes.
struct ClassCodeMiddleware: RouterMiddleware {
    typealias Context = FederRequestContext
    let classCode: ClassCode?

    static let required = AdultError(.forbidden, "class_code_required", "Dieses Gerät braucht zuerst den Klassencode.")

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let classCode, ChildRoutes.isGuarded(path: request.uri.path), !ClassCodeRoutes.isOwnRoute(request.uri.path),
           !classCode.admits(peer: context.remoteAddress, cookieHeader: request.headers[.cookie]) {
            throw Self.required
        }
        return try await next(request, context)
    }
}

/// Where a device asks whether it needs the class code and enters it: `GET /api/v1/class-code`
/// (`{"needed": bool}`) and `POST /api/v1/class-code {"code": "482913"}` (the cookie, or 403
/// `wrong_class_code`, or 429 while wrong codes keep it locked).
struct ClassCodeRoutes: Sendable {
    let classCode: ClassCode?
    let door: ClassCodeDoor

    static let path = "api/v1/class-code"

    static func isOwnRoute(_ path: String) -> Bool {
        path.split(separator: "/").joined(separator: "/") == Self.path
    }

    struct Need: ResponseEncodable { var needed: Bool }
    struct Entry: Decodable { var code: String }

    func register(on router: Router<FederRequestContext>) {
        router.get(RouterPath(Self.path)) { request, context -> Need in
            Need(needed: !(classCode?.admits(peer: context.remoteAddress, cookieHeader: request.headers[.cookie]) ?? true))
        }
        router.post(RouterPath(Self.path)) { request, context -> Response in
            guard let classCode else { return try Self.answer(Need(needed: false), cookie: nil, request: request, context: context) }
            let entry = try await request.decodeForAdults(as: Entry.self, context: context)
            switch await door.enter(entry.code, expected: classCode.code) {
            case .right:
                context.logger.notice("a device entered the class code", metadata: ["peer": "\(context.remoteAddress?.description ?? "-")"])
                return try Self.answer(Need(needed: false), cookie: classCode.setCookie, request: request, context: context)
            case .wrong:
                context.logger.notice("a wrong class code", metadata: ["peer": "\(context.remoteAddress?.description ?? "-")"])
                throw AdultError(.forbidden, "wrong_class_code", "Das ist nicht der Klassencode.")
            case .locked(let seconds):
                throw AdultError(.tooManyRequests, "locked", "Zu viele falsche Codes. Bitte in \(seconds) Sekunden wieder versuchen.",
                                 retryAfter: seconds)
            }
        }
    }

    private static func answer(_ need: Need, cookie: String?, request: Request, context: FederRequestContext) throws -> Response {
        var response = try need.response(from: request, context: context)
        if let cookie { response.headers[.setCookie] = cookie }
        return response
    }
}

/// Counts wrong class codes for every device together (`LockoutPolicy.classCode`).
actor ClassCodeDoor {
    enum Outcome: Equatable { case right, wrong, locked(seconds: Int) }

    private var lock = LockoutState()
    private let now: @Sendable () -> Date

    init(now: @escaping @Sendable () -> Date) { self.now = now }

    func enter(_ code: String, expected: String) -> Outcome {
        let at = now()
        if lock.isLocked(at: at) { return .locked(seconds: lock.secondsLeft(at: at)) }
        // Compared in constant time: a wrong code answers as fast whatever its digits.
        let matches = code.utf8.count == expected.utf8.count
            && zip(code.utf8, expected.utf8).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
        if matches {
            lock = lock.succeeding()
            return .right
        }
        lock = lock.failing(at: at, policy: .classCode)
        return lock.isLocked(at: at) ? .locked(seconds: lock.secondsLeft(at: at)) : .wrong
    }
}
