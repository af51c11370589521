import FederCore
import Foundation

/// The child's profile as the page needs it after `hello`: how to lay out the page and what to honour.
struct ProfileInfo: Sendable, Equatable, Encodable {
    var name: String?
    var animal: Animal
    var colour: AvatarColour
    var handedness: Handedness?
    var pointer: PointerKind?
    var script: String
    /// Onboarding is still to do.
    var needsOnboarding: Bool
    /// An adult archived the child (it left the class): a tablet that remembers it asks who writes.
    var archived: Bool
    var sound: Bool
    var captions: Bool
    var haptics: Bool
    /// The voice's playback rate (1, or 0.85 for a child who needs it slower).
    var speechRate: Double
    /// `system`, `light` or `dark`.
    var appearance: ChildSettings.Appearance
    var highContrast: Bool
    /// `normal` or `thick`: the ruling, the model letter and the ink.
    var lineWeight: ChildSettings.LineWeight
}

/// Why this letter was picked (Schule's "Weiter").
struct PickInfo: Sendable, Equatable, Encodable {
    /// The letter is extra: today's round was already done.
    var extra: Bool
    /// Part of the round: new or weak, or a review.
    var kind: String
}

/// Werkstatt's answer: what Feder read and the stars to draw (the spoken lines follow as a `say` list).
struct ReadInfo: Sendable, Equatable, Encodable {
    var read: String
    var stars: Int?
    var matched: Bool?
    var say: [Utterance]
}

/// After a letter: how full today's jar is (0…1, drawn, never written), whether the round is
/// done, whether the streak is alive, and a sticker just earned.
struct ProgressInfo: Sendable, Equatable, Encodable {
    var jar: Double
    var roundDone: Bool
    var streak: Int
    var newSticker: String?
    var say: [Utterance]
    /// Paper transfer: the child writes the letter on paper now and rates it (`paper`).
    var paper = false
}
