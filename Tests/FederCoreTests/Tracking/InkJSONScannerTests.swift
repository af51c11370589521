import Foundation
import Testing
@testable import FederCore

/// The scanner is a shortcut for reading stored ink: it must read exactly what `JSONDecoder` reads
/// from what `Ink` encodes to, and hand everything else back to the decoder (nil).
@Suite("Ink JSON scanner")
struct InkJSONScannerTests {
    static func randomInk(_ rng: inout SplitMix64) -> Ink {
        let pointer = PointerKind.allCases.randomElement(using: &rng)!
        let strokes = (0..<Int.random(in: 0...4, using: &rng)).map { _ in
            (0..<Int.random(in: 1...30, using: &rng)).map { _ -> PenSample in
                let value = { (rng: inout SplitMix64) -> Double in
                    switch Int.random(in: 0..<5, using: &rng) {
                    case 0: return Double(Int.random(in: -500...500, using: &rng))
                    case 1: return Double.random(in: -1e6...1e6, using: &rng)
                    case 2: return Double.random(in: -1e-6...1e-6, using: &rng)
                    case 3: return [0.1, -0.0, 1e-300, 123456789.123456789, 5e-324].randomElement(using: &rng)!
                    default: return Double.random(in: 0...1, using: &rng)
                    }
                }
                let pen = pointer == .pen && Bool.random(using: &rng)
                return PenSample(x: value(&rng), y: value(&rng), t: value(&rng),
                                 pressure: pen ? Double.random(in: 0...1, using: &rng) : nil,
                                 tiltX: pen && Bool.random(using: &rng) ? value(&rng) : nil,
                                 tiltY: pen && Bool.random(using: &rng) ? value(&rng) : nil)
            }
        }
        return Ink(pointer: pointer, strokes: strokes)
    }

    @Test func readsExactlyWhatTheDecoderReadsFromEncodedInk() throws {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<300 {
            let ink = Self.randomInk(&rng)
            let json = String(decoding: try JSONEncoder().encode(ink), as: UTF8.self)
            let decoded = try JSONDecoder().decode(Ink.self, from: Data(json.utf8))
            let scanned = try #require(InkJSONScanner.ink(json), "\(json)")
            #expect(scanned == decoded)
            #expect(scanned.strokes.flatMap { $0.map(\.x.bitPattern) } == decoded.strokes.flatMap { $0.map(\.x.bitPattern) },
                    "the very same doubles")
        }
    }

    @Test func aSampleWithTiltXOnlyReadsAsTheDecoderReadsIt() throws {
        let json = #"{"pointer":"pen","strokes":[[[1,2,3,0.5,10]]]}"#
        #expect(InkJSONScanner.ink(json) == (try JSONDecoder().decode(Ink.self, from: Data(json.utf8))))
    }

    @Test func whitespaceAndKeyOrderDoNotMatter() {
        let json = #" { "strokes" : [ [ [1, 2.5, 3e-2 , null, 4, -5] ] , [] ] , "pointer" : "touch" } "#
        #expect(InkJSONScanner.ink(json) == Ink(pointer: .touch, strokes: [[PenSample(x: 1, y: 2.5, t: 0.03, pressure: nil, tiltX: 4, tiltY: -5)], []]))
    }

    @Test(arguments: [
        #"{"pointer":"pen"}"#, #"{"pointer":"pen","strokes":[[[1,2]]]}"#, #"{"pointer":"pen","strokes":[[[1,2,3,4,5,6,7]]]}"#,
        #"{"pointer":"quill","strokes":[]}"#, #"{"pointer":"pen","strokes":[],"extra":1}"#,
        #"{"pointer":"pen","strokes":[[["1",2,3]]]}"#, #"{"pointer":"pen","strokes":[[[1,2,3]]]} x"#,
        #"{"pointer":"pen","strokes":[[[1,2,3],]]}"#, #"{"pointer":"pe\n","strokes":[]}"#, #"{"pointer":"pen","strokes":[[[0x10,2,3]]]}"#,
        #"{"pointer":"pen","strokes":[[[inf,2,3]]]}"#, #"{"pointer":"pen","strokes":[[[1e999,2,3]]]}"#, "",
    ])
    func anythingUnexpectedIsLeftToTheDecoder(_ json: String) {
        #expect(InkJSONScanner.ink(json) == nil)
    }
}
