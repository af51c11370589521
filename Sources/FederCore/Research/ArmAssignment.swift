import Foundation

/// Which study arm a child belongs to, derived from its pseudonymous id alone, so that the same
/// child lands in the same arm on every machine and after every reinstall, and no list of
/// assignments has to be kept.
///
/// The hash (docs/RESEARCH.md): the id is trimmed and lower-cased, its UTF-8 bytes go through
/// 64-bit FNV-1a (offset basis 0xcbf29ce484222325, prime 0x100000001b3), the result through the
/// SplitMix64 finaliser (so every input bit reaches the low bits), and that number modulo 3 picks
/// `threePhase`, `guidedOnly` or `control` in this order. For random UUIDs each arm gets a third.
public enum ArmAssignment {
    /// The arms in the order the hash picks them.
    public static let arms: [StudyCondition] = [.threePhase, .guidedOnly, .control]

    public static func arm(for childID: String) -> StudyCondition {
        arms[Int(hash(childID) % UInt64(arms.count))]
    }

    /// The documented 64-bit hash of a child id.
    public static func hash(_ childID: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in childID.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().utf8 {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01b3
        }
        return splitMix64(h)
    }

    static func splitMix64(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

/// Why a child's arm is what it is.
public enum ArmSource: String, Sendable, Codable, CaseIterable {
    /// Not enrolled (or the study is off): the default condition, not study data.
    case notEnrolled
    /// Enrolled, arm from `ArmAssignment`.
    case derived
    /// Enrolled, arm set by a researcher (logged in `armChanges`).
    case override
}

/// Who consented to a child's enrolment: a role, never a name (the export is pseudonymous).
public enum ConsentGiver: String, Sendable, Codable, CaseIterable {
    case parent, guardian
}
