import FederCore
import Foundation
import GRDB

/// Writes the research export into a directory: one file per table, `datapackage.json` and
/// `CODEBOOK.md`, all from `ResearchTables`, read in one transaction (a consistent snapshot while
/// children keep practising) and streamed row by row.
public enum ResearchExport {
    public struct Options: Sendable, Equatable {
        public var format: ExportFormat
        public var filter: ExportFilter
        /// Also write the (large) samples table.
        public var samples: Bool

        public init(format: ExportFormat = .csv, filter: ExportFilter = ExportFilter(), samples: Bool = false) {
            self.format = format; self.filter = filter; self.samples = samples
        }
    }

    /// Rows written per table, and the files.
    public struct Summary: Sendable, Equatable, Codable {
        public var rows: [String: Int]
        public var files: [String]
    }

    public static let packageFile = "datapackage.json"
    public static let codebookFile = "CODEBOOK.md"

    public static func write(from database: FederDatabase, to directory: URL, options: Options,
                             now: Date = Date()) throws -> Summary {
        try database.writer.read { db in try staged(in: directory) { try write(db, to: $0, options: options, now: now) } }
    }

    public static func write(from database: FederDatabase, to directory: URL, options: Options,
                             now: Date = Date()) async throws -> Summary {
        try await database.writer.read { db in try staged(in: directory) { try write(db, to: $0, options: options, now: now) } }
    }

    /// Writes the export into a hidden folder inside `directory` and moves its files into place only
    /// once every one is written: an export that fails halfway (a disk that fills, a damaged
    /// database) leaves an earlier export in `directory` as it was. Each file replaces its earlier
    /// version in one step (`rename`); then files an earlier export wrote and this one does not (the
    /// samples table, another format's tables) go, so that what is in the folder is one export, the
    /// one its `datapackage.json` describes. A hidden folder left by an export that was killed
    /// (it holds children's data) is removed first.
    /// Two exports into one folder at once: the second is refused (`AnotherExportIsWriting`) while
    /// the first holds the folder's lock (`flock` on the folder itself, so that no lock file is left
    /// among the researcher's files; released by the system when the process ends, killed or not) —
    /// otherwise the second took the first one's hidden folder for a killed export's and removed it
    /// under it.
    static let stagingPrefix = ".export-in-progress-"

    /// Another export is writing into the same folder now.
    public struct AnotherExportIsWriting: Error, CustomStringConvertible {
        public var directory: String
        public var description: String { "another export is writing into \(directory) now; wait until it has finished" }
    }

    static func staged(in directory: URL, _ write: (URL) throws -> Summary) throws -> Summary {
        let files = FileManager.default
        try files.createDirectory(at: directory, withIntermediateDirectories: true)
        let lock = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: directory.path,
                                                           NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(errno))])
        }
        defer { close(lock) }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { throw AnotherExportIsWriting(directory: directory.path) }
        for name in (try? files.contentsOfDirectory(atPath: directory.path)) ?? [] where name.hasPrefix(stagingPrefix) {
            try? files.removeItem(at: directory.appendingPathComponent(name))
        }
        let staging = directory.appendingPathComponent(stagingPrefix + UUID().uuidString, isDirectory: true)
        try files.createDirectory(at: staging, withIntermediateDirectories: false)
        defer { try? files.removeItem(at: staging) }
        let summary = try write(staging)
        for name in summary.files {
            let from = staging.appendingPathComponent(name).path, to = directory.appendingPathComponent(name).path
            guard rename(from, to) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: to,
                                                               NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(errno))])
            }
        }
        let earlier = Set(ExportFormat.allCases.flatMap { format in
            ResearchTables.schemas.map { DataPackage.fileName(of: $0.name, format: format) }
        }).subtracting(summary.files)
        for name in earlier { try? files.removeItem(at: directory.appendingPathComponent(name)) }
        return summary
    }

    static func write(_ db: Database, to directory: URL, options: Options, now: Date) throws -> Summary {
        let format = options.format, filter = options.filter
        var rows: [String: Int] = [:]
        var files: [String] = []

        func open<Row>(_ spec: TableSpec<Row>) throws -> (TableWriter<Row>, FileSink) {
            let name = DataPackage.fileName(of: spec.name, format: format)
            files.append(name)
            let sink = try FileSink(url: directory.appendingPathComponent(name))
            return (try TableWriter(spec: spec, format: format, sink: sink), sink)
        }
        func close<Row>(_ pair: (TableWriter<Row>, FileSink)) throws {
            try pair.0.finish()
            try pair.1.close()
            rows[pair.0.spec.name] = pair.0.rowCount
        }

        let children = try open(ResearchTables.children)
        try ResearchQueries.children(db, filter) { try children.0.write($0) }
        try close(children)

        let consents = try open(ResearchTables.consents)
        try ResearchQueries.consents(db, filter) { try consents.0.write($0) }
        try close(consents)

        let changes = try open(ResearchTables.armChanges)
        try ResearchQueries.armChanges(db, filter) { try changes.0.write($0) }
        try close(changes)

        let lessons = try open(ResearchTables.lessons)
        try ResearchQueries.lessons(db, filter) { try lessons.0.write($0) }
        try close(lessons)

        // Attempts, their errors and their samples in one pass over the records.
        let attempts = try open(ResearchTables.attempts)
        let errors = try open(ResearchTables.errors)
        let samples = options.samples ? try open(ResearchTables.samples) : nil
        try ResearchQueries.attempts(db, filter, ink: options.samples) { attempt, ink in
            try attempts.0.write(attempt)
            for (index, error) in (attempt.record?.errors ?? []).enumerated() {
                try errors.0.write(ErrorRow(attemptID: attempt.attemptID, errorIndex: index, enrolled: attempt.enrolled, error: error))
            }
            if let samples, let ink {
                for (s, stroke) in ink.strokes.enumerated() {
                    for (i, sample) in stroke.enumerated() {
                        try samples.0.write(SampleRow(attemptID: attempt.attemptID, strokeIndex: s, sampleIndex: i,
                                                      enrolled: attempt.enrolled, sample: sample))
                    }
                }
            }
        }
        try close(attempts)
        try close(errors)
        if let samples { try close(samples) }

        let ratings = try open(ResearchTables.paperRatings)
        try ResearchQueries.paperRatings(db, filter) { try ratings.0.write($0) }
        try close(ratings)

        let schemas = ResearchTables.schemas.filter { !$0.optional || options.samples }
        var filters: [String: String] = ["format": format.rawValue, "samples": options.samples ? "true" : "false"]
        if let child = filter.childID { filters["child"] = child }
        if let since = filter.since { filters["since"] = Cell.format(since) }
        if filter.studyOnly { filters["studyOnly"] = "true" }
        let package = DataPackage(schemas: schemas, format: format, created: now, filters: filters)
        try package.json().write(to: directory.appendingPathComponent(packageFile))
        try Data(Codebook.markdown(schemas, format: format).utf8).write(to: directory.appendingPathComponent(codebookFile))
        files += [packageFile, codebookFile]
        return Summary(rows: rows, files: files)
    }
}
