import Foundation
import Testing
@testable import FederCore

/// The recognizer's bidirectional GRU against PyTorch's `nn.GRU(2, 2, bidirectional=True)` with
/// these (rounded) weights: the expected states were computed by torch, not by the formula under
/// test, so gate order, biases and the backward direction's running order are all checked.
@Suite struct RecurrentLayerTests {
    static let forward = GRUDirection(
        inputWeight: [-0.70, -0.56, -0.30, -0.67, -0.04, -0.62, 0.38, 0.34, 0.13, 0.55, -0.07, 0.42],
        inputBias: [-0.45, -0.44, -0.29, 0.14, -0.54, -0.54],
        hiddenWeight: [-0.50, -0.14, -0.63, -0.06, -0.46, 0.64, 0.49, 0.53, 0.21, -0.40, 0.64, -0.69],
        hiddenBias: [-0.34, 0.43, -0.51, -0.63, -0.61, -0.35],
        inputs: 2, hidden: 2)
    static let backward = GRUDirection(
        inputWeight: [-0.19, -0.70, -0.33, 0.01, 0.12, -0.10, -0.08, -0.46, 0.36, -0.17, -0.48, -0.17],
        inputBias: [0.50, 0.05, -0.52, -0.31, -0.53, -0.59],
        hiddenWeight: [-0.10, 0.65, 0.37, -0.29, -0.10, 0.62, 0.45, 0.18, -0.25, 0.59, 0.30, -0.31],
        hiddenBias: [0.02, -0.51, 0.38, 0.32, 0.15, 0.58],
        inputs: 2, hidden: 2)
    /// Two channels over three points, channel-major.
    static let input = Activation(shape: [2, 3], values: [0.5, 0.25, -0.5, -1.0, 0.75, 0.1])
    /// torch's output, transposed to channels × points: forward h0, h1, then backward h0, h1.
    static let torchStates: [Float] = [
        -0.4654774, -0.2646945, -0.5396363,
        -0.5485398, -0.4143778, -0.5013918,
        -0.2635675, -0.3816192, -0.3089968,
        -0.4053033, -0.3837936, -0.0592625,
    ]

    @Test func matchesTorchsBidirectionalGRU() {
        let layer = Layer.biGRU(BidirectionalGRU(forward: Self.forward, backward: Self.backward))
        let out = layer(Self.input)
        #expect(out.shape == [4, 3])
        #expect(layer.outputShape(for: [2, 3]) == [4, 3])
        for (got, want) in zip(out.values, Self.torchStates) {
            #expect(abs(got - want) < 1e-5, "\(got) vs \(want)")
        }
    }

    @Test func refusesAnInputOfTheWrongWidth() {
        let layer = Layer.biGRU(BidirectionalGRU(forward: Self.forward, backward: Self.backward))
        #expect(layer.outputShape(for: [3, 3]) == nil)
        #expect(layer.outputShape(for: [2, 3, 3]) == nil)
    }

    @Test func countsItsMultiplyAccumulates() {
        let layer = Layer.biGRU(BidirectionalGRU(forward: Self.forward, backward: Self.backward))
        // per point and direction: 3 gates × hidden 2 × (inputs 2 + hidden 2)
        #expect(layer.macs(for: [2, 3]) == 3 * 2 * (3 * 2 * 4))
    }
}

/// The GRU's vector exp, logistic and tanh against the C library's, over the range its gates see
/// and beyond (exp clamps its argument to [−87, 88]; the gates are saturated long before).
@Suite struct FastMathTests {
    static let samples: [Float] = stride(from: Float(-86), through: 86, by: 0.0137).map { $0 }

    @Test func expIsWithinAFewUnitsInTheLastPlace() {
        var worst: Float = 0
        for start in stride(from: 0, to: Self.samples.count - 8, by: 8) {
            let x = SIMD8<Float>(Self.samples[start..<(start + 8)])
            let y = FastMath.exp(x)
            for i in 0..<8 {
                let want = Foundation.exp(Double(x[i]))
                worst = max(worst, Float(abs(Double(y[i]) - want) / want))
            }
        }
        #expect(worst < 5e-7, "largest relative error \(worst)")
    }

    @Test func sigmoidAndTanhAreWithinAMillionth() {
        var worst: Double = 0
        for start in stride(from: 0, to: Self.samples.count - 8, by: 8) {
            let x = SIMD8<Float>(Self.samples[start..<(start + 8)]) / 4
            let s = FastMath.sigmoid(x), t = FastMath.tanh(x)
            for i in 0..<8 {
                let v = Double(x[i])
                worst = max(worst, abs(Double(s[i]) - 1 / (1 + Foundation.exp(-v))), abs(Double(t[i]) - Foundation.tanh(v)))
            }
        }
        #expect(worst < 1e-6, "largest absolute error \(worst)")
    }
}

/// A whole weights file with a recurrent front (scripts/recognizer/export_recurrent_fixture.py: a
/// tiny network of random weights with a bidirectional GRU before its trajectory convolutions, batch
/// norm folded on export) read by the Swift loader gives torch's logits on the fixture's drawn
/// letters — both the vector gate code (the first 8 of its 12 states) and the scalar rest — end to
/// end, from a file torch's own numbers check; the shipped file's GRU is checked by the agreement tests.
@Suite struct RecurrentWeightsFileTests {
    struct Reference: Decodable {
        struct Case: Decodable {
            let name: String
            let logits: [Float]
        }
        let weights: String
        let macs: Int
        let cases: [Case]
    }

    @Test func aRecurrentNetworkFromAWeightsFileGivesTorchsLogits() throws {
        let fixtures = RecognitionTestSupport.directory.appendingPathComponent("Fixtures")
        let reference = try JSONDecoder().decode(
            Reference.self, from: Data(contentsOf: fixtures.appendingPathComponent("recurrent-tiny.json")))
        let recognizer = try LetterRecognizer(weightsAt: fixtures.appendingPathComponent(reference.weights))
        #expect(recognizer.multiplyAccumulates == reference.macs)
        let drawn = try RecognitionTestSupport.agreement().cases
        #expect(reference.cases.count == 4)
        for want in reference.cases {
            let c = try #require(drawn.first { $0.name == want.name })
            let features = InkPreprocessor.Features(trajectory: c.trajectory, raster: c.raster)
            let logits = recognizer.model.logits(features)
            let d = zip(logits, want.logits).map { abs($0 - $1) }.max() ?? 1
            #expect(logits.count == want.logits.count)
            #expect(d < 1e-4, "\(want.name): logits differ from torch's by \(d)")
        }
    }
}
