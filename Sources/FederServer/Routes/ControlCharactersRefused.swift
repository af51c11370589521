import Foundation
import Hummingbird

/// Refuses a path that holds a control character once decoded (`%00`, `%0A`, …): no route or file
/// has one, and the file system reads a name only up to a NUL, so `/index.html%00.js` would serve the
/// page as a script.
struct ControlCharactersRefused<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if path.contains("%"), let decoded = path.removingPercentEncoding,
           decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw HTTPError(.badRequest, message: "the path holds a control character")
        }
        return try await next(request, context)
    }
}
