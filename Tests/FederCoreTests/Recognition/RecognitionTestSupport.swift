import Foundation
@testable import FederCore

/// Files the recognizer tests read, located relative to this source file (no bundle needed).
enum RecognitionTestSupport {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repositoryRoot = directory
        .deletingLastPathComponent()  // FederCoreTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()
    static let weightsURL = repositoryRoot.appendingPathComponent("Sources/FederCore/Resources/Recognizer/letters.fdrw")
    static let agreementURL = directory.appendingPathComponent("Fixtures/recognizer-agreement.json")

    private static let loaded = Result { try LetterRecognizer(weightsAt: weightsURL) }
    private static let fixture = Result {
        try JSONDecoder().decode(AgreementFixture.self, from: Data(contentsOf: agreementURL))
    }

    static func recognizer() throws -> LetterRecognizer { try loaded.get() }
    static func agreement() throws -> AgreementFixture { try fixture.get() }

    /// A fixture case by its intended label (letters drawn from hand-written coordinates by
    /// scripts/recognizer/export_fixture.py).
    static func drawn(_ label: String) throws -> [[Point]] {
        guard let c = try agreement().cases.first(where: { $0.label == label }) else {
            throw RecognitionError.unknownLabels([label])
        }
        return c.points
    }
}

struct AgreementFixture: Decodable, Sendable {
    struct Case: Decodable, Sendable {
        let name: String
        let label: String
        let strokes: [[[Double]]]
        let trajectory: [Float]
        let raster: [Float]
        let logits: [Float]
        let probabilities: [Double]
        let referenceTop: [String]
        let referenceTopProbabilities: [Double]

        var points: [[Point]] { strokes.map { $0.map { Point($0[0], $0[1]) } } }
    }
    /// Feder's own print glyphs (Resources/Glyphs/druck centerlines with a hand wobble) and what the
    /// reference recognised.
    struct GlyphCase: Decodable, Sendable {
        let name: String
        let label: String
        let strokes: [[[Double]]]
        let referenceTop: [String]
        let referenceExpectedProbability: Double

        var points: [[Point]] { strokes.map { $0.map { Point($0[0], $0[1]) } } }
    }
    let classes: [String]
    let temperature: Double
    let points: Int
    let raster: Int
    let cases: [Case]
    let glyphs: [GlyphCase]
}

extension Array where Element == [Point] {
    /// The strokes moved so that their left edge is at `x` (y unchanged).
    func placed(atX x: Double) -> [[Point]] {
        let minX = self.flatMap { $0 }.map(\.x).min() ?? 0
        return map { $0.map { Point($0.x - minX + x, $0.y) } }
    }

    var maxX: Double { flatMap { $0 }.map(\.x).max() ?? 0 }
}
