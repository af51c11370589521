import Foundation

/// All glyphs of a script as flattened polylines, for other tools:
/// `{"name": …, "glyphs": {"a": {"strokes": [[[x, y], …], …], "metrics": {…}}}}`, y down,
/// strokes in writing order and direction.
public struct GlyphExport: Encodable, Sendable {
    public struct Entry: Encodable, Sendable {
        public var variant: String
        public var width: Double
        public var strokes: [[Point]]
        public var metrics: [String: Double]
    }

    public var name: String
    public var glyphs: [String: Entry]

    /// - Parameter variantFor: which variant to export for a character (nil: the default).
    public init(library: GlyphLibrary, script: String, variantFor: (String, [String]) -> String? = { _, _ in nil }) throws {
        guard library.scripts[script] != nil else { throw GlyphLookupError.unknownScript(script) }
        name = script
        var glyphs: [String: Entry] = [:]
        for char in library.characters(in: script) {
            let ids = library.variants(of: char, script: script).map(\.variant)
            let glyph = try library.glyph(char, script: script, variant: variantFor(char, ids))
            glyphs[char] = Entry(variant: glyph.variant, width: glyph.width,
                                 strokes: glyph.strokes.map { $0.points.map { Point(round2($0.x), round2($0.y)) } },
                                 metrics: glyph.ruling.exportMetrics)
        }
        self.glyphs = glyphs
    }
}

private func round2(_ v: Double) -> Double { (v * 100).rounded() / 100 }
