import Foundation
import Hummingbird

/// Refuses (403) every request whose `Origin` names another site than the one it was sent to, and
/// every request sent to a name this server does not go by (`KnownHosts`: a page elsewhere that
/// gave its name this machine's address): a page elsewhere must not drive Feder's API or open a
/// live session in a child's name. Requests without `Origin` (typed addresses, `curl`, same-origin
/// GETs) to a known name pass. Runs first, so it covers the JSON API and the files alike; the
/// WebSocket upgrade, which the router never sees, checks the same (`SessionServerChannel.mayUpgrade`).
struct SameOriginMiddleware<Context: RequestContext>: RouterMiddleware {
    let hosts: KnownHosts

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard hosts.allows(request.head.authority) else {
            context.logger.notice("refused a request to an unknown host name", metadata: ["host": "\(request.head.authority ?? "")", "path": "\(request.uri.path)"])
            throw AdultError(.forbidden, "unknown_host",
                             "Feder antwortet nur unter seiner IP-Adresse, localhost und dem Namen des Rechners. "
                             + "Einen weiteren Namen erlaubt feder serve --host-name NAME.")
        }
        if let origin = request.headers[.origin], !Self.isNonBrowserClient(origin),
           !Self.isSameOrigin(origin, authority: request.head.authority) {
            context.logger.notice("refused a request from a foreign origin", metadata: ["origin": "\(origin)", "path": "\(request.uri.path)"])
            throw AdultError(.forbidden, "foreign_origin", "Anfragen von einer anderen Seite werden nicht angenommen.")
        }
        return try await next(request, context)
    }

    /// Whether `origin` (`http://host:port`) names `authority` (the request's `Host`). `null` and
    /// unparseable origins are foreign.
    /// A `ws:`/`wss:` Origin is never sent by a browser (a page's origin is http or https, and pages
    /// cannot set the header); WebSocket client libraries send one made from the socket's URL.
    /// The check guards against other sites' pages, not against programs on this machine, which
    /// could leave the header out anyway.
    static func isNonBrowserClient(_ origin: String) -> Bool {
        let scheme = URL(string: origin)?.scheme?.lowercased()
        return scheme == "ws" || scheme == "wss"
    }

    static func isSameOrigin(_ origin: String, authority: String?) -> Bool {
        guard let authority, let url = URL(string: origin), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host?.lowercased() else { return false }
        let defaultPort = scheme == "https" ? 443 : 80
        let originHost = host.contains(":") ? "[\(host)]" : host
        let originAuthority = "\(originHost):\(url.port ?? defaultPort)"
        let requestAuthority = authority.lowercased()
        let withPort = requestAuthority.hasSuffix("]") || !requestAuthority.contains(":")
            ? "\(requestAuthority):\(defaultPort)" : requestAuthority
        return originAuthority == withPort
    }
}
