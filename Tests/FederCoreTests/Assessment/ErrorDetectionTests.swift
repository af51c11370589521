import Foundation
import Testing
@testable import FederCore

/// iTrace's and Scribble's errors, each provoked on purpose.
@Suite("Error detection")
struct ErrorDetectionTests {
    @Test func swappedStrokesAreFlaggedInFreeWriting() {
        let t = TestInk.glyph("T")
        let a = FreeWriteAssessor.assess(TestInk.along([t.strokes[1].points, t.strokes[0].points]), glyph: t)
        #expect(a.errors.map(\.code) == [.strokeOrder])
        #expect(a.feedback.tips == [Phrases.firstAcross], "T's bar comes first")
        #expect(a.stars <= 2)
    }

    @Test func swappedStrokesAreFlaggedInGuidedTracing() {
        // H: the child traces the right stem first, then does it properly.
        let h = TestInk.glyph("H")
        let lines = [h.strokes[1].points] + h.strokes.map(\.points)
        let a = GuidedAssessor.assess(TestInk.along(lines), glyph: h)
        #expect(a.completed)
        #expect(a.errors.contains { $0.code == .strokeOrder && $0.stroke == 1 && $0.inkStroke == 0 })
        #expect(a.errors.first { $0.code == .strokeOrder }?.tip == Phrases.firstDown, "the left stem comes first")
        #expect(a.guided!.procedure < 1)
        #expect(a.stars <= 2)
    }

    @Test func aCutCornerOnLIsFlagged() {
        let l = TestInk.glyph("L")
        let cut = [Point(20, 0), Point(20, 150), Point(70, 200), Point(120, 200)]
        for a in [FreeWriteAssessor.assess(TestInk.along([cut]), glyph: l), GuidedAssessor.assess(TestInk.along([cut]), glyph: l)] {
            let corner = a.errors.first { $0.code == .cornerCut }
            #expect(corner != nil, "\(a.phase)")
            #expect(corner?.tip.text == "Fahr ganz bis in die Ecke.")
        }
        // The corner point is where it is marked (guided: the ink is not moved).
        let g = GuidedAssessor.assess(TestInk.along([cut]), glyph: l)
        #expect(g.errors.first { $0.code == .cornerCut }?.at == Point(20, 200))
    }

    @Test func aCutCornerOnVIsFlagged() {
        let v = TestInk.glyph("V")
        let cut = [Point(15, 0), Point(75, 160), Point(105, 160), Point(165, 0)]
        #expect(FreeWriteAssessor.assess(TestInk.along([cut]), glyph: v).errors.contains { $0.code == .cornerCut })
        #expect(GuidedAssessor.assess(TestInk.along([cut]), glyph: v).errors.contains { $0.code == .cornerCut })
        // A clean V has none.
        #expect(FreeWriteAssessor.assess(TestInk.centerline(v), glyph: v).errors.isEmpty)
    }

    @Test func retracedCornersAreCornersToo() {
        // n goes down the stem and back up. Turning back halfway is a cut; going all the way is not.
        let n = TestInk.glyph("n")
        #expect(GuidedAssessor.assess(TestInk.centerline(n), glyph: n).errors.isEmpty)
        var short = n.strokes[0].points
        short[1] = Point(20, 160)  // the stem stops 0.4 x-heights above the baseline
        let a = FreeWriteAssessor.assess(TestInk.along([short]), glyph: n)
        #expect(a.errors.contains { $0.code == .cornerCut || $0.code == .notCovered })
    }

    @Test func runningOnPastTheEndIsAnOvershoot() {
        let l = TestInk.glyph("l")
        let a = GuidedAssessor.assess(TestInk.along([[Point(20, 0), Point(20, 250)]]), glyph: l)
        let over = a.errors.first { $0.code == .overshoot }
        #expect(over != nil)
        #expect(abs((over?.amount ?? 0) - 0.5) < 0.05)
        #expect(over?.tip.text == "Hör am Ende der Linie auf.")
        // Stopping at the end is fine.
        #expect(GuidedAssessor.assess(TestInk.along([[Point(20, 0), Point(20, 200)]]), glyph: l).errors.isEmpty)
    }

    @Test func freeWritingNamesAnOvershootOnlyPastItsOwnLimit() {
        // An O closed a little past its start is how most people close one; in free writing, with no
        // line to stop at, that is not yet an overshoot (0.35 x-heights, set on real letters), while
        // tracing the same ink over the shown line (0.25) is. Running on further is named in both.
        let o = TestInk.glyph("O")
        let line = o.strokes[0].points
        func roundAndOn(by distance: Double) -> [[Point]] {
            let on = line.indices.dropFirst().first { line[$0].distance(to: line[0]) >= distance * o.unit }!
            return [line + line[1...on]]
        }
        let closedPast = roundAndOn(by: 0.3)
        #expect(!FreeWriteAssessor.assess(TestInk.along(closedPast), glyph: o).errors.contains { $0.code == .overshoot })
        #expect(GuidedAssessor.assess(TestInk.along(closedPast), glyph: o).errors.contains { $0.code == .overshoot })
        let runOn = FreeWriteAssessor.assess(TestInk.along(roundAndOn(by: 0.5)), glyph: o)
        let over = runOn.errors.first { $0.code == .overshoot }
        #expect(over != nil)
        #expect((over?.amount ?? 0) > AssessmentConfig().freeOvershoot)
        // Writing alone, no line is shown: the tip speaks of the stroke ("Linie" would be a ruled line).
        #expect(over?.tip == Phrases.overshootFree)
    }

    @Test func aLineWrittenBesideItsPlaceIsNotAMissingPiece() {
        // A T whose stem bows out to the right by 0.45 x-heights: the middle of the model's stem has no
        // ink within the cover radius, but the stem's own ink runs beside it. That is the letter's
        // shape (Form is lower), not "Da fehlt noch ein Stück."; a stem stopped 0.8 short is.
        let t = TestInk.glyph("T")
        let stem = Polyline.resample(t.strokes[1].points, count: 81)
        let bowed = stem.indices.map { k -> Point in
            let bow = 0.45 * t.unit * sin(Double.pi * Double(k) / Double(stem.count - 1))
            return Point(stem[k].x + bow, stem[k].y)
        }
        let written = FreeWriteAssessor.assess(TestInk.along([t.strokes[0].points, bowed]), glyph: t)
        #expect(!written.errors.contains { $0.code == .notCovered || $0.code == .missingStroke }, "\(written.errors.map(\.code))")
        #expect((written.motor?.form ?? 1) < (FreeWriteAssessor.assess(TestInk.centerline(t), glyph: t).motor?.form ?? 0))
        // Without the rule (nothing counts as beside), the bow's middle was a missing piece.
        var noBeside = AssessmentConfig()
        noBeside.besideRadius = 0
        let before = FreeWriteAssessor.assess(TestInk.along([t.strokes[0].points, bowed]), glyph: t,
                                              options: AssessmentOptions(config: noBeside))
        #expect(before.errors.contains { $0.code == .notCovered && $0.stroke == 1 })
        // An H whose right stem stops 0.8 x-heights short: nothing runs beside the rest of it.
        let h = TestInk.glyph("H")
        let end = h.strokes[1].points.last!
        let short = [h.strokes[1].points[0], Point(end.x, end.y - 0.8 * h.unit)]
        let stopped = FreeWriteAssessor.assess(TestInk.along([h.strokes[0].points, short, h.strokes[2].points]), glyph: h)
        #expect(stopped.errors.contains { $0.code == .notCovered && $0.stroke == 1 }, "\(stopped.errors.map(\.code))")
    }

    @Test func leavingTheCorridorSaysWhere() {
        // A bulge 0.6 x-heights to the right halfway down the stem.
        let l = TestInk.glyph("l")
        let bulge = [Point(20, 0), Point(20, 70), Point(80, 100), Point(20, 130), Point(20, 200)]
        let a = GuidedAssessor.assess(TestInk.along([bulge]), glyph: l)
        let off = a.errors.first { $0.code == .leftCorridor }
        #expect(off != nil)
        #expect(off!.at.distance(to: Point(80, 100)) < 5)
        #expect(abs(off!.amount! - 0.6) < 0.03)
        #expect(off!.tip.text == "Bleib auf der Linie.")
        // Writing alone there is no line to stay on but the ruled ones: the tip speaks of the stroke
        // (an H, whose other strokes hold the fit where it is, its left stem bulging out to the left).
        let h = TestInk.glyph("H")
        let leftBulge = [Point(20, 0), Point(20, 70), Point(-40, 100), Point(20, 130), Point(20, 200)]
        let written = FreeWriteAssessor.assess(TestInk.along([leftBulge, h.strokes[1].points, h.strokes[2].points]), glyph: h)
        #expect(written.errors.first { $0.code == .leftCorridor }?.tip == Phrases.leftCorridorFree)
        #expect(!written.feedback.tips.contains { $0.text.contains("Linie") || $0.text.contains("Pfeil") })
    }

    @Test func anUncoveredPartSaysWhichPart() {
        // The child traces only the top half of l, then lifts.
        let l = TestInk.glyph("l")
        let a = GuidedAssessor.assess(TestInk.along([[Point(20, 0), Point(20, 100)]]), glyph: l)
        #expect(!a.completed)
        let gap = a.errors.first { $0.code == .notCovered }
        #expect(gap != nil)
        #expect(gap!.from! > 0.5 && gap!.from! < 0.65)
        #expect(gap!.to! == 1)
        #expect(abs(gap!.at.y - 160) < 15)
        #expect(abs(a.guided!.coverage - 0.59) < 0.03)
    }

    @Test func aMissingDotIsNamed() {
        let i = TestInk.glyph("i")
        let a = FreeWriteAssessor.assess(TestInk.along([i.strokes[0].points]), glyph: i)
        #expect(a.errors.map(\.code) == [.missingStroke])
        #expect(a.errors[0].stroke == 1)
        #expect(a.feedback.tips == [Phrases.missingDot])
    }

    @Test func sizeAndPlaceOnTheLines() {
        let a = TestInk.glyph("a")
        func codes(_ scale: Double, _ dy: Double) -> [ErrorCode] {
            FreeWriteAssessor.assess(TestInk.centerline(a).placed(by: Placement(scale: scale, offset: Point(0, dy))), glyph: a)
                .errors.map(\.code)
        }
        #expect(codes(1, 0) == [])
        #expect(codes(1.6, -120) == [.tooBig])
        #expect(codes(0.5, 100) == [.tooSmall])
        #expect(codes(1, -60) == [.offLines])
        // Without ruling lines (bounding-box placement) size is not judged.
        let unplaced = FreeWriteAssessor.assess(TestInk.centerline(a).placed(by: Placement(scale: 2, offset: .zero)), glyph: a,
                                                options: AssessmentOptions(placement: .boundingBox))
        #expect(unplaced.errors.isEmpty)
        #expect(unplaced.kinematics.sizeRatio == nil)
    }

    @Test func atMostTwoTipsMostImportantFirst() {
        // Reversed, started at the far end, too big and off the lines: four errors, two tips.
        let l = TestInk.glyph("l")
        let a = FreeWriteAssessor.assess(TestInk.along([[Point(20, 400), Point(20, 0)]]), glyph: l)
        #expect(a.errors.count >= 3)
        #expect(a.feedback.tips == [Phrases.startTopFree, Phrases.reversedFree])
        #expect(a.errors.map(\.code.rank) == a.errors.map(\.code.rank).sorted())
    }

    @Test func everyTipIsShortGermanWithoutNumbers() {
        let all = [Phrases.startTop, Phrases.startBottom, Phrases.startDot, Phrases.startTopFree, Phrases.startBottomFree, Phrases.startMiddleFree,
                   Phrases.reversed, Phrases.reversedFree, Phrases.strokeOrder, Phrases.strokeOrderFree,
                   Phrases.missingStroke, Phrases.missingDot, Phrases.notCovered, Phrases.leftCorridor, Phrases.leftCorridorFree,
                   Phrases.cornerCut, Phrases.overshoot, Phrases.overshootFree, Phrases.tooBig, Phrases.tooSmall, Phrases.offLines, Phrases.extraStroke, Phrases.wrongDot, Phrases.anotherLetter]
            + Phrases.praise.flatMap { $0 } + Phrases.onward
        for u in all {
            #expect(!u.text.contains { $0.isNumber }, "\(u.text)")
            #expect(u.text.split(separator: " ").count <= 6, "\(u.text)")
        }
        #expect(Set(all.map(\.key)).count == all.count)
    }

    @Test func aShorterStrokeBegunAtItsBeginningHasNoWrongStart() {
        // H's left stem (20,0)→(20,200) begun 0.7 x-heights down and written to its foot: the child
        // began the stem where a stem begins and left its top out. That is a missing piece
        // ("Da fehlt noch ein Stück."), not a start at the wrong place.
        let h = TestInk.glyph("H")
        let right = h.strokes[1].points, bar = h.strokes[2].points
        let short = FreeWriteAssessor.assess(TestInk.along([[Point(20, 70), Point(20, 200)], right, bar]), glyph: h)
        #expect(!short.errors.contains { $0.code == .wrongStart })
        #expect(short.errors.contains { $0.code == .notCovered && $0.stroke == 0 })
        #expect(short.feedback.tips == [Phrases.notCovered])
        // Begun at the same place, but its top written afterwards: the child wrote the line before the
        // place it began, so it began at the wrong place.
        let late = FreeWriteAssessor.assess(
            TestInk.along([[Point(20, 70), Point(20, 200)], [Point(20, 0), Point(20, 70)], right, bar]), glyph: h)
        #expect(late.errors.contains { $0.code == .wrongStart && $0.stroke == 0 })
        #expect(late.feedback.tips.first == Phrases.startTopFree)
        #expect(late.stars == 2, "a plan error caps a neat letter at two")
    }

    @Test func aLineBegunInItsMiddleAndFinishedLaterIsAWrongStart() {
        // A 2, a d's bowl, a C begun half way along, written to the end, then their first half added:
        // no ink stroke is the whole line, but the child began in the middle. Before, such a letter
        // earned three stars without a word. Written in two pieces the taught way round, it is fine.
        for char in ["2", "d", "C", "S", "U"] {
            let glyph = TestInk.glyph(char)
            let line = glyph.strokes[0].points
            let middle = line.count / 2
            let rest = glyph.strokes.dropFirst().map(\.points)
            let late = FreeWriteAssessor.assess(TestInk.along([Array(line[middle...]), Array(line[...middle])] + rest), glyph: glyph)
            #expect(late.errors.contains { $0.code == .wrongStart && $0.stroke == 0 }, "\(char): \(late.errors.map(\.code))")
            #expect(late.stars <= 2)
            let inOrder = FreeWriteAssessor.assess(TestInk.along([Array(line[...middle]), Array(line[middle...])] + rest), glyph: glyph)
            #expect(!inOrder.errors.contains { $0.code == .wrongStart }, "\(char): \(inOrder.errors.map(\.code))")
        }
    }

    @Test func aStrokeOtherLinesOnlyCrossIsStillMissing() {
        // A 7 or an f without its bar, a t without its bar, a Q without its tail, an a without its
        // stem, a G without its bar: the other lines pass over where it goes, so coverage alone
        // found nothing missing, and these letters heard no tip at all. So did an Ö or an ä with one dot.
        for (char, missing) in [("7", 1), ("f", 1), ("t", 1), ("Q", 1), ("a", 1), ("G", 1), ("Ö", 1), ("ä", 2)] {
            let glyph = TestInk.glyph(char)
            let lines = glyph.strokes.indices.filter { $0 != missing }.map { glyph.strokes[$0].points }
            let a = FreeWriteAssessor.assess(TestInk.along(lines), glyph: glyph)
            let named = a.errors.first { $0.code == .missingStroke && $0.stroke == missing }
            #expect(named != nil, "\(char): \(a.errors.map(\.code))")
            #expect(named?.tip == (glyph.strokes[missing].isDot ? Phrases.missingDot : Phrases.missingStroke))
            #expect(a.stars <= 2)
        }
    }

    @Test func aLoopBegunAtItsBottomIsAWrongStart() {
        // An O or o begun at its bottom and drawn all the way round: the loop is the letter, begun in
        // the wrong place. Before, the matcher read it as an O drawn from the top with half of it left
        // over: three stars and "Hör am Ende der Linie auf." (drawn clockwise: three stars, no word).
        for char in ["O", "o", "0"] {
            let glyph = TestInk.glyph(char)
            let line = glyph.strokes[0].points
            let bottom = line.indices.max { line[$0].y < line[$1].y }!
            let round = Array(line[bottom...]) + Array(line[1...bottom])
            let taught = FreeWriteAssessor.assess(TestInk.along([round]), glyph: glyph)
            #expect(taught.errors.map(\.code) == [.wrongStart], "\(char): \(taught.errors.map(\.code))")
            #expect(taught.stars == 2)
            let clockwise = FreeWriteAssessor.assess(TestInk.along([round.reversed()]), glyph: glyph)
            #expect(clockwise.errors.map(\.code) == [.wrongStart, .reversed], "\(char): \(clockwise.errors.map(\.code))")
            #expect(clockwise.stars == 2)
        }
        // Begun at the top and drawn on past the end by a sixth of the way round: still said.
        let o = TestInk.glyph("O")
        let line = o.strokes[0].points
        let again = FreeWriteAssessor.assess(TestInk.along([line + line[1..<(line.count / 6)]]), glyph: o)
        #expect(again.errors.map(\.code) == [.overshoot])
        // T's bar written from the right: begun at the far end, every bit of it written backwards.
        let t = TestInk.glyph("T")
        let backwards = FreeWriteAssessor.assess(TestInk.along([t.strokes[0].points.reversed(), t.strokes[1].points]), glyph: t)
        #expect(backwards.errors.contains { $0.code == .wrongStart && $0.stroke == 0 })
        #expect(backwards.errors.contains { $0.code == .reversed && $0.stroke == 0 })
    }

    @Test func aLineDrawnBackwardsFromWhereItsStartTipPointsHearsTheDirection() {
        // H's bar begun on the right, at the middle: "Fang in der Mitte an." would ask for what the
        // child did (a review heard it); the direction is what went wrong.
        let h = TestInk.glyph("H")
        let bar = FreeWriteAssessor.assess(TestInk.along([h.strokes[0].points, h.strokes[1].points, h.strokes[2].points.reversed()]), glyph: h)
        #expect(bar.errors.contains { $0.code == .wrongStart && $0.stroke == 2 }, "\(bar.errors.map(\.code))")
        #expect(bar.errors.contains { $0.code == .reversed && $0.stroke == 2 })
        #expect(bar.feedback.tips.first == Phrases.reversedFree && !bar.feedback.tips.contains(Phrases.startMiddleFree),
                "\(bar.feedback.tips.map(\.text))")
        // An M written from its other foot: both feet are at the bottom, "Fang unten an." says nothing.
        let m = TestInk.glyph("M", variant: "one-stroke")
        let other = FreeWriteAssessor.assess(TestInk.along([m.strokes[0].points.reversed()]), glyph: m)
        #expect(other.feedback.tips.first == Phrases.reversedFree && !other.feedback.tips.contains(Phrases.startBottomFree),
                "\(other.feedback.tips.map(\.text))")
        // An l from its foot up: "Fang oben an." names the place the child missed, and stays.
        let l = TestInk.glyph("l")
        let up = FreeWriteAssessor.assess(TestInk.along([l.strokes[0].points.reversed()]), glyph: l)
        #expect(up.feedback.tips == [Phrases.startTopFree, Phrases.reversedFree], "\(up.feedback.tips.map(\.text))")
    }

    @Test func aLetterTooSmallOrOffTheLinesEarnsNoMoreThanTwoStars() {
        // A neat a at 40 % of its size floating above the line: "Super gemacht!" and three stars,
        // then "Schreib ein bisschen größer." (a review heard it).
        let a = TestInk.glyph("a")
        let small = FreeWriteAssessor.assess(TestInk.centerline(a).placed(by: Placement(scale: 0.4, offset: Point(0, 40))), glyph: a)
        #expect(small.errors.map(\.code).contains(.tooSmall) && small.quality >= Stars.freeWriteThresholds[0])
        #expect(small.stars == 2 && !Phrases.praise[3].contains(small.feedback.praise), "\(small.stars) \(small.feedback.praise.text)")
        #expect(small.feedback.tips.contains(Phrases.tooSmall))
        let high = FreeWriteAssessor.assess(TestInk.centerline(a).placed(by: Placement(scale: 1, offset: Point(0, -60))), glyph: a)
        #expect(high.errors.map(\.code) == [.offLines] && high.stars == 2)
        #expect(FreeWriteAssessor.assess(TestInk.centerline(a), glyph: a).stars == 3, "on the line at its size: three")
    }

    @Test func theStartTipSaysTopOrBottomByWhereTheStrokeBegins() {
        // M/one-stroke starts at the bottom on purpose.
        let m = TestInk.glyph("M", variant: "one-stroke")
        let a = FreeWriteAssessor.assess(TestInk.along([m.strokes[0].points]), glyph: m)
        #expect(a.errors.isEmpty)
        // (Begun at its other foot it hears the direction: aLineDrawnBackwardsFromWhereItsStartTipPointsHearsTheDirection.)
        #expect(Phrases.startTip(for: m.strokes[0], in: m, config: .standard, free: true) == Phrases.startBottomFree)
        // Writing alone the page shows no dot: the tip names the place, not "beim Punkt". An e
        // begins in its middle.
        let e = TestInk.glyph("e")
        let reversedE = FreeWriteAssessor.assess(TestInk.along([e.strokes[0].points.reversed()]), glyph: e)
        #expect(reversedE.errors.first { $0.code == .wrongStart }?.tip == Phrases.startMiddleFree,
                "\(reversedE.errors.map(\.tip.key))")
        for error in a.errors + reversedE.errors {
            #expect(!error.tip.text.contains("Punkt"), "\(error.tip.text)")
        }
    }
}
