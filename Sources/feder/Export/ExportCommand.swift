import ArgumentParser
import FederCore
import FederStore
import Foundation

/// `feder export`: the research tables, `datapackage.json` and `CODEBOOK.md` into a directory.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the research data: tidy tables, datapackage.json and CODEBOOK.md (docs/RESEARCH.md)."
    )

    @Option(help: "Directory to write into (created if missing; files of the same names are replaced).")
    var out: String

    @Option(help: "Data directory (default: $FEDER_DATA, else a per-user data directory).")
    var data: String?

    @Option(help: "csv (RFC 4180), tsv or json (JSON Lines).")
    var format: ExportFormat = .csv

    @Option(help: "Only this child (its pseudonymous id).")
    var child: String?

    @Option(help: "Only lessons that began at or after this time: YYYY-MM-DD (midnight UTC) or ISO 8601 with offset.")
    var since: String?

    @Flag(help: "Also write the samples table (one row per ink sample; large).")
    var samples = false

    @Flag(help: "Only study data: rows written with consent in a running study, and their children; children who never consented are left out.")
    var studyOnly = false

    @Flag(help: "Print nothing.")
    var quiet = false

    func run() throws {
        PrivateFiles.forThisProcess()
        let directory = DataDirectory.resolve(explicit: data)
        let file = DataDirectory.databaseFile(in: directory)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw ValidationError("no Feder database at \(file.path)")
        }
        var sinceDate: Date?
        if let since {
            guard let parsed = ExportDates.parse(since) else { throw ValidationError("--since \(since): not YYYY-MM-DD or ISO 8601") }
            sinceDate = parsed
        }
        let database = try FederDatabase(file: file)
        // Ids are stored as lowercase UUIDs; one copied in capitals names the same child (as in the API's `child=`).
        let child = child.map { UUID(uuidString: $0)?.uuidString.lowercased() ?? $0 }
        // A mistyped id would export empty tables that look like a child who never wrote.
        if let child, try !ChildStore(database: database).exists(id: child) {
            throw ValidationError("--child \(child): no child of this id in \(file.path)")
        }
        let options = ResearchExport.Options(format: format, filter: ExportFilter(childID: child, since: sinceDate, studyOnly: studyOnly), samples: samples)
        let summary: ResearchExport.Summary
        do {
            summary = try ResearchExport.write(from: database, to: URL(fileURLWithPath: out, isDirectory: true), options: options)
        } catch let error as CocoaError {
            throw ValidationError("cannot write the export to \(out): \(InputReader.reason(error))")
        } catch let error as ResearchExport.AnotherExportIsWriting {
            throw ValidationError(error.description)
        }
        guard !quiet else { return }
        for table in summary.rows.keys.sorted() {
            print("\(table): \(summary.rows[table]!) rows")
        }
        print("written to \(out)")
    }
}

extension ExportFormat: ExpressibleByArgument {}
