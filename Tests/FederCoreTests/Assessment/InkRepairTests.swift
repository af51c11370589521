import Foundation
import Testing
@testable import FederCore

/// Real devices send untidy timing. What a device did wrong is repaired and counted; only ink that
/// cannot be read is refused, with a typed error.
@Suite("Untidy ink from real devices")
struct InkRepairTests {
    /// Two JSON values alike, numbers within a relative 10⁻³ (or 10⁻⁴ absolute).
    static func nearlyEqual(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x as [String: Any], y as [String: Any]):
            return Set(x.keys) == Set(y.keys) && x.keys.allSatisfy { nearlyEqual(x[$0], y[$0]) }
        case let (x as [Any], y as [Any]):
            return x.count == y.count && zip(x, y).allSatisfy { nearlyEqual($0, $1) }
        case let (x as String, y as String): return x == y
        case let (x as NSNumber, y as NSNumber):
            let u = x.doubleValue, v = y.doubleValue
            return abs(u - v) <= max(1e-4, 1e-3 * max(abs(u), abs(v)))
        case let (x as Bool, y as Bool): return x == y
        default: return false
        }
    }

    static func json(_ strokes: [[PenSample]]) -> Data {
        let rows = strokes.map { $0.map { [$0.x, $0.y, $0.t, $0.pressure ?? 0.5] } }
        return try! JSONSerialization.data(withJSONObject: ["strokes": rows])
    }

    /// H written by a steady pen, then spoiled as devices spoil it: every 10th sample sent twice,
    /// every 7th stamped 3 ms before its predecessor, every 5th sharing its predecessor's time, and
    /// the second stroke's clock starting 0.15 s before the first stroke ended.
    static func untidy(_ ink: Ink) -> (strokes: [[PenSample]], duplicates: Int, backward: Int, equal: Int) {
        var duplicates = 0, backward = 0, equal = 0
        var strokes: [[PenSample]] = []
        for (k, stroke) in ink.strokes.enumerated() {
            var out: [PenSample] = []
            for (i, s) in stroke.enumerated() {
                var s = s
                if k == 1 { s.t -= 0.5 }  // the pen lift was 0.35 s: this stroke now starts 0.15 s early
                if i > 0 && i % 7 == 0 && i + 1 < stroke.count { s.t = out.last!.t - 0.003; backward += 1 }
                else if i > 0 && i % 5 == 0 && (i - 1) % 7 != 0 && i + 1 < stroke.count { s.t = out.last!.t; equal += 1 }
                out.append(s)
                if i % 10 == 3 && i % 7 != 0 { out.append(s); duplicates += 1 }
            }
            strokes.append(out)
        }
        return (strokes, duplicates, backward, equal)
    }

    @Test func untidyTimingIsRepairedCountedAndJudgedLikeTheTidyInk() throws {
        let h = TestInk.glyph("H")
        let tidy = TestInk.centerline(h)
        let spoiled = Self.untidy(tidy)
        let file = try InkFile.decode(Self.json(spoiled.strokes))
        #expect(file.repairs.duplicateSamples == spoiled.duplicates)
        #expect(file.repairs.backwardTimes == spoiled.backward)
        // A raised time equals its predecessor's and is then spread like any shared time.
        #expect(file.repairs.equalTimes == spoiled.equal + spoiled.backward)
        #expect(file.repairs.overlappingStrokes == 1)
        for stroke in file.strokes { for (a, b) in zip(stroke, stroke.dropFirst()) { #expect(b.t > a.t) } }
        for (a, b) in zip(file.strokes, file.strokes.dropFirst()) { #expect(b.first!.t >= a.last!.t) }

        let repaired = try AssessmentReport.assess(file, glyph: h, phase: .freeWrite)
        let reference = try AssessmentReport.assess(InkFile.decode(Self.json(tidy.strokes)), glyph: h, phase: .freeWrite)
        #expect(repaired.stars == reference.stars)
        #expect(repaired.errors.map(\.code) == reference.errors.map(\.code))
        #expect(abs(repaired.motor!.form - reference.motor!.form) < 0.01)
        #expect(abs(repaired.kinematics.meanSpeed - reference.kinematics.meanSpeed) < 0.15 * reference.kinematics.meanSpeed)
        #expect(repaired.repairs == file.repairs)
        #expect(reference.repairs?.total == 0)
    }

    @Test func theRepairsAppearInTheReport() throws {
        let l = TestInk.glyph("l")
        let line = TestInk.centerline(l).strokes[0]
        let out = try JSONSerialization.jsonObject(with: AssessmentReport.run(Self.json([line + [line.last!]]), glyph: l, phase: .freeWrite)) as! [String: Any]
        let repairs = out["repairs"] as! [String: Any]
        #expect(repairs["duplicateSamples"] as? Int == 1)
        #expect(repairs["backwardTimes"] as? Int == 0)
    }

    /// A single sample (a tap where a letter was asked for) is readable ink: judged, no star; a
    /// file with only empty strokes has no ink at all and is refused.
    @Test func aSingleSampleIsJudgedAndEmptyStrokesAreRefused() throws {
        let l = TestInk.glyph("l")
        let tap = Data(#"{"strokes": [[[1, 2, 0]]]}"#.utf8)
        let report = try JSONSerialization.jsonObject(with: AssessmentReport.run(tap, glyph: l, phase: .freeWrite)) as! [String: Any]
        #expect(report["stars"] as? Int == 0)
        do {
            _ = try InkFile.decode(Data(#"{"strokes": [[], []]}"#.utf8))
            Issue.record("empty strokes are no ink")
        } catch {
            #expect(error.kind == .noSamples)
        }
    }

    @Test func aClockRunningFarBackIsRefusedWithATypedError() {
        let l = TestInk.glyph("l")
        var line = TestInk.centerline(l).strokes[0]
        line[5].t = line[4].t - 0.2
        #expect(throws: InkFileError.self) { try InkFile.decode(Self.json([line])) }
        do { _ = try InkFile.decode(Self.json([line])) } catch {
            #expect(error.kind == .timeGoesBack)
            #expect(error.message.contains("stroke 1, sample 6"))
        }
    }

    @Test func unreadableInkGetsItsOwnKindOfError() {
        func kind(_ text: String) -> InkFileError.Kind? {
            do { _ = try InkFile.decode(Data(text.utf8)); return nil } catch { return error.kind }
        }
        #expect(kind("not json") == .malformed)
        #expect(kind("{\"strokes\": []}") == .noSamples)
        #expect(kind("{\"strokes\": [[[0, 0, 0, 1.5]]]}") == .pressureOutOfRange)
        #expect(kind("{\"strokes\": [[[0, 0, 0]]], \"frame\": {\"middle\": 10, \"base\": 5}}") == .badFrame)
        #expect(kind("{\"strokes\": [[[0, 0, 0], [1, 1, 0.001]]]}") == nil)
        // JSON allows any size of number; one beyond a Double is named, not called "not JSON".
        #expect(kind("{\"strokes\": [[[0, 0, 0], [1e999, 1, 0.001]]]}") == .notFinite)
        #expect(kind("{\"strokes\": [[[0, 0, 0], [1, -2E+400, 0.001]]]}") == .notFinite)
        #expect(kind("{\"strokes\": \"1e999\"}") == .malformed)  // in a string it is text, and the file is not ink
        #expect(kind("{\"strokes\": [[[NaN, 0, 0]]]}") == .malformed)
    }

    /// Ink that comes with coordinates only (a data set, a traced scan): every letter is judged by
    /// its shape and plan exactly as with its times, and nothing that needs the writer's times is
    /// reported as measured.
    @Test(arguments: ["a", "H", "k", "ß", "4"])
    func inkWithoutTimesIsJudgedByItsShapeAndPlan(char: String) throws {
        let glyph = TestInk.glyph(char)
        let ink = TestInk.centerline(glyph)
        // The same samples, pressure and pointer; only the times left out.
        let untimed = try JSONSerialization.data(withJSONObject: ["strokes": ink.strokes.map { $0.map { [$0.x, $0.y, NSNull(), $0.pressure ?? 0.5] } }])
        let file = try InkFile.decode(untimed)
        #expect(!file.repairs.isTimed)
        #expect(file.repairs.synthesizedTimes == file.strokes.map(\.count).reduce(0, +))
        #expect(file.repairs.synthesizedTimes == ink.strokes.map(\.count).reduce(0, +) - file.repairs.duplicateSamples)
        for stroke in file.strokes { for (a, b) in zip(stroke, stroke.dropFirst()) { #expect(b.t > a.t) } }
        for (a, b) in zip(file.strokes, file.strokes.dropFirst()) { #expect(b.first!.t > a.last!.t) }

        let reference = try AssessmentReport.assess(InkFile.decode(Self.json(ink.strokes)), glyph: glyph, phase: .freeWrite)
        let judged = try AssessmentReport.assess(file, glyph: glyph, phase: .freeWrite)
        #expect(judged.stars == reference.stars)
        #expect(judged.errors.map(\.code) == reference.errors.map(\.code))
        #expect(judged.feedback.tips == reference.feedback.tips)
        #expect(abs(judged.quality - reference.quality) < 1e-9)
        #expect(judged.motor?.druck == reference.motor?.druck)
        #expect(judged.motor?.tempo == nil && judged.motor?.rhythmus == nil)
        #expect(reference.motor?.tempo != nil && reference.motor?.rhythmus != nil)

        let out = try JSONSerialization.jsonObject(with: AssessmentReport.run(untimed, glyph: glyph, phase: .freeWrite)) as! [String: Any]
        let kinematics = try #require(out["kinematics"] as? [String: Any])
        for key in Kinematics.clockKeys { #expect(kinematics[key] == nil, "\(key) reported for ink without times") }
        #expect(kinematics["strokes"] as? Int == glyph.strokes.count)
        #expect((out["repairs"] as? [String: Any])?["synthesizedTimes"] as? Int == file.repairs.synthesizedTimes)
        // Timed ink keeps them.
        let timedOut = try JSONSerialization.jsonObject(with: AssessmentReport.run(Self.json(ink.strokes), glyph: glyph, phase: .freeWrite)) as! [String: Any]
        let timedKinematics = try #require(timedOut["kinematics"] as? [String: Any])
        #expect(timedKinematics["meanSpeed"] != nil && timedKinematics["duration"] != nil)
        // Guided tracing is judged with its pace: ink without times is refused there, with the reason.
        #expect(throws: AssessmentReport.Failure.untimedGuided) { try AssessmentReport.assess(file, glyph: glyph, phase: .guided) }
    }

    /// Times written in milliseconds, microseconds or nanoseconds made a letter last minutes to
    /// decades (nanoseconds asked for hundreds of gigabytes and crashed); a slip of 3 ms in a file of
    /// milliseconds was refused as 3 s backwards. Until 2026-11-29 they were then replaced as for ink
    /// without times, so a data set in milliseconds — most of them — lost its speed and rhythm. They
    /// are the writer's timing in another unit: read in it, and the whole report is that of the same
    /// ink in seconds, from any origin (nanoseconds since 1970 included).
    @Test(arguments: [(1e3, InkTimeUnit.milliseconds), (1e6, .microseconds), (1e9, .nanoseconds)])
    func timesInOtherUnitsAreReadInTheirUnit(factor: Double, unit: InkTimeUnit) throws {
        let glyph = TestInk.glyph("H")
        let ink = TestInk.centerline(glyph)
        var seconds = ink.strokes
        seconds[1][3].t = seconds[1][2].t - 0.003  // a slip of 3 ms
        let origin = 1.764e9  // a clock since 1970, as browsers' and Android's are
        let scaled = seconds.map { $0.map { var s = $0; s.t = (origin + s.t) * factor; return s } }
        let file = try InkFile.decode(Self.json(scaled))
        #expect(file.repairs.timeUnit == unit && file.repairs.isTimed && file.repairs.timesNotInSeconds == 0)
        #expect(file.repairs.backwardTimes == 1, "the slip of 3 ms is repaired as one, not refused")
        let reference = try JSONSerialization.jsonObject(with: AssessmentReport.run(Self.json(seconds), glyph: glyph, phase: .freeWrite)) as! [String: Any]
        let judged = try JSONSerialization.jsonObject(with: AssessmentReport.run(Self.json(scaled), glyph: glyph, phase: .freeWrite)) as! [String: Any]
        var repairs = try #require(judged["repairs"] as? [String: Any])
        #expect(repairs.removeValue(forKey: "timeUnit") as? String == unit.rawValue)
        #expect(Self.nearlyEqual(repairs, reference["repairs"]))
        // Everything else, the clock's kinematics (speed, durations, NIV) and Tempo included, as in
        // seconds. (Nanoseconds since 1970 keep a quarter of a microsecond: a speed may differ in
        // its last digits.)
        for key in reference.keys where key != "repairs" {
            #expect(Self.nearlyEqual(judged[key], reference[key]), "\(key) differs in \(unit.rawValue)")
        }
        let kinematics = try #require(judged["kinematics"] as? [String: Any])
        for key in Kinematics.clockKeys where key != "startLatency" {  // (a live session's, never a file's)
            #expect(kinematics[key] != nil, "\(key) not reported for times in \(unit.rawValue)")
        }
        // Seconds stay seconds, slow pens included (30 Hz), and say no unit.
        #expect(try InkFile.decode(Self.json(ink.strokes)).repairs.timeUnit == nil)
        let slow = ink.strokes.map { $0.enumerated().map { var s = $1; s.t = Double($0) / 30; return s } }
        #expect(try InkFile.decode(Self.json(slow)).repairs.timeUnit == nil)
    }

    /// The unit from the steps alone: a clock of whole milliseconds (steps of 4 and 5, and 0 where two
    /// samples share one), a stroke whose clock starts again, a dot of three samples in milliseconds;
    /// a few samples that fit no unit stay seconds, as they always were.
    @Test func theUnitIsToldFromThePensSteps() {
        func stroke(_ times: [Double]) -> [PenSample] { times.enumerated().map { PenSample(x: Double($0), y: 0, t: $1) } }
        let coarse = stroke([0, 4, 8, 8, 13, 17, 21, 21, 25, 29, 33, 38])
        #expect(InkTimeUnit.of([coarse]) == .milliseconds)
        #expect(InkTimeUnit.of([coarse, stroke([0, 4, 8, 13, 17, 21, 25])]) == .milliseconds, "a clock per stroke")
        #expect(InkTimeUnit.of([stroke([1.764e12, 1.764e12 + 8, 1.764e12 + 17])]) == .milliseconds, "a dot of three samples")
        #expect(InkTimeUnit.of([stroke([0, 0.008, 0.017])]) == .seconds)
        #expect(InkTimeUnit.of([stroke([0, 1, 2, 3])]) == .seconds, "three steps that fit no unit: taken for seconds")
        #expect(InkTimeUnit.of([stroke([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])]) == nil, "nine steps of a counter")
        #expect(InkTimeUnit.of([stroke([0, 250, 500, 750, 1000, 1250, 1500, 1750, 2000])]) == .milliseconds, "4 Hz, the slowest")
        #expect(InkTimeUnit.of([stroke([0, 2, 4, 6, 8, 10, 12, 14, 16])]) == .milliseconds, "500 Hz, the fastest")
        #expect(InkTimeUnit.of([stroke([0, 0.26, 0.52, 0.78, 1.04, 1.30, 1.56, 1.82, 2.08])]) == nil, "a time every 0.26 s")
        #expect(InkTimeUnit.of([stroke([5])]) == .seconds && InkTimeUnit.of([]) == .seconds)
        #expect(InkTimeUnit.converting([stroke([2000, 2008])], from: .milliseconds)[0].map(\.t) == [0, 0.008])
    }

    /// Times that fit no pen in any unit — a sample counter (0, 1, 2, … would be a pen of 1 kHz in
    /// milliseconds and make a letter last a tenth of a second), a time every second — are not the
    /// writer's timing: replaced as for ink without times, counted, and the letter judged by its
    /// shape and plan as with its seconds, without the clock's kinematics.
    @Test(arguments: [1.0, 0.8, 600.0])
    func timesThatFitNoPenAreNotTheWritersTiming(step: Double) throws {
        let glyph = TestInk.glyph("H")
        let ink = TestInk.centerline(glyph)
        var counter = 0.0
        let counted = ink.strokes.map { $0.map { var s = $0; s.t = counter; counter += step; return s } }
        let file = try InkFile.decode(Self.json(counted))
        #expect(file.repairs.timeUnit == nil)
        #expect(file.repairs.timesNotInSeconds == file.repairs.synthesizedTimes && file.repairs.timesNotInSeconds > 0)
        let reference = try AssessmentReport.assess(InkFile.decode(Self.json(ink.strokes)), glyph: glyph, phase: .freeWrite)
        let judged = try AssessmentReport.assess(file, glyph: glyph, phase: .freeWrite)
        #expect(judged.stars == reference.stars && judged.errors.map(\.code) == reference.errors.map(\.code))
        let out = try JSONSerialization.jsonObject(with: AssessmentReport.run(Self.json(counted), glyph: glyph, phase: .freeWrite)) as! [String: Any]
        let kinematics = try #require(out["kinematics"] as? [String: Any])
        for key in Kinematics.clockKeys { #expect(kinematics[key] == nil, "\(key) reported for times that fit no pen") }
    }

    /// A data set that keeps one time per stroke made a letter look written in no time (pen-down time
    /// 0, speed 0, reported as measured). Such times are replaced and the kinematics not reported.
    @Test func oneTimePerStrokeIsNotTheWritersTiming() throws {
        let glyph = TestInk.glyph("A")
        let ink = TestInk.centerline(glyph)
        let stamped = ink.strokes.enumerated().map { k, stroke in stroke.map { var s = $0; s.t = Double(k) * 0.5; return s } }
        let file = try InkFile.decode(Self.json(stamped))
        #expect(file.repairs.timesPerStroke > 0 && file.repairs.timesPerStroke == file.repairs.synthesizedTimes)
        #expect(!file.repairs.isTimed)
        let out = try JSONSerialization.jsonObject(with: AssessmentReport.run(Self.json(stamped), glyph: glyph, phase: .freeWrite)) as! [String: Any]
        let kinematics = try #require(out["kinematics"] as? [String: Any])
        for key in Kinematics.clockKeys { #expect(kinematics[key] == nil, "\(key) reported for times given per stroke") }
        let reference = try AssessmentReport.assess(InkFile.decode(Self.json(ink.strokes)), glyph: glyph, phase: .freeWrite)
        let judged = try AssessmentReport.assess(file, glyph: glyph, phase: .freeWrite)
        #expect(judged.stars == reference.stars && judged.errors.map(\.code) == reference.errors.map(\.code))
        // A device that batches a few samples under one time keeps its timing (spread, not replaced).
        var batched = ink.strokes
        for i in 1...3 { batched[0][i].t = batched[0][0].t }
        let kept = try InkFile.decode(Self.json(batched))
        #expect(kept.repairs.timesPerStroke == 0 && kept.repairs.isTimed && kept.repairs.equalTimes == 3)
    }

    /// A pen that loses contact for a moment in mid-stroke (a bounce, a digitizer's dropout) sends
    /// one stroke as two. Judged as two, a third of real letters changed their stars.
    @Test(arguments: ["n", "a", "H", "k", "ß"])
    func aStrokeBrokenByAMomentaryLiftIsJudgedWhole(char: String) throws {
        let glyph = TestInk.glyph(char)
        let ink = TestInk.centerline(glyph)
        let longest = ink.strokes.indices.max { ink.strokes[$0].count < ink.strokes[$1].count }!
        let stroke = ink.strokes[longest], middle = stroke.count / 2
        for gap in [0.0, 0.016] {
            var broken = ink.strokes
            let rest = stroke[middle...].map { var s = $0; s.t += gap; return s }
            broken.replaceSubrange(longest...longest, with: [Array(stroke[..<middle]), rest])
            if gap > 0 {  // the strokes after it keep their own timing
                for k in (longest + 2)..<broken.count { broken[k] = broken[k].map { var s = $0; s.t += gap; return s } }
            }
            let file = try InkFile.decode(Self.json(broken))
            #expect(file.repairs.joinedStrokes == 1 && file.strokes.count == ink.strokes.count, "\(char) gap \(gap)")
            let reference = try AssessmentReport.assess(InkFile.decode(Self.json(ink.strokes)), glyph: glyph, phase: .freeWrite)
            let judged = try AssessmentReport.assess(file, glyph: glyph, phase: .freeWrite)
            #expect(judged.stars == reference.stars && judged.errors.map(\.code) == reference.errors.map(\.code))
            #expect(abs(judged.quality - reference.quality) < 1e-6, "\(char) gap \(gap): \(judged.quality) vs \(reference.quality)")
        }
        // Real lifts between strokes (a tenth of a second and more) are left alone, and so are
        // strokes that only seem to follow on because a restarting clock was repaired.
        #expect(try InkFile.decode(Self.json(ink.strokes)).repairs.joinedStrokes == 0)
        let restarting = ink.strokes.map { stroke in stroke.map { var s = $0; s.t -= stroke[0].t; return s } }
        #expect(try InkFile.decode(Self.json(restarting)).repairs.joinedStrokes == 0)
    }

    /// One wild time at the end of a stroke (seconds otherwise) asked the speed profile for a grid
    /// point every 10 ms up to it.
    @Test func oneWildTimeDoesNotAskForBillionsOfPoints() throws {
        let glyph = TestInk.glyph("L")
        var strokes = TestInk.centerline(glyph).strokes
        strokes[0][strokes[0].count - 1].t += 1e9
        let report = try AssessmentReport.assess(InkFile.decode(Self.json(strokes)), glyph: glyph, phase: .freeWrite)
        #expect(report.stars >= 0)
    }

    /// `Kinematics.clockKeys` is what a report of ink without times leaves out: every kinematic that
    /// changes when only the times change must be in it, and each of its keys must name a field.
    @Test func theClockKeysAreExactlyTheKinematicsThatDependOnTime() throws {
        let glyph = TestInk.glyph("k")
        let ink = TestInk.centerline(glyph)
        func kinematics(_ strokes: [[PenSample]]) throws -> [String: Any] {
            var options = AssessmentOptions(placement: .glyphUnits)
            options.startLatency = 0.4
            let a = FreeWriteAssessor.assess(Ink(pointer: .pen, strokes: strokes), glyph: glyph, options: options)
            return try JSONSerialization.jsonObject(with: JSONEncoder().encode(a.kinematics)) as! [String: Any]
        }
        let before = try kinematics(ink.strokes)
        // Slower, with longer pauses between strokes, and a wobble in speed.
        let retimed = ink.strokes.enumerated().map { k, stroke in
            stroke.enumerated().map { i, s in
                var s = s
                s.t = s.t * 1.7 + Double(k) * 0.4 + (i % 2 == 0 ? 0 : 0.003)
                return s
            }
        }
        let after = try kinematics(retimed)
        for key in Kinematics.clockKeys {
            #expect(before[key] != nil, "\(key) is not a field of Kinematics")
        }
        for (key, value) in before where !Kinematics.clockKeys.contains(key) {
            #expect("\(value)" == "\(after[key] ?? "absent")", "\(key) changes with the times but is not in Kinematics.clockKeys")
        }
        #expect("\(before["meanSpeed"]!)" != "\(after["meanSpeed"]!)")
    }

    /// A data set whose strokes each start their clock at 0 was repaired (strokes moved later) and
    /// reported an in-air time of 0 as measured, and a Rhythmus without any lift. The time between
    /// strokes is unknown there: left out, while the times inside each stroke are still the writer's.
    @Test func strokesEachOnTheirOwnClockReportNoTimeBetweenThem() throws {
        let glyph = TestInk.glyph("H")
        let ink = TestInk.centerline(glyph)
        let restarting = ink.strokes.map { stroke in stroke.map { var s = $0; s.t -= stroke[0].t; return s } }
        let file = try InkFile.decode(Self.json(restarting))
        #expect(file.repairs.restartedClocks == ink.strokes.count - 1 && file.repairs.overlappingStrokes == ink.strokes.count - 1)
        #expect(file.repairs.isTimed && !file.repairs.isAirTimed)
        let judged = try AssessmentReport.assess(file, glyph: glyph, phase: .freeWrite)
        let reference = try AssessmentReport.assess(InkFile.decode(Self.json(ink.strokes)), glyph: glyph, phase: .freeWrite)
        #expect(judged.stars == reference.stars && judged.errors.map(\.code) == reference.errors.map(\.code))
        #expect(judged.motor?.rhythmus == nil && reference.motor?.rhythmus != nil)
        #expect(judged.motor?.tempo != nil)
        let out = try JSONSerialization.jsonObject(with: AssessmentReport.run(Self.json(restarting), glyph: glyph, phase: .freeWrite)) as! [String: Any]
        let kinematics = try #require(out["kinematics"] as? [String: Any])
        for key in Kinematics.airKeys { #expect(kinematics[key] == nil, "\(key) reported for strokes on their own clocks") }
        #expect(kinematics["penDownTime"] != nil && kinematics["meanSpeed"] != nil && kinematics["niv"] != nil)
        #expect((out["repairs"] as? [String: Any])?["restartedClocks"] as? Int == ink.strokes.count - 1)
        // A device's slip of a few milliseconds is rounding, not a clock of its own: all kept.
        var slipped = ink.strokes
        let end = slipped[0].last!.t
        let shift = slipped[1][0].t - end + 0.005
        slipped[1] = slipped[1].map { var s = $0; s.t -= shift; return s }
        let kept = try InkFile.decode(Self.json(slipped))
        #expect(kept.repairs.overlappingStrokes == 1 && kept.repairs.restartedClocks == 0 && kept.repairs.isAirTimed)
        let keptOut = try JSONSerialization.jsonObject(with: AssessmentReport.run(Self.json(slipped), glyph: glyph, phase: .freeWrite)) as! [String: Any]
        for key in Kinematics.airKeys { #expect((keptOut["kinematics"] as? [String: Any])?[key] != nil, "\(key) left out after a slip") }
        // A dot of 15 ms first (an i written dot first), then the stem on a clock started again:
        // within the slip's 20 ms of the dot's end, but before the dot began.
        let i = TestInk.centerline(TestInk.glyph("i")).strokes
        let dot = (0..<4).map { PenSample(x: 20, y: 52 + Double($0) * 8 / 3, t: Double($0) * 0.005, pressure: 0.5) }
        let dotFirst = [dot, i[0].map { var s = $0; s.t -= i[0][0].t; return s }]
        let restarted = try InkFile.decode(Self.json(dotFirst))
        #expect(restarted.repairs.restartedClocks == 1 && !restarted.repairs.isAirTimed)
    }

    /// `Kinematics.airKeys` are the kinematics that change when only the time between strokes changes.
    @Test func theAirKeysAreExactlyTheKinematicsThatDependOnTheLifts() throws {
        let glyph = TestInk.glyph("k")
        let ink = TestInk.centerline(glyph)
        func kinematics(_ strokes: [[PenSample]]) throws -> [String: Any] {
            let a = FreeWriteAssessor.assess(Ink(pointer: .pen, strokes: strokes), glyph: glyph, options: AssessmentOptions(placement: .glyphUnits))
            return try JSONSerialization.jsonObject(with: JSONEncoder().encode(a.kinematics)) as! [String: Any]
        }
        let before = try kinematics(ink.strokes)
        let longerLifts = ink.strokes.enumerated().map { k, stroke in stroke.map { var s = $0; s.t += Double(k) * 0.7; return s } }
        let after = try kinematics(longerLifts)
        // Moving whole strokes later changes sums of times in their last digits (1.3333333333333310
        // against …308): a change is one beyond a millionth.
        func same(_ a: Any?, _ b: Any?) -> Bool {
            if let x = a as? Double, let y = b as? Double { return abs(x - y) <= 1e-6 * max(1, abs(x)) }
            if let x = a as? [Any], let y = b as? [Any] { return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) } }
            return "\(a ?? "absent")" == "\(b ?? "absent")"
        }
        for key in Kinematics.airKeys {
            #expect(before[key] != nil, "\(key) is not a field of Kinematics")
            #expect(!same(before[key], after[key]), "\(key) does not change with the lifts")
        }
        for (key, value) in before where !Kinematics.airKeys.contains(key) {
            #expect(same(value, after[key]), "\(key) changes with the lifts but is not in Kinematics.airKeys")
        }
    }

    @Test func inkWithTimesOnlyHereAndThereIsRefused() {
        func error(_ text: String) -> InkFileError? {
            do { _ = try InkFile.decode(Data(text.utf8)); return nil } catch { return error }
        }
        let late = error("{\"strokes\": [[[0, 0, 0], [1, 1, 0.01]], [[2, 2], [3, 3, 0.5]]]}")
        #expect(late?.kind == .malformed)
        #expect(late?.message.contains("stroke 2, sample 1: no time") == true)
        let early = error("{\"strokes\": [[[0, 0], [1, 1], [2, 2, 0.3]]]}")
        #expect(early?.message.contains("stroke 1, sample 3: a time") == true)
        #expect(error("{\"strokes\": [[[0, 0, null], [1, 1, null]]]}") == nil)  // null is no time
        #expect(error("{\"strokes\": [[[0], [1, 1]]]}")?.kind == .malformed)
        // Coordinates so far apart that their distance overflows cannot be given times.
        #expect(error("{\"strokes\": [[[-1e308, 0], [1e308, 0]]]}")?.kind == .notFinite)
    }

    @Test func aLiveSampleSlippedBackByAFrameIsKeptAtTheLastTime() throws {
        let l = TestInk.glyph("l")
        var recorder = InkRecorder(glyph: l)
        let s = l.strokes[0].start
        _ = try recorder.penDown(PenSample(x: s.x, y: s.y, t: 1), pointer: .pen)
        try recorder.move([PenSample(x: s.x, y: s.y + 5, t: 1.01), PenSample(x: s.x, y: s.y + 10, t: 1.005),
                           PenSample(x: s.x, y: s.y + 15, t: 0.5)])
        #expect(recorder.ink.strokes[0].map(\.t) == [1, 1.01, 1.01])
        #expect(recorder.ignoredSamples == 1)
    }

    /// A live stroke that begins before the last one ended keeps every sample: it is moved to begin
    /// at that end, its own durations kept (as `InkRepair` does for a file); the next stroke, in
    /// order again, is not moved.
    @Test func aLiveStrokeBeginningBeforeTheLastEndedIsMovedNotDropped() throws {
        let h = TestInk.glyph("H")
        var recorder = InkRecorder(glyph: h)
        func stroke(_ j: Int, from t0: Double) throws {
            let points = h.strokes[j].points
            _ = try recorder.penDown(PenSample(x: points[0].x, y: points[0].y, t: t0), pointer: .pen)
            try recorder.move(points.dropFirst().enumerated().map { k, p in PenSample(x: p.x, y: p.y, t: t0 + 0.01 * Double(k + 1)) })
            try recorder.penUp(nil)
        }
        try stroke(0, from: 2)
        let end = try #require(recorder.ink.strokes[0].last?.t)
        try stroke(1, from: 1)  // its clock began a second too early
        try stroke(2, from: end + 5)
        #expect(recorder.ignoredSamples == 0)
        #expect(recorder.ink.strokes.map(\.count) == h.strokes.map(\.points.count))
        let moved = recorder.ink.strokes[1].map(\.t)
        #expect(abs(moved[0] - end) < 1e-9)
        #expect(zip(moved, moved.dropFirst()).allSatisfy { abs($1 - $0 - 0.01) < 1e-9 }, "durations kept")
        #expect(abs(recorder.ink.strokes[2][0].t - (end + 5)) < 1e-9, "a stroke in order stays where it is")
    }

    /// Only the pen-down's time is wrong (0 where the rest of the stroke is in order): that sample is
    /// kept at the last time, and neither this stroke nor the next is moved.
    @Test func aWildPenDownTimeDoesNotMoveTheStroke() throws {
        let h = TestInk.glyph("H")
        var recorder = InkRecorder(glyph: h)
        let a = h.strokes[0].points, b = h.strokes[1].points
        _ = try recorder.penDown(PenSample(x: a[0].x, y: a[0].y, t: 1), pointer: .pen)
        try recorder.move([PenSample(x: a[1].x, y: a[1].y, t: 1.5)])
        try recorder.penUp(nil)
        _ = try recorder.penDown(PenSample(x: b[0].x, y: b[0].y, t: 0), pointer: .pen)
        try recorder.move([PenSample(x: b[1].x, y: b[1].y, t: 2.5)])
        try recorder.penUp(nil)
        #expect(recorder.ink.strokes[1].map(\.t) == [1.5, 2.5])
        #expect(recorder.ignoredSamples == 0)
    }
}
