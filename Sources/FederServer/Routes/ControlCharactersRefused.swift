import Foundation
import Hummingbird

/// Refuses a path that holds a control character once decoded (`%00`, `%0A`, …) or that does not
/// decode to UTF-8: no route or file has one, and the file system reads a name only up to a NUL, so
/// `/index.html%00.js` would serve the page as a script. The percent-escapes themselves are read, so
/// that an invalid byte beside the NUL (`%00%FF`, which Foundation cannot decode) does not hide it.
struct ControlCharactersRefused<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if Self.isRefused(request.uri.path) {
            throw HTTPError(.badRequest, message: "the path holds a control character or is not UTF-8")
        }
        return try await next(request, context)
    }

    static func isRefused(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard bytes.contains(UInt8(ascii: "%")) || bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return false }
        var i = 0
        while i < bytes.count {
            if bytes[i] < 0x20 || bytes[i] == 0x7F { return true }
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
               let value = UInt8(String(decoding: bytes[i + 1...i + 2], as: UTF8.self), radix: 16),
               value < 0x20 || value == 0x7F {
                return true
            }
            i += 1
        }
        return path.removingPercentEncoding == nil
    }
}
