import Foundation

/// The four phases of a letter (gradual release of responsibility), in teaching order.
public enum LessonPhase: String, Sendable, Codable, CaseIterable {
    /// Anschauen: watch the guide dot write the letter.
    case observe
    /// Richtung lernen: tap the numbered start dots in stroke order.
    case direct
    /// Nachspuren: trace the letter along its checkpoints.
    case guided
    /// Selbst schreiben: write the letter from memory on the ruled lines.
    case freeWrite

    /// What the child hears when the phase begins.
    public var prompt: Utterance {
        switch self {
        case .observe: return Phrases.observe
        case .direct: return Phrases.direct
        case .guided: return Phrases.guided
        case .freeWrite: return Phrases.freeWrite
        }
    }

    /// What the child hears after a long silence in the phase: the prompt again, except where the
    /// prompt only makes sense as the phase begins ("Und jetzt du alleine.").
    public var reminder: Utterance {
        self == .freeWrite ? Phrases.freeWriteReminder : prompt
    }
}

/// The study arms. Written on every record.
public enum StudyCondition: String, Sendable, Codable, CaseIterable {
    /// All four phases, adaptive difficulty.
    case threePhase
    /// Guided tracing only, adaptive difficulty.
    case guidedOnly
    /// Guided tracing only, fixed difficulty: no adaptation of any kind.
    case control

    public var phases: [LessonPhase] {
        self == .threePhase ? LessonPhase.allCases : [.guided]
    }

    public var adapts: Bool { self != .control }
}
