import FederStore

/// Where live sessions put attempts. The server uses the SQLite `AttemptStore`.
public protocol AttemptSink: Sendable {
    /// Inserts the attempt, or updates it when it already has an id; returns it with its id.
    func save(_ attempt: AttemptRecord) async throws -> AttemptRecord
}

extension AttemptStore: AttemptSink {}
