import Foundation
import Hummingbird

/// Research data — the study, the children's enrolment and consent, the dashboard, the export — is
/// behind the parent PIN as well as the gate (brief §8, §11): every research route needs a session
/// signed in with the PIN, else 403 `pin_required` and the page says what to do. A session opened
/// before a PIN was set (by the number task alone) does not count, even the one that set it: the
/// number task alone must never reach research data. The one exception is a paper-transfer rating
/// (`POST paper-ratings`): the parent's three faces on a child's dashboard are no research data
/// read, only one more rating written.
struct ResearchNeedsPIN: RouterMiddleware {
    typealias Context = FederRequestContext
    let keeper: GateKeeper

    static let noPIN = AdultError(.forbidden, "pin_required",
        "Forschungsdaten gibt es nur mit einer Eltern-PIN: bitte zuerst in der Klassenübersicht unter „Eltern-PIN“ eine PIN festlegen, dann abmelden und mit der PIN wieder anmelden.")
    static let notWithPIN = AdultError(.forbidden, "pin_required",
        "Forschungsdaten gibt es nur nach einer Anmeldung mit der Eltern-PIN: bitte abmelden und mit der PIN wieder anmelden.")

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let isRating = request.method == .post && request.uri.path.hasSuffix("/paper-ratings")
        if !isRating, !context.signedInWithPIN {
            throw try await keeper.pinIsSet ? Self.notWithPIN : Self.noPIN
        }
        return try await next(request, context)
    }
}
