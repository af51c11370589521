import Foundation

// The on-disk glyph format, version 1 (docs/GLYPHS.md). These types mirror the JSON exactly;
// `GlyphCompiler` turns them into checked, flattened `Glyph` values.

/// `script.json`: one per script folder.
public struct ScriptFile: Codable, Sendable, Equatable {
    public var format: String
    public var version: Int
    public var script: String
    public var name: String
    public var ruling: Ruling
}

/// One `<name>.json` file: a character and all its variants.
public struct GlyphFile: Codable, Sendable, Equatable {
    public var format: String
    public var version: Int
    public var char: String
    public var width: Double
    public var variants: [VariantFile]
    public var entry: Point?
    public var exit: Point?
}

public struct VariantFile: Codable, Sendable, Equatable {
    public var id: String
    public var note: String?
    public var strokes: [StrokeFile]
    /// Lint rules this variant deliberately breaks, each with the reason (`docs/GLYPHS.md`).
    public var exceptions: [String: String]?
}

public struct StrokeFile: Codable, Sendable, Equatable {
    /// SVG path subset: `M` once, then `L`, `Q`, `C` (absolute).
    public var d: String
    public var dot: Bool?
}

public enum GlyphFormat {
    public static let glyphFormat = "feder.glyph"
    public static let scriptFormat = "feder.script"
    public static let version = 1

    /// The ASCII file stem for a character: `upper-a`, `lower-a-umlaut`, `lower-sharp-s`, `digit-4`.
    public static func fileStem(for char: Character) -> String? {
        switch char {
        case "ß": return "lower-sharp-s"
        case "Ä": return "upper-a-umlaut"
        case "Ö": return "upper-o-umlaut"
        case "Ü": return "upper-u-umlaut"
        case "ä": return "lower-a-umlaut"
        case "ö": return "lower-o-umlaut"
        case "ü": return "lower-u-umlaut"
        default:
            guard let scalar = char.unicodeScalars.first, char.unicodeScalars.count == 1, scalar.isASCII else { return nil }
            if char.isNumber { return "digit-\(char)" }
            if char.isUppercase { return "upper-\(char.lowercased())" }
            if char.isLowercase { return "lower-\(char)" }
            return nil
        }
    }
}
