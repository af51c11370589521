import Foundation
import Hummingbird

/// Research data — the study, the children's enrolment and consent, the dashboard, the export — is
/// behind the parent PIN as well as the gate (brief §8, §11): until a PIN is set every research
/// route answers 403 `pin_required`, and the page says where to set one. Setting it needs the adult
/// session, so whoever sets it passed the gate; every later sign-in asks for it. The one exception
/// is a paper-transfer rating (`POST paper-ratings`): the parent's three faces on a child's
/// dashboard are no research data read, only one more rating written.
struct ResearchNeedsPIN<Context: RequestContext>: RouterMiddleware {
    let keeper: GateKeeper

    static var refusal: AdultError {
        AdultError(.forbidden, "pin_required",
                   "Forschungsdaten gibt es nur mit einer Eltern-PIN: bitte zuerst in der Klassenübersicht unter „Eltern-PIN“ eine PIN festlegen.")
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let isRating = request.method == .post && request.uri.path.hasSuffix("/paper-ratings")
        if !isRating, !(try await keeper.pinIsSet) { throw Self.refusal }
        return try await next(request, context)
    }
}
