import Hummingbird

/// Logs, as an error, every failure of a route that is not an answer to the request (a storage
/// failure, a bug): Hummingbird answers those with 500 and logs them at debug only, so without this
/// a failed write on the JSON API or the adult area would leave no trace at the default level.
/// Errors that carry their own answer (`HTTPResponseError`: 400, 403, 404 …) are the client's
/// business and pass unlogged. On the API the 500 is JSON with the code `internal_error`.
struct UnexpectedErrorLoggingMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError {
            throw error
        } catch {
            context.logger.error("a request failed", metadata: ["method": "\(request.method)",
                                                                "path": "\(request.uri.path)",
                                                                "error": "\(error)"])
            // The API answers JSON with a code, as every other refusal (an empty 500 left the
            // adults' page without a word); what went wrong stays in the log, not in the answer.
            guard request.uri.path.hasPrefix("/api/") else { throw error }
            throw AdultError(.internalServerError, "internal_error",
                             "Der Server konnte das gerade nicht ausführen (Näheres steht in seinem Protokoll). Bitte später noch einmal versuchen.")
        }
    }
}
