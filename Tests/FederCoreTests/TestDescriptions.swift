import Testing
@testable import FederCore

// Parameterised tests name each glyph by its key (druck/A/standard) instead of dumping its geometry.
extension Glyph: CustomTestStringConvertible {
    public var testDescription: String { key }
}
