import Hummingbird

/// Everything under the router's namespaces (`/api/`, `/v1/`) is for adults unless it is on
/// `ChildRoutes.open`: without an adult session such a request is answered 401. Deny by default, so
/// a new route cannot slip through unguarded (a test walks every registered route and checks that
/// each lies in a guarded namespace). Other paths are the web app's files, which hold no data:
/// they pass to the router, whose 404 lets `FileMiddleware` serve the file.
struct AdultOnlyMiddleware: RouterMiddleware {
    typealias Context = FederRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if ChildRoutes.isGuarded(path: path) && !context.isAdult && !ChildRoutes.isOpen(method: request.method, path: path) {
            throw AdultError.signInRequired
        }
        return try await next(request, context)
    }
}

/// The routes a child's page (and anyone on the machine) may use without an adult session: the
/// glyphs, the avatars for "Wer schreibt heute?", the child's own progress board, Werkstatt's
/// prompts, the live session, and the gate itself. Nothing here returns records.
enum ChildRoutes {
    struct Route: Hashable, CustomStringConvertible {
        var method: HTTPRequest.Method
        /// Path components; `:name` matches one component.
        var pattern: [Substring]
        init(_ method: HTTPRequest.Method, _ path: String) {
            self.method = method
            pattern = path.split(separator: "/")
        }
        var description: String { "\(method) /\(pattern.joined(separator: "/"))" }

        func matches(method: HTTPRequest.Method, components: [Substring]) -> Bool {
            guard method == self.method || (method == .head && self.method == .get), components.count == pattern.count else { return false }
            return zip(pattern, components).allSatisfy { $0.hasPrefix(":") ? !$1.isEmpty : $0 == $1 }
        }
    }

    static let open: [Route] = [
        Route(.get, "api/v1/health"),
        Route(.get, "api/v1/glyphs"),
        Route(.get, "api/v1/glyphs/:script/:char"),
        Route(.get, "api/v1/profiles"),
        Route(.get, "api/v1/profiles/:id/progress"),
        Route(.get, "api/v1/werkstatt"),
        Route(.get, "api/v1/adult/state"),
        Route(.get, "api/v1/adult/gate"),
        Route(.post, "api/v1/adult/gate"),
        Route(.post, "api/v1/adult/pin"),
        // The class code a device on the classroom network enters once (`ClassCodeRoutes`).
        Route(.get, "api/v1/class-code"),
        Route(.post, "api/v1/class-code"),
        // The live session (`/v1/session`) is no route: its WebSocket upgrade is taken before the
        // router, with the same origin check (`SessionServerChannel.mayUpgrade`).
    ]

    /// The router's namespaces: every API route and the live session live under these.
    static let guardedPrefixes = ["/api/", "/v1/"]

    static func isGuarded(path: String) -> Bool {
        let normalised = "/" + path.split(separator: "/").joined(separator: "/") + "/"
        return guardedPrefixes.contains { normalised.hasPrefix($0) }
    }

    static func isOpen(method: HTTPRequest.Method, path: String) -> Bool {
        let components = path.split(separator: "/")
        return open.contains { $0.matches(method: method, components: components) }
    }
}
