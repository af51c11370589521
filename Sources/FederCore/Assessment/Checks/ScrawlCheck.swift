import Foundation

/// A scrawl that fills the letter's place: shape distances alone are lenient with plain letters (a
/// zigzag over an l stays near the line everywhere), but a scrawl has far more ink than the letter
/// has line. Overtracing a stroke or two stays well below the limit (`scrawlLength`, 3×).
enum ScrawlCheck {
    static func run(_ c: CheckContext) -> WritingError? {
        let letter = c.glyph.strokes.reduce(0) { $0 + $1.length }
        let ink = c.ink.reduce(0) { $0 + Polyline.length($1) }
        guard letter > 0, ink > c.config.scrawlLength * letter, let box = Polyline.bounds(c.ink) else { return nil }
        return WritingError(code: .extraStroke, stroke: nil, at: c.page(box.center), amount: ink / c.unit,
                            tip: Phrases.extraStroke)
    }
}
