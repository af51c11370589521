import FederCore
import FederStore
import Foundation
import HummingbirdBcrypt

/// Keeps the doors of the adult area: the reading tasks handed out (in memory, five minutes each,
/// used once), the task's lock after wrong numbers (one per device: a child drumming on its tablet
/// locks that tablet, not the teacher's laptop), the passes between task and PIN, and the PIN
/// itself — a bcrypt hash and its lock-out, stored in SQLite so a restart neither forgets the PIN
/// nor opens a lock. One actor, so two tries cannot race past a lock: the PIN's state is read from
/// SQLite once and then kept here, and every try counts in it before the actor waits for anything
/// (an actor runs other calls while one awaits: 40 wrong PINs sent at once used to read the same
/// count, all answered "wrong", none "locked").
actor GateKeeper {
    enum Outcome: Equatable {
        case signedIn
        /// The task was solved; the PIN is asked next with this pass.
        case pinRequired(pass: String)
        case wrong(triesLeft: Int)
        case locked(seconds: Int)
        case unknown
    }

    struct PinState: Codable, Equatable {
        var hash: String?
        var lockout = LockoutState()

        /// The state stored in `store` (none stored: no PIN, no lock-out).
        static func stored(in store: KeyValueStore) async throws -> PinState {
            try await store.get(GateKeeper.pinKey).map { try JSONDecoder().decode(PinState.self, from: $0.value) } ?? PinState()
        }
    }

    static let challengeLifetime: TimeInterval = 5 * 60
    static let passLifetime: TimeInterval = 2 * 60
    static let pinKey = "adult.pin"
    /// Outstanding tasks kept at most (the oldest are dropped) …
    static let maxChallenges = 64
    /// … and per device: a child opening and closing the gate again and again drops its own
    /// tablet's older tasks, not the one the teacher is reading on the laptop.
    static let maxChallengesPerDevice = 4
    /// Devices whose task lock is kept at most; beyond it the locks long open are forgotten first.
    static let maxDeviceLocks = 512

    private let store: KeyValueStore
    private let now: @Sendable () -> Date
    private let hashCost: UInt8
    private var challenges: [String: (challenge: GateChallenge, issued: Date, device: String)] = [:]
    /// The reading task's lock of each device (its network address), while it matters.
    private var gateLocks: [String: LockoutState] = [:]
    private var passes: [String: Date] = [:]
    /// The PIN's state as stored, once read; every change is made here first, then written.
    private var pin: PinState?

    init(store: KeyValueStore, now: @escaping @Sendable () -> Date, hashCost: UInt8) {
        self.store = store
        self.now = now
        self.hashCost = hashCost
    }

    // MARK: The reading task

    /// A new task for `device`, or the seconds until that device's task lock opens.
    func issue(device: String = "") -> Result<GateChallenge, LockedError> {
        let now = now()
        let gateLock = gateLocks[device] ?? LockoutState()
        if gateLock.isLocked(at: now) { return .failure(LockedError(seconds: gateLock.secondsLeft(at: now))) }
        challenges = challenges.filter { now.timeIntervalSince($0.value.issued) < Self.challengeLifetime }
        let own = challenges.filter { $0.value.device == device }
        if own.count >= Self.maxChallengesPerDevice, let oldest = own.min(by: { $0.value.issued < $1.value.issued }) {
            challenges[oldest.key] = nil
        }
        if challenges.count >= Self.maxChallenges, let oldest = challenges.min(by: { $0.value.issued < $1.value.issued }) {
            challenges[oldest.key] = nil
        }
        var random = SystemRandomNumberGenerator()
        let challenge = GateChallenge.make(using: &random)
        challenges[challenge.id] = (challenge, now, device)
        return .success(challenge)
    }

    struct LockedError: Error, Equatable { var seconds: Int }

    /// Checks a typed answer from `device`; each task can be answered once.
    func answer(challengeID: String, answer: String, device: String = "") async throws -> Outcome {
        let now = now()
        var gateLock = gateLocks[device] ?? LockoutState()
        if gateLock.isLocked(at: now) { return .locked(seconds: gateLock.secondsLeft(at: now)) }
        guard let entry = challenges.removeValue(forKey: challengeID),
              now.timeIntervalSince(entry.issued) < Self.challengeLifetime else { return .unknown }
        guard entry.challenge.accepts(answer) else {
            gateLock = gateLock.failing(at: now, policy: .gate)
            keepGateLock(gateLock, of: device, now: now)
            if gateLock.isLocked(at: now) { return .locked(seconds: gateLock.secondsLeft(at: now)) }
            return .wrong(triesLeft: LockoutPolicy.gate.failuresPerLock - gateLock.failures)
        }
        gateLocks[device] = nil
        guard try await pinStateWithChangesFromOutside().hash != nil else { return .signedIn }
        let pass = Self.token()
        passes = passes.filter { now.timeIntervalSince($0.value) < Self.passLifetime }
        passes[pass] = now
        return .pinRequired(pass: pass)
    }

    /// Keeps `lock` as `device`'s. The map stays bounded: when full, the locks that opened longest
    /// ago go first (a device still locked is dropped only when every kept one is).
    private func keepGateLock(_ lock: LockoutState, of device: String, now: Date) {
        gateLocks[device] = lock
        guard gateLocks.count > Self.maxDeviceLocks else { return }
        let openest = gateLocks.min { ($0.value.lockedUntil ?? .distantPast) < ($1.value.lockedUntil ?? .distantPast) }
        if let openest { gateLocks[openest.key] = nil }
    }

    /// How many devices' task locks are kept (for a test of the bound).
    var keptDeviceLocks: Int { gateLocks.count }

    // MARK: The PIN

    var pinIsSet: Bool {
        get async throws { try await pinStateWithChangesFromOutside().hash != nil }
    }

    /// Checks the PIN after a solved task (`pass`).
    func enterPIN(pass: String, pin: String) async throws -> Outcome {
        // The only wait before the try is counted: the read of the PIN's state (a PIN removed by
        // `feder forget-pin` meanwhile is taken over; a try against the kept state wrote the old
        // PIN back). Every try counts in `pin` as it stands after that wait.
        _ = try await pinStateWithChangesFromOutside()
        var state = try await pinState()
        let now = now()
        guard let issued = passes[pass], now.timeIntervalSince(issued) < Self.passLifetime else { return .unknown }
        guard let hash = state.hash else { passes[pass] = nil; return .signedIn }
        if state.lockout.isLocked(at: now) {
            passes[pass] = nil  // after a lock the number must be solved again
            return .locked(seconds: state.lockout.secondsLeft(at: now))
        }
        if Bcrypt.verify(pin, hash: hash) {
            passes[pass] = nil
            state.lockout = state.lockout.succeeding()
            try await save(state)
            return .signedIn
        }
        state.lockout = state.lockout.failing(at: now, policy: .pin)
        if state.lockout.isLocked(at: now) { passes.removeAll() }
        try await save(state)
        if state.lockout.isLocked(at: now) {
            passes.removeAll()  // after a lock the number must be solved again, in every tab that solved it
            return .locked(seconds: state.lockout.secondsLeft(at: now))
        }
        return .wrong(triesLeft: LockoutPolicy.pin.failuresPerLock - state.lockout.failures)
    }

    /// The stored hash of the PIN in force (nil without one).
    var pinHash: String? {
        get async throws { try await pinStateWithChangesFromOutside().hash }
    }

    /// Sets (or with nil removes) the PIN and returns its hash; only a signed-in adult gets here.
    @discardableResult
    func setPIN(_ pin: String?) async throws -> String? {
        let before = try await pinState()
        var state = before
        state.hash = pin.map { Bcrypt.hash($0, cost: hashCost) }
        state.lockout = LockoutState()
        do {
            try await save(state)
        } catch {
            // Not stored: the PIN in force stays the stored one (a restart would bring it back).
            if self.pin?.hash == state.hash { self.pin = before }
            throw error
        }
        return state.hash
    }

    /// The PIN's state, read again from SQLite when the PIN there is not the one kept here: `feder
    /// forget-pin` removes a forgotten PIN (and its lock-out) on the laptop while the server runs.
    /// The stored state is taken over whole only when its hash differs — the wrong tries kept here
    /// for the same PIN, which may not be written yet, stay — and only when nothing here changed
    /// the state while the read waited.
    private func pinStateWithChangesFromOutside() async throws -> PinState {
        let kept = try await pinState()
        let stored = try await PinState.stored(in: store)
        guard pin == kept, stored.hash != kept.hash else { return pin ?? kept }
        pin = stored
        return stored
    }

    private func pinState() async throws -> PinState {
        if let pin { return pin }
        let state = try await PinState.stored(in: store)
        if let pin { return pin }  // another call read it (or changed it) while this one waited
        pin = state
        return state
    }

    /// Counts `state` at once (the next call sees it), then writes it.
    private func save(_ state: PinState) async throws {
        pin = state
        try await store.set(Self.pinKey, try JSONEncoder().encode(state), expiresAt: nil)
    }

    private static func token() -> String {
        var random = SystemRandomNumberGenerator()
        return (0..<24).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &random)) }.joined()
    }
}
