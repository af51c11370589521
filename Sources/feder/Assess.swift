import ArgumentParser
import FederCore
import Foundation

/// `feder assess`: judges an ink file as the lesson would and prints the whole assessment as JSON
/// (docs/ASSESSMENT.md). All the work is `AssessmentReport.run`; this reads arguments and files.
struct Assess: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Assess an ink file against a glyph (or a joined word: --word Oma) and print scores, errors, stars and tips as JSON.",
        discussion: """
            The ink file is JSON: {"strokes": [[[x, y, t, p], ...], ...], "frame": {...}, "pointer": "pen"}
            with y growing down (ink with y growing up: --y-up, or "yAxis": "up" in the file), any units, \
            t in seconds (milliseconds, microseconds and nanoseconds are recognised from the pen's sampling \
            and read so, repairs.timeUnit) and p (pressure 0...1) optional; ink without times
            ([x, y] samples) is judged as free writing by shape and plan, its speed and rhythm are not. "frame" gives the
            ruling lines in the ink's units ("middle" and "base" required; "top", "bottom", "left" optional);
            without it the ink is laid onto the glyph by its bounding box and size is not judged.
            """
    )

    @Option(help: "The character, e.g. a, A, ä, 4 (not with --batch: each line names its glyph).")
    var glyph: String?

    @Flag(help: "Each line of the file is an ink file with its \"glyph\" (and optional \"id\" — any JSON value, echoed —, \"phase\" — default --phase —, \"script\" — default --script —, \"variant\"); print one compact assessment per line (guided lines with --tier). When the first 60 letters read as their glyphs far more often turned upside down, standard error says so (y up?).")
    var batch = false

    @Option(help: "A word of a joined script instead of a character, e.g. Oma (built with its joins).")
    var word: String?

    @Option(help: "Script id (default: druck for a character, schul for a word).")
    var script: String?

    @Option(help: "Variant id (default: the glyph's first variant).")
    var variant: String?

    @Option(help: "Phase to judge the ink as: guided or freeWrite (default: freeWrite).")
    var phase: LessonPhase?

    @Option(help: "Guided only: the difficulty tier whose tracking radius to use (easy, standard, strict; default: standard).")
    var tier: DifficultyTier?

    @Argument(help: "The ink file ('-' reads standard input).")
    var file: String

    @Flag(name: .customLong("y-up"), help: "y grows upwards in the ink (and its frame), unless a file says \"yAxis\" itself.")
    var yUp = false

    @OptionGroup var weights: RecognizerWeights

    /// The recognizer for Klarheit: the bundled one when it loads (none: no Klarheit), or the one
    /// `--weights` names, which must load.
    func recognizer() throws -> LetterRecognizer? {
        weights.path == nil ? try? LetterRecognizer.bundled() : try weights.recognizer()
    }

    /// Options that would change nothing are refused, not ignored: a researcher who gives `--glyph`
    /// with `--batch` believes every line was judged against that glyph.
    func validate() throws {
        if batch {
            if glyph != nil || word != nil { throw ValidationError("--batch reads each line's own \"glyph\"; leave out --glyph and --word") }
            if variant != nil { throw ValidationError("--batch reads each line's own \"variant\"; leave out --variant") }
            if let phase, phase != .guided && phase != .freeWrite { throw ValidationError("--phase: only guided and freeWrite have ink to assess") }
        } else {
            if word != nil && variant != nil { throw ValidationError("--variant chooses a character's form; a word (--word) is built in its script's own forms") }
            if tier != nil && (phase ?? .freeWrite) != .guided { throw ValidationError("--tier sets guided tracing's radius; give --phase guided too, or leave it out") }
        }
    }

    func run() throws {
        let library = try GlyphLibrary.bundled()
        if batch { return try runBatch(library) }
        let target: Glyph
        switch (glyph, word) {
        case (let glyph?, nil):
            do { target = try library.glyph(glyph, script: script ?? "druck", variant: variant) } catch { throw Failure(error.description) }
        case (nil, let word?):
            do { target = try WordBuilder(library: library, script: script ?? "schul").build(word) } catch { throw Failure(error.description) }
        default:
            throw Failure("give either --glyph or --word (or --batch with a glyph on each line)")
        }
        let data: Data
        do {
            data = try InputReader.read(file)
        } catch {
            throw Failure("cannot read \(file): \(error)")
        }
        let tolerance = TrackingTolerance.standard.scaled(by: (tier ?? .standard).multiplier)
        let recognizer = try recognizer()
        do {
            let json = try AssessmentReport.run(data, glyph: target, phase: phase ?? .freeWrite, tolerance: tolerance,
                                                recognizer: recognizer, yAxis: yUp ? .up : .down)
            FileHandle.standardOutput.write(json + Data("\n".utf8))
        } catch {
            throw Failure(error.description)
        }
    }
}

extension Assess {
    /// One assessment per input line; a bad line answers with its error and the rest go on.
    func runBatch(_ library: GlyphLibrary) throws {
        let data: Data
        do {
            data = try InputReader.read(file)
        } catch {
            throw Failure("cannot read \(file): \(error)")
        }
        let recognizer = try recognizer()
        let tolerance = TrackingTolerance.standard.scaled(by: (tier ?? .standard).multiplier)
        let out = FileHandle.standardOutput
        // Blank lines get no answer; every answer names the input line it answers.
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var upsideDown = UpsideDownCheck()
        for (index, line) in lines.enumerated() where !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) {
            out.write(AssessmentBatch.answer(Data(line), number: index + 1, library: library, defaultScript: script ?? "druck",
                                             defaultPhase: phase ?? .freeWrite, tolerance: tolerance,
                                             recognizer: recognizer, yAxis: yUp ? .up : .down) + Data("\n".utf8))
            if upsideDown.wantsMore, let recognizer,
               let letter = AssessmentBatch.labelledInk(Data(line), yAxis: yUp ? .up : .down, among: recognizer.labels) {
                upsideDown.add(label: letter.glyph, strokes: letter.strokes, ownAxis: letter.ownAxis, recognizer: recognizer)
            }
        }
        if let warning = upsideDown.warning(command: "feder assess", toldYUp: yUp) {
            FileHandle.standardError.write(Data((warning + "\n").utf8))
        }
    }
}

/// A problem with the glyph or the file: reported in one line, without the usage text.
struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension LessonPhase: ExpressibleByArgument {}
extension DifficultyTier: ExpressibleByArgument {}
