import Foundation
import Testing
@testable import FederCore

/// The writer replaces `JSONEncoder` for stored ink: what it writes must read back — through the
/// decoder and through the scanner — as the very same ink, bit for bit, and it must refuse what JSON
/// cannot hold.
@Suite("Ink JSON writer")
struct InkJSONWriterTests {
    static func bits(_ ink: Ink) -> [UInt64?] {
        ink.strokes.flatMap { stroke in
            stroke.flatMap { s in [s.x.bitPattern, s.y.bitPattern, s.t.bitPattern, s.pressure?.bitPattern,
                                   s.tiltX?.bitPattern, s.tiltY?.bitPattern] }
        }
    }

    @Test func readsBackAsTheSameInkThroughTheDecoderAndTheScanner() throws {
        var rng = SplitMix64(seed: 29)
        for _ in 0..<400 {
            let ink = InkJSONScannerTests.randomInk(&rng)
            let json = try #require(InkJSONWriter.json(ink))
            let decoded = try JSONDecoder().decode(Ink.self, from: Data(json.utf8))
            #expect(decoded == ink, "\(json)")
            #expect(Self.bits(decoded) == Self.bits(ink), "the same doubles, -0.0 and subnormals included: \(json)")
            let scanned = try #require(InkJSONScanner.ink(json), "the scanner reads it without the decoder: \(json)")
            #expect(Self.bits(scanned) == Self.bits(ink))
        }
    }

    @Test func writesTheSameValueAsTheEncoder() throws {
        // Not the same bytes (the encoder writes 100.0 as 100), the same JSON value.
        var rng = SplitMix64(seed: 30)
        for _ in 0..<100 {
            let ink = InkJSONScannerTests.randomInk(&rng)
            let mine = try JSONSerialization.jsonObject(with: Data(try #require(InkJSONWriter.json(ink)).utf8)) as? NSDictionary
            let encoder = try JSONSerialization.jsonObject(with: JSONEncoder().encode(ink)) as? NSDictionary
            #expect(mine == encoder)
        }
    }

    @Test func samplesAloneAreAJSONArrayOfSamples() throws {
        let samples = [PenSample(x: 1, y: 2.5, t: 0.001), PenSample(x: -3, y: 4, t: 0.01, pressure: 0.5),
                       PenSample(x: 5, y: 6, t: 0.02, pressure: nil, tiltX: 10, tiltY: nil)]
        let json = try #require(InkJSONWriter.json(samples))
        #expect(json == "[[1.0,2.5,0.001],[-3.0,4.0,0.01,0.5],[5.0,6.0,0.02,null,10.0,null]]")
        #expect(try JSONDecoder().decode([PenSample].self, from: Data(json.utf8)) == samples)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func refusesNumbersJSONCannotHold(_ bad: Double) {
        #expect(InkJSONWriter.json(Ink(strokes: [[PenSample(x: bad, y: 0, t: 0)]])) == nil)
        #expect(InkJSONWriter.json([PenSample(x: 0, y: 0, t: 0, pressure: bad)]) == nil)
        #expect(InkJSONWriter.json([PenSample(x: 0, y: 0, t: 0, pressure: 1, tiltX: nil, tiltY: bad)]) == nil)
    }
}
