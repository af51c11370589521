import HTTPTypes
import Hummingbird

/// Headers that keep the page to itself: it runs only its own scripts and talks only to this server
/// (a script injected somewhere could not send a child's data elsewhere), no other site may frame it
/// (a grown-up's click could not be stolen), a browser does not guess file types, no address is
/// passed on as a referrer, and the JSON API — the class list, dashboards, exports — is never kept in
/// a cache.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var referrerPolicy: HTTPField.Name { HTTPField.Name("Referrer-Policy")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        // The live session's socket on this same server, named for browsers (older Safari) whose
        // 'self' does not cover ws:.
        let host = request.head.authority.map { " ws://\($0) wss://\($0)" } ?? ""
        response.headers[.contentSecurityPolicy] = "default-src 'self'; connect-src 'self'\(host); img-src 'self' data: blob:; "
            + "media-src 'self' data: blob:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[Self.referrerPolicy] = "no-referrer"
        if request.uri.path.hasPrefix("/api/") { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
