import Hummingbird

/// Every refusal of the JSON API is JSON with a code: the framework's own (a route that does not
/// exist, a method a route does not take, a body too large or that does not decode, a bad value)
/// were an empty body or a message without a code, which a program cannot tell apart.
struct JSONRefusalsMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix("/api/") else { return try await next(request, context) }
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            throw AdultError(error.status, Self.code(for: error.status), error.body ?? error.status.reasonPhrase)
        }
    }

    static func code(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 400: return "bad_request"
        case 404: return "not_found"
        case 405: return "method_not_allowed"
        case 413: return "too_large"
        default: return "refused"
        }
    }
}
