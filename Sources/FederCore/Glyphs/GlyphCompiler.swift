import Foundation

/// Checks a decoded glyph file and turns each variant into a flattened `Glyph`.
public enum GlyphCompiler {
    /// Béziers are flattened to within this many units of the true curve.
    public static let flatteningTolerance = 0.25
    /// A dot stroke may be at most this long, as a fraction of the x-height.
    public static let maxDotLength = 0.2

    static func check(script: ScriptFile, folder: String) -> [String] {
        var problems: [String] = []
        if script.format != GlyphFormat.scriptFormat { problems.append("format must be \"\(GlyphFormat.scriptFormat)\"") }
        if script.version > GlyphFormat.version {
            problems.append("version \(script.version) is newer than this engine understands (\(GlyphFormat.version))")
        }
        if let slant = script.slant, !(slant.isFinite && abs(slant) < 30) {
            problems.append("slant must be a number of degrees between -30 and 30")
        }
        if script.script != folder { problems.append("script id '\(script.script)' must match its folder '\(folder)'") }
        let r = script.ruling
        if ![r.top, r.middle, r.base, r.bottom].allSatisfy(\.isFinite) || !(r.top < r.middle && r.middle < r.base && r.base < r.bottom) {
            problems.append("ruling lines must be finite and ordered top < middle < base < bottom (y grows down)")
        } else if abs(r.xHeight - 100) > 1e-9 {
            problems.append("the middle band (base - middle) must be 100 units, is \(r.xHeight)")
        }
        return problems
    }

    /// Compiles every variant of `file`; throws every problem found.
    public static func compile(_ file: GlyphFile, script: ScriptFile, fileName: String, expectedStem: String?) throws -> [Glyph] {
        var errors: [GlyphLoadError] = []
        func fail(_ problem: String, variant: String? = nil, stroke: Int? = nil) {
            errors.append(GlyphLoadError(file: fileName, glyph: file.char, variant: variant, stroke: stroke, problem: problem))
        }
        if file.format != GlyphFormat.glyphFormat { fail("format must be \"\(GlyphFormat.glyphFormat)\"") }
        if file.version > GlyphFormat.version {
            fail("version \(file.version) is newer than this engine understands (\(GlyphFormat.version))")
        }
        if file.char.unicodeScalars.count != 1 {
            fail("char must be exactly one character, got \"\(file.char)\"")
        } else if let expectedStem, let c = file.char.first {
            let stem = GlyphFormat.fileStem(for: c)
            if stem != expectedStem { fail("file name should be \(stem ?? "?").json for \"\(file.char)\"") }
        }
        if !(file.width.isFinite && file.width > 0) { fail("width must be a positive number") }
        if file.variants.isEmpty { fail("needs at least one variant") }
        let ids = file.variants.map(\.id)
        if Set(ids).count != ids.count { fail("variant ids must be unique") }

        let slanting = ScriptSlant(degrees: script.slant ?? 0, base: script.ruling.base).apply
        if let leadIn = file.entry?.leadIn, leadIn < 0 { fail("entry.leadIn must not be negative") }
        if let high = file.entry?.leadInHigh, high < (file.entry?.leadIn ?? 0) { fail("entry.leadInHigh must not be less than leadIn") }

        var glyphs: [Glyph] = []
        for variant in file.variants {
            if variant.id.isEmpty || !variant.id.allSatisfy({ ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }) {
                fail("variant id must be lowercase ASCII letters, digits and '-'", variant: variant.id)
            }
            if variant.strokes.isEmpty { fail("needs at least one stroke", variant: variant.id) }
            var strokes: [GlyphStroke] = []
            for (index, strokeFile) in variant.strokes.enumerated() {
                let path: PathData
                do {
                    path = try PathData.parse(strokeFile.d)
                } catch {
                    fail(error.description, variant: variant.id, stroke: index)
                    continue
                }
                let stroke = GlyphStroke(path: path.mapped(slanting), isDot: strokeFile.dot ?? false,
                                         isLifted: strokeFile.lifted ?? false)
                let unit = script.ruling.xHeight
                if stroke.length <= 1e-9 {
                    fail("stroke has zero length (a dot is a short line with \"dot\": true)", variant: variant.id, stroke: index)
                } else if stroke.isDot && stroke.length > maxDotLength * unit {
                    fail("a dot may be at most \(Int(maxDotLength * unit)) units long, is \(Int(stroke.length.rounded()))",
                         variant: variant.id, stroke: index)
                }
                strokes.append(stroke)
            }
            glyphs.append(Glyph(char: file.char, script: script.script, variant: variant.id, variantIDs: ids,
                                note: variant.note, width: file.width, ruling: script.ruling, strokes: strokes,
                                entry: file.entry.map { slanting($0.at) }, exit: file.exit.map { slanting($0.at) },
                                entryJoin: file.entry?.join, exitJoin: file.exit?.join,
                                leadInSegments: file.entry?.leadIn ?? 0,
                                highLeadInSegments: file.entry?.leadInHigh ?? file.entry?.leadIn ?? 0, joinedScript: script.joined ?? false, slant: script.slant ?? 0,
                                exceptions: variant.exceptions ?? [:]))
        }
        guard errors.isEmpty else { throw GlyphLoadErrors(errors: errors) }
        return glyphs
    }
}

/// The slant of a script: glyphs are authored upright and leaned right about the baseline
/// (a point `h` units above the baseline moves `h · tan(slant)` to the right).
public struct ScriptSlant: Sendable, Equatable {
    public var degrees: Double
    public var base: Double

    public init(degrees: Double, base: Double) {
        self.degrees = degrees
        self.base = base
    }

    var factor: Double { tan(degrees * Double.pi / 180) }

    public func apply(_ p: Point) -> Point { Point(p.x + (base - p.y) * factor, p.y) }
    /// Back to the upright authoring coordinates.
    public func upright(_ p: Point) -> Point { Point(p.x - (base - p.y) * factor, p.y) }
}
