import ArgumentParser
import FederCore
import Foundation

struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Evaluations against real handwriting.",
        subcommands: [Templates.self]
    )
}

extension EvalCommand {
    struct Templates: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "How well the glyph templates match real handwriting (nearest template, stroke conventions).")

        @Option(help: "Labelled ink, one JSON object per line ({\"label\", \"strokes\"}); .gz is decompressed.")
        var data: String
        @Option(help: "Script whose templates are evaluated.") var script = "druck"
        @Option(help: "At most this many samples per letter, spread over the file (0: all).") var perClass = 300
        @Option(help: "Worst letters to list.") var worst = 5
        @Flag(help: "Print the report as JSON.") var json = false
        @Flag(name: .customLong("y-up"), help: "y grows upwards in the ink, unless a line says \"yAxis\" itself.")
        var yUp = false

        func validate() throws {
            guard perClass >= 0, worst >= 0 else { throw ValidationError("--per-class and --worst must be 0 or more") }
        }

        func run() throws {
            let library = try GlyphLibrary.bundled()
            guard library.scripts[script] != nil else {
                throw ValidationError("--script \(script): no such script (\(library.scripts.keys.sorted().joined(separator: ", ")))")
            }
            let (all, skipped) = try LabelledInkReader.read(path: data, yUp: yUp)
            if !skipped.isEmpty {
                let named = skipped.prefix(10).map { "line \($0.line) (\($0.reason))" }.joined(separator: ", ")
                FileHandle.standardError.write(Data("feder eval templates: \(skipped.count) lines skipped: \(named)\(skipped.count > 10 ? ", …" : "")\n".utf8))
            }
            if all.isEmpty { throw Failure("\(data): no line could be read as {\"label\", \"strokes\"}") }
            let evaluation = TemplateEvaluation(library: library, script: script, labels: Set(all.map(\.label)))
            let samples = LabelledInkReader.spread(all.filter { evaluation.labels.contains($0.label) }, perClass: perClass)
            let started = Date()
            let report = evaluation.run(samples)
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                FileHandle.standardOutput.write(try encoder.encode(report))
                print()
                return
            }
            print("templates of '\(script)' against \(report.samples) samples from \(data) (\(perClass == 0 ? "all" : "≤ \(perClass)") per letter, \(String(format: "%.1f", Date().timeIntervalSince(started))) s)")
            print(String(format: "overall: shape (order-free) %.1f %% (case ignored %.1f %%), Fréchet (order+direction) %.1f %%; strokes: count %.1f %%, order %.1f %%, direction %.1f %%",
                         100 * report.shapeAccuracy, 100 * report.shapeAccuracyIgnoringCase, 100 * report.pathAccuracy, 100 * report.strokeCountShare,
                         100 * report.orderShare, 100 * report.directionShare))
            print("letter  n      shape   fréchet count  order  dir    most confused with")
            for r in report.letters {
                print(String(format: "%@  %5d  %5.1f   %5.1f   %5.1f  %5.1f  %5.1f  %@",
                             r.label.padding(toLength: 6, withPad: " ", startingAt: 0), r.samples, 100 * r.shapeAccuracy, 100 * r.pathAccuracy,
                             100 * Double(r.strokeCountMatches) / Double(r.samples), 100 * Double(r.orderMatches) / Double(r.samples),
                             100 * Double(r.directionMatches) / Double(r.samples), r.commonShapeConfusion ?? "-"))
            }
            let worstLetters = report.letters.sorted { $0.shapeAccuracy < $1.shapeAccuracy }.prefix(worst)
            print("worst (shape): " + worstLetters.map { String(format: "%@ %.1f %%", $0.label, 100 * $0.shapeAccuracy) }.joined(separator: ", "))
        }
    }
}

/// Reads `{"label": …, "strokes": [[[x, y, …], …], …]}` lines as `feder recognize` does (samples
/// as arrays or `{"x", "y", …}` objects, `"yAxis"` per line, extra fields ignored), gzip or plain. A
/// line that cannot be read is skipped and named, not the end of the run (until 2026-11-29 the
/// first one stopped it, the y axis was not read and object samples were refused).
enum LabelledInkReader {
    private struct Line: Decodable {
        var label: InkLabel
        var strokes: [[FileSample]]
        var yAxis: InkFile.YAxis?
    }

    struct Skipped { var line: Int; var reason: String }

    static func read(path: String, yUp: Bool = false) throws -> (samples: [TemplateEvaluation.Sample], skipped: [Skipped]) {
        let data = try InputReader.read(path)
        let decoder = JSONDecoder()
        var samples: [TemplateEvaluation.Sample] = []
        var skipped: [Skipped] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
            where !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) {
            guard let l = try? decoder.decode(Line.self, from: Data(line)) else {
                skipped.append(Skipped(line: index + 1, reason: "not {\"label\", \"strokes\"} JSON"))
                continue
            }
            let sign = (l.yAxis.map { $0 == .up } ?? yUp) ? -1.0 : 1.0
            var strokes: [[Point]] = []
            var broken = false
            for stroke in l.strokes {
                var points: [Point] = []
                for sample in stroke {
                    guard sample.values.count >= 2, let x = sample.values[0], let y = sample.values[1], x.isFinite, y.isFinite else {
                        broken = true
                        break
                    }
                    points.append(Point(x, sign * y))
                }
                if !points.isEmpty { strokes.append(points) }
            }
            if broken { skipped.append(Skipped(line: index + 1, reason: "a sample without x and y")); continue }
            if strokes.isEmpty { skipped.append(Skipped(line: index + 1, reason: "no ink")); continue }
            samples.append(.init(label: l.label.text, strokes: strokes))
        }
        return (samples, skipped)
    }

    /// At most `perClass` samples per label, taken evenly across the file (so every writer appears).
    static func spread(_ samples: [TemplateEvaluation.Sample], perClass: Int) -> [TemplateEvaluation.Sample] {
        guard perClass > 0 else { return samples }
        let grouped = Dictionary(grouping: samples, by: \.label)
        return grouped.keys.sorted().flatMap { label -> [TemplateEvaluation.Sample] in
            let all = grouped[label]!
            guard all.count > perClass else { return all }
            let step = Double(all.count) / Double(perClass)
            return (0..<perClass).map { all[Int(Double($0) * step)] }
        }
    }
}
