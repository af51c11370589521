import Foundation

// The on-disk glyph format, version 2 (docs/GLYPHS.md); version 1 files load unchanged. These types mirror the JSON exactly;
// `GlyphCompiler` turns them into checked, flattened `Glyph` values.

/// `script.json`: one per script folder.
public struct ScriptFile: Codable, Sendable, Equatable {
    public var format: String
    public var version: Int
    public var script: String
    public var name: String
    public var ruling: Ruling
    /// Version 2: the script's slant in degrees (positive leans right). Glyph files are authored
    /// upright; the compiler slants them about the baseline.
    public var slant: Double? = nil
    /// Version 2: a joined (cursive) script: small letters carry entries and exits, words are joined.
    public var joined: Bool? = nil
    /// Version 2: a script whose digits this script shares (`"druck"`): looked up there.
    public var digitsFrom: String? = nil
}

/// One `<name>.json` file: a character and all its variants.
public struct GlyphFile: Codable, Sendable, Equatable {
    public var format: String
    public var version: Int
    public var char: String
    public var width: Double
    public var variants: [VariantFile]
    /// Joined scripts: where the join arrives and leaves (version 1: a bare `[x, y]`).
    public var entry: JoinPointFile?
    public var exit: JoinPointFile?
}

/// `entry` / `exit` of a glyph file. Version 2 writes `{"at": [x, y], "join": "baseline", "leadIn": 1}`;
/// version 1 wrote the bare point `[x, y]`, which still loads (with no join type).
public struct JoinPointFile: Codable, Sendable, Equatable {
    public var at: Point
    public var join: JoinType?
    /// Entries only: how many segments at the start of the first stroke are the lead-in.
    public var leadIn: Int?
    /// Entries only: how many segments a high join (from a middle exit) replaces instead, so that it
    /// runs along the middle line into the letter's up-stroke (default: `leadIn`).
    public var leadInHigh: Int?

    public init(at: Point, join: JoinType? = nil, leadIn: Int? = nil, leadInHigh: Int? = nil) {
        self.at = at; self.join = join; self.leadIn = leadIn; self.leadInHigh = leadInHigh
    }

    private enum CodingKeys: String, CodingKey { case at, join, leadIn, leadInHigh }

    public init(from decoder: any Decoder) throws {
        if let point = try? decoder.singleValueContainer().decode(Point.self) {
            self.init(at: point)
            return
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(at: try c.decode(Point.self, forKey: .at), join: try c.decodeIfPresent(JoinType.self, forKey: .join),
                  leadIn: try c.decodeIfPresent(Int.self, forKey: .leadIn),
                  leadInHigh: try c.decodeIfPresent(Int.self, forKey: .leadInHigh))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(at, forKey: .at)
        try c.encodeIfPresent(join, forKey: .join)
        try c.encodeIfPresent(leadIn, forKey: .leadIn)
        try c.encodeIfPresent(leadInHigh, forKey: .leadInHigh)
    }
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
    /// Version 2, joined scripts: written after the word's joined part (t-bar, x cross). Dots always are.
    public var lifted: Bool? = nil
}

public enum GlyphFormat {
    public static let glyphFormat = "feder.glyph"
    public static let scriptFormat = "feder.script"
    public static let version = 2

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
