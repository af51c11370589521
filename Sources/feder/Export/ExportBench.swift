import ArgumentParser
import FederCore
import FederStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `feder bench export`: a class practising daily for weeks, generated into a scratch database,
/// then exported by a separate `feder export` process whose wall time and peak memory
/// (getrusage of the child: maxrss) are reported. Not a test: numbers go to docs/PERFORMANCE.md.
struct ExportBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export",
                                                    abstract: "Export speed and peak memory for a simulated class.")

    @Option(help: "Children in the class.")
    var children = 30

    @Option(help: "Days of daily practice.")
    var days = 28

    @Option(help: "Phase attempts to generate in all (spread evenly over children and days).")
    var attempts = 100_000

    @Option(help: "Export formats to time, comma-separated.")
    var formats = "csv,json"

    @Option(help: "Keep the scratch data directory here instead of a temporary one (it is not deleted).")
    var keep: String?

    func validate() throws {
        guard children > 0, days > 0, attempts >= 0 else { throw ValidationError("--children and --days must be at least 1, --attempts 0 or more") }
        // The simulated class is written into --keep's database: never into one that holds real children.
        if let keep, FileManager.default.fileExists(atPath: DataDirectory.databaseFile(in: URL(fileURLWithPath: keep, isDirectory: true)).path) {
            throw ValidationError("--keep \(keep) already holds a Feder database; give a new folder")
        }
    }

    func run() async throws {
        let directory = keep.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("feder-bench-export-\(UUID())")
        defer { if keep == nil { try? FileManager.default.removeItem(at: directory) } }
        let clock = ContinuousClock()
        let generation = clock.now
        let generated = try await SimulatedClass(children: children, days: days, attempts: attempts).generate(into: directory)
        let generationSeconds = Self.seconds(clock.now - generation)
        let size = (try? FileManager.default.attributesOfItem(atPath: DataDirectory.databaseFile(in: directory).path)[.size] as? Int) ?? 0
        print(String(format: "export bench: generated %d children, %d lessons, %d attempts (%d with ink, %d samples) in %.1f s; database %.0f MB",
                     children, generated.lessons, generated.attempts, generated.inked, generated.samples, generationSeconds,
                     Double(size) / 1e6))
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        for format in formats.split(separator: ",").map(String.init) {
            for samples in [false, true] {
                let out = directory.appendingPathComponent("export-\(format)-\(samples)")
                var arguments = ["export", "--data", directory.path, "--out", out.path, "--format", format]
                if samples { arguments.append("--samples") }
                let run = try Self.measure(binary, arguments)
                let bytes = try Self.directorySize(out)
                print(String(format: "export bench: format=%@ samples=%@ wall %.2f s, peak memory (maxrss) %.1f MB, files %.0f MB",
                             format, samples ? "yes" : "no", run.seconds, Double(run.maxRSSKilobytes) / 1024, Double(bytes) / 1e6))
                try? FileManager.default.removeItem(at: out)
            }
        }
    }

    /// Runs the command as its own process and waits for exactly that process with `wait4`, whose
    /// resource usage (maxrss, kilobytes on Linux) is then that export's peak memory alone.
    static func measure(_ binary: URL, _ arguments: [String]) throws -> (seconds: Double, maxRSSKilobytes: Int) {
        let argv = ([binary.path] + arguments + ["--quiet"]).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, binary.path, nil, nil, argv, environ)
        guard spawned == 0 else { throw ValidationError("could not start feder export (\(spawned))") }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw ValidationError("lost the feder export process") }
        let seconds = Self.seconds(ContinuousClock.now - start)
        guard status == 0 else { throw ValidationError("feder export failed (status \(status))") }
        return (seconds, Int(usage.ru_maxrss))
    }

    static func directorySize(_ url: URL) throws -> Int {
        try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: [.fileSizeKey]).reduce(0) {
            $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
        }
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}
