import FederCore
import Foundation

/// The child's profile as the page needs it after `hello`: how to lay out the page and what to honour.
public struct ProfileInfo: Sendable, Equatable, Encodable {
    public var name: String?
    public var animal: Animal
    public var colour: AvatarColour
    public var handedness: Handedness?
    public var pointer: PointerKind?
    public var script: String
    /// Onboarding is still to do.
    public var needsOnboarding: Bool
    public var sound: Bool
    public var captions: Bool
}

/// Why this letter was picked (Schule's "Weiter").
public struct PickInfo: Sendable, Equatable, Encodable {
    /// The letter is extra: today's round was already done.
    public var extra: Bool
    /// Part of the round: new or weak, or a review.
    public var kind: String
}

/// Werkstatt's answer: what Feder read and the stars to draw (the spoken lines follow as a `say` list).
public struct ReadInfo: Sendable, Equatable, Encodable {
    public var read: String
    public var stars: Int?
    public var matched: Bool?
    public var say: [Utterance]
}

/// After a letter: how full today's jar is (0…1, drawn, never written), whether the round is
/// done, whether the streak is alive, and a sticker just earned.
public struct ProgressInfo: Sendable, Equatable, Encodable {
    public var jar: Double
    public var roundDone: Bool
    public var streak: Int
    public var newSticker: String?
    public var say: [Utterance]
}
