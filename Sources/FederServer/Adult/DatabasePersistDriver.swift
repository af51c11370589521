import FederStore
import Foundation
import Hummingbird

/// Hummingbird's key-value `PersistDriver` over Feder's SQLite file, so adult sessions survive a
/// restart of the server. Values are JSON; expiry follows the injected clock.
struct DatabasePersistDriver: PersistDriver {
    let store: KeyValueStore
    let now: @Sendable () -> Date

    init(database: FederDatabase, now: @escaping @Sendable () -> Date) {
        store = KeyValueStore(database: database, now: now)
        self.now = now
    }

    private func expiry(_ expires: Duration?) -> Date? {
        expires.map { now().addingTimeInterval($0.seconds) }
    }

    func create<Object: Codable & Sendable>(key: String, value: Object, expires: Duration?) async throws {
        guard try await store.create(key, try JSONEncoder().encode(value), expiresAt: expiry(expires)) else {
            throw PersistError.duplicate
        }
    }

    func set<Object: Codable & Sendable>(key: String, value: Object, expires: Duration?) async throws {
        let data = try JSONEncoder().encode(value)
        guard let expires else {
            // Without a new expiry the value keeps the one it had (Hummingbird's drivers do the
            // same), and an entry removed meanwhile stays removed: a session changed while it was
            // signed out (a PIN saved as "Abmelden" was tapped) came back without an expiry, for good.
            try await store.update(key, data)
            return
        }
        try await store.set(key, data, expiresAt: expiry(expires))
    }

    func get<Object: Codable & Sendable>(key: String, as: Object.Type) async throws -> Object? {
        try await getWithTTL(key: key, as: Object.self)?.object
    }

    func getWithTTL<Object: Codable & Sendable>(key: String, as: Object.Type) async throws -> (object: Object, ttl: Duration?)? {
        guard let entry = try await store.get(key) else { return nil }
        do {
            let object = try JSONDecoder().decode(Object.self, from: entry.value)
            return (object, entry.expiresAt.map { .seconds(max(0, $0.timeIntervalSince(now()))) })
        } catch {
            throw PersistError.invalidConversion
        }
    }

    func remove(key: String) async throws {
        try await store.remove(key)
    }
}
