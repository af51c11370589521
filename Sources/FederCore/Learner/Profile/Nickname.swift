import Foundation

/// A child's optional nickname, as adults type it: at most 40 characters as a person counts them,
/// and at most 80 Unicode scalars, so that letters stacked with hundreds of combining marks (one
/// "character" each) cannot fill the profile picker's reply with megabytes.
public enum Nickname {
    public static let maxCharacters = 40
    public static let maxScalars = 80

    /// The name trimmed, nil when empty.
    public static func normalised(_ name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    public static func fits(_ name: String) -> Bool {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.count <= maxCharacters && trimmed.unicodeScalars.count <= maxScalars
    }
}
