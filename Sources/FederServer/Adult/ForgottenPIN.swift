import FederStore
import Foundation

/// A forgotten parent PIN is removed on the machine that runs Feder (`feder forget-pin`): whoever
/// can open its data directory holds the data anyway, and no way through the browser may skip the
/// PIN. A running server notices at the next solved number task (`GateKeeper`).
public enum ForgottenPIN {
    /// Removes the PIN and its lock-out; true when a PIN was set.
    public static func forget(in database: FederDatabase) async throws -> Bool {
        let store = KeyValueStore(database: database)
        let state = try await GateKeeper.PinState.stored(in: store)
        try await store.remove(GateKeeper.pinKey)
        return state.hash != nil
    }
}
