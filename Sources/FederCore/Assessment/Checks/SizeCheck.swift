import Foundation

/// "Too big, too small, off the lines": only meaningful when the ink sits on known ruling lines.
/// Size compares the letter's height with the glyph's (its width for flat glyphs); placement compares
/// where the letter's foot stands with where the glyph's foot stands on the ruling.
enum SizeCheck {
    struct Result: Sendable {
        /// Letter size / expected size (1 is right).
        var ratio: Double
        /// Letter height in x-heights.
        var height: Double
        var errors: [WritingError]
    }

    /// `bounds` is the ink's bounding box in glyph units on the page.
    static func run(bounds: Rect, glyph: Glyph, config: AssessmentConfig) -> Result {
        let target = glyph.inkBounds, unit = glyph.unit
        let useHeight = target.height >= config.sizeByHeightAspect * target.width
        let expected = useHeight ? target.height : target.width
        let actual = useHeight ? bounds.height : bounds.width
        let ratio = expected > 1e-9 ? actual / expected : 1
        var errors: [WritingError] = []
        let centre = bounds.center
        if ratio > config.tooBig {
            errors.append(WritingError(code: .tooBig, stroke: nil, at: centre, amount: ratio, tip: Phrases.tooBig))
        } else if ratio < config.tooSmall {
            errors.append(WritingError(code: .tooSmall, stroke: nil, at: centre, amount: ratio, tip: Phrases.tooSmall))
        }
        let footShift = (bounds.maxY - target.maxY) / unit
        if abs(footShift) > config.offLines {
            errors.append(WritingError(code: .offLines, stroke: nil, at: Point(centre.x, bounds.maxY), amount: footShift,
                                       tip: Phrases.offLines))
        }
        return Result(ratio: ratio, height: bounds.height / unit, errors: errors)
    }
}
