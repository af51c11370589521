import Foundation

/// A child's optional nickname, as adults type it: at most 40 characters as a person counts them,
/// and at most 80 Unicode scalars, so that letters stacked with hundreds of combining marks (one
/// "character" each) cannot fill the profile picker's reply with megabytes; and nothing a person
/// cannot see or that breaks the line, so that two names never look alike while they differ, and
/// no name turns the text after it around (right-to-left overrides).
public enum Nickname {
    public static let maxCharacters = 40
    public static let maxScalars = 80

    public enum Problem: Equatable, Sendable {
        case tooLong
        /// A line break, a tab or another control, or an invisible format character.
        case unseenCharacter
    }

    /// The name trimmed, nil when empty.
    public static func normalised(_ name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    public static func problem(_ name: String) -> Problem? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.count > maxCharacters || trimmed.unicodeScalars.count > maxScalars { return .tooLong }
        if trimmed.unicodeScalars.contains(where: isUnseen) { return .unseenCharacter }
        return nil
    }

    public static func fits(_ name: String) -> Bool { problem(name) == nil }

    /// Controls (line breaks, tabs), line and paragraph separators, and format characters (zero
    /// width spaces, direction marks and overrides) — but the zero-width joiners that hold emoji
    /// sequences and some scripts' letters together, and the tags that make a flag (England's).
    static func isUnseen(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        case .format: return scalar.value != 0x200C && scalar.value != 0x200D && !(0xE0020...0xE007F).contains(scalar.value)
        default: return false
        }
    }
}
