import Foundation
import Testing
@testable import FederCore

/// Swift inference must reproduce the Python reference (scripts/recognizer: ink.py features,
/// model.py forward of the same weights file) on fixed inputs.
@Suite struct RecognizerAgreementTests {
    @Test func weightsMatchTheFixture() throws {
        let rec = try RecognitionTestSupport.recognizer()
        let fx = try RecognitionTestSupport.agreement()
        #expect(rec.labels == fx.classes)
        #expect(rec.labels.count == 69)
        #expect(abs(rec.temperature - fx.temperature) < 1e-9)
        #expect(fx.cases.count >= 20)
        let size = try FileManager.default.attributesOfItem(atPath: RecognitionTestSupport.weightsURL.path)[.size] as? Int ?? 0
        // The budget docs/RECOGNITION.md states for the bundled weights (v6, four networks: 5.3 MB).
        #expect(size > 0 && size <= 8_000_000)
    }

    @Test func featuresMatchTheReference() throws {
        let rec = try RecognitionTestSupport.recognizer()
        for c in try RecognitionTestSupport.agreement().cases {
            let f = try rec.model.preprocessor.features(c.points)
            #expect(f.trajectory.count == c.trajectory.count)
            #expect(f.raster.count == c.raster.count)
            let dt = zip(f.trajectory, c.trajectory).map { abs($0 - $1) }.max() ?? 0
            let dr = zip(f.raster, c.raster).map { abs($0 - $1) }.max() ?? 0
            #expect(dt < 1e-4, "trajectory of \(c.name) differs by \(dt)")
            #expect(dr < 1e-4, "raster of \(c.name) differs by \(dr)")
        }
    }

    @Test func outputsMatchTheReference() throws {
        let rec = try RecognitionTestSupport.recognizer()
        for c in try RecognitionTestSupport.agreement().cases {
            let f = try rec.model.preprocessor.features(c.points)
            let logits = rec.model.logits(f)
            let dl = zip(logits, c.logits).map { abs($0 - $1) }.max() ?? 0
            #expect(dl < 2e-3, "logits of \(c.name) differ by \(dl)")
            let r = try rec.recognize(c.points)
            let dp = zip(r.probabilities.map(\.probability), c.probabilities).map { abs($0 - $1) }.max() ?? 0
            #expect(dp < 1e-4, "probabilities of \(c.name) differ by \(dp)")
            #expect(r.label == c.referenceTop[0])
            #expect(r.top.map(\.label) == c.referenceTop)
            #expect(abs(r.probabilities.map(\.probability).reduce(0, +) - 1) < 1e-9)
        }
    }
}
