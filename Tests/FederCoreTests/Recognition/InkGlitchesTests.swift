import Foundation
import Testing
@testable import FederCore

/// A device's glitches — a sample that jumps to (0, 0) and back, a tap far away — are no part of the
/// letter: the reader and the judge see the letter as if they were not there (`InkGlitches`).
@Suite("Ink glitches")
struct InkGlitchesTests {
    static let recognizer = try! LetterRecognizer.bundled()

    /// A letter's centerline far from the origin, in tablet-like units (as UNIPEN's are).
    static func letter(_ char: String, at offset: Point = Point(5000, 5000), scale: Double = 1) -> [[Point]] {
        TestInk.jittered(TestInk.centerline(TestInk.glyph(char)), amplitude: 1).strokes.map { stroke in
            stroke.map { Point(offset.x + scale * $0.x, offset.y + scale * $0.y) }
        }
    }

    @Test(arguments: ["a", "B", "k", "7"])
    func aSampleAtTheOriginAppendedToAStrokeIsDroppedAndTheLetterReadAsBefore(char: String) throws {
        let strokes = Self.letter(char)
        var glitched = strokes
        glitched[glitched.count - 1].append(Point(0, 0))
        #expect(InkGlitches.spikes(glitched) == [SamplePosition(stroke: glitched.count - 1, sample: glitched[glitched.count - 1].count - 1)])
        let plain = try Self.recognizer.recognize(strokes), read = try Self.recognizer.recognize(glitched)
        #expect(read.label == plain.label && abs(read.confidence - plain.confidence) < 1e-9)
        // Inside a stroke, out and back: the same.
        var inside = strokes
        inside[0].insert(Point(0, 0), at: inside[0].count / 2)
        #expect(try Self.recognizer.recognize(inside).label == plain.label)
    }

    /// Two glitches, in a row or in two strokes: both go (each was measured against a rest that
    /// still held the other, and two in a row were each other's near neighbour, a code review found).
    @Test func twoGlitchesInARowOrApartAreBothDropped() throws {
        let strokes = Self.letter("k")
        var inARow = strokes
        inARow[0] += [Point(0, 0), Point(0, 0)]
        var apart = strokes
        apart[0].append(Point(0, 0))
        apart[apart.count - 1].append(Point(9000, 0))
        let plain = try Self.recognizer.recognize(strokes)
        for glitched in [inARow, apart] {
            #expect(InkGlitches.spikes(glitched).count == 2)
            let read = try Self.recognizer.recognize(glitched)
            #expect(read.label == plain.label && abs(read.confidence - plain.confidence) < 1e-9)
        }
    }

    /// Sparse ink is no glitch: an i whose stem has two samples keeps both (its lower end lay far from
    /// its one neighbour against a rest of the top sample and the dot, a code review found).
    @Test func aSparseStemIsNotASpike() {
        let stem = [Point(100, 100), Point(100, 200)]
        let dot = (0..<6).map { Point(100 + Double($0), 70 + Double($0 % 2)) }
        #expect(InkGlitches.spikes([stem, dot]).isEmpty)
        #expect(InkGlitches.removed(from: [stem, dot]) == [stem, dot])
    }

    /// Klarheit reads the letter without the spike, as the reader does.
    @Test func klarheitReadsALetterWithASpikeAsWithout() throws {
        let glyph = TestInk.glyph("F")
        let ink = TestInk.jittered(TestInk.centerline(glyph), amplitude: 1)
        var strokes = ink.strokes
        let last = strokes[0].last!
        strokes[0].append(PenSample(x: last.x + 40 * glyph.unit, y: last.y + 40 * glyph.unit, t: last.t + 0.008, pressure: last.pressure))
        let plain = try #require(Clarity.judge(ink, expected: "F", recognizer: Self.recognizer))
        let judged = try #require(Clarity.judge(Ink(pointer: ink.pointer, strokes: strokes), expected: "F", recognizer: Self.recognizer))
        #expect(judged.recognized == plain.recognized && abs(judged.probability - plain.probability) < 1e-9)
    }

    @Test(arguments: ["a", "B", "k", "7"])
    func aTapFarFromTheLetterIsNotRead(char: String) throws {
        let strokes = Self.letter(char)
        let plain = try Self.recognizer.recognize(strokes)
        for tap in [Point(0, 0), Point(5000, 9000), Point(9000, 5000)] {
            let read = try Self.recognizer.recognize(strokes + [[tap]])
            #expect(read.label == plain.label && abs(read.confidence - plain.confidence) < 1e-9, "\(tap)")
        }
    }

    /// Nothing of a letter is taken for a glitch: not its dot however high real dots go, not a
    /// sparse stroke (an l of two samples), not the samples of any glyph in any units.
    @Test func nothingOfALetterIsAGlitch() throws {
        for glyph in TestInk.library.allGlyphs(in: "druck") + TestInk.library.allGlyphs(in: "schul") {
            for scale in [0.001, 1.0, 1000.0] {
                let strokes = TestInk.centerline(glyph).strokes.map { $0.map { Point(scale * $0.x, scale * $0.y) } }
                #expect(InkGlitches.removed(from: strokes) == strokes, "\(glyph.char) ×\(scale)")
            }
        }
        let stem = [Point(100, 100), Point(100, 160)]
        for up in [0.5, 1.5, 2.4] {
            let dot = [Point(101, 100 - up * 60)]
            #expect(InkGlitches.farTouches([stem, dot]).isEmpty, "a dot \(up) heights up")
        }
        #expect(InkGlitches.spikes([[Point(0, 0), Point(0, 100)], [Point(50, 0), Point(50, 100)]]).isEmpty)
    }

    /// An ink file: the spike is dropped before judging and counted among the repairs.
    @Test func anInkFileCountsTheDroppedSpike() throws {
        let glyph = TestInk.glyph("a")
        let strokes = TestInk.jittered(TestInk.centerline(glyph), amplitude: 1).strokes
            .map { $0.map { [$0.x + 4000, $0.y + 4000, $0.t] } }
        func file(_ strokes: [[[Double]]]) throws -> InkFile {
            try InkFile.decode(try JSONSerialization.data(withJSONObject: ["strokes": strokes]))
        }
        var glitched = strokes
        let last = glitched[glitched.count - 1].last!
        glitched[glitched.count - 1].append([0, 0, last[2] + 0.008])
        let plain = try AssessmentReport.assess(try file(strokes), glyph: glyph, phase: .freeWrite, recognizer: Self.recognizer)
        let judged = try AssessmentReport.assess(try file(glitched), glyph: glyph, phase: .freeWrite, recognizer: Self.recognizer)
        #expect(judged.repairs?.spikeSamples == 1)
        #expect(judged.stars == plain.stars && abs(judged.quality - plain.quality) < 1e-9)
        #expect(judged.errors.map(\.code) == plain.errors.map(\.code))
    }
}
