import Foundation

/// The file formats of the export.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// RFC 4180: comma, CRLF line ends, fields with a comma, quote, CR or LF in double quotes
    /// (quotes doubled), header row.
    case csv
    /// The same dialect with a tab as the delimiter (so free text with tabs or newlines survives).
    case tsv
    /// JSON Lines: one object per row, keyed by column name, missing values as `null`.
    case json

    public var fileExtension: String {
        switch self {
        case .csv: return "csv"
        case .tsv: return "tsv"
        case .json: return "jsonl"
        }
    }

    public var mediaType: String {
        switch self {
        case .csv: return "text/csv"
        case .tsv: return "text/tab-separated-values"
        case .json: return "application/jsonl"
        }
    }

    var delimiter: UInt8 { self == .tsv ? UInt8(ascii: "\t") : UInt8(ascii: ",") }
}

/// Somewhere bytes go, a chunk at a time.
public protocol ByteSink: AnyObject {
    func write(_ bytes: [UInt8]) throws
}

/// Writes one table's rows as they come: nothing but the current row is held, so memory does not
/// grow with the number of rows. Bytes are gathered into `chunkSize` chunks before going to the sink.
public final class TableWriter<Row> {
    public let spec: TableSpec<Row>
    public let format: ExportFormat
    private let sink: ByteSink
    private var buffer: [UInt8] = []
    private let chunkSize: Int
    private let names: [[UInt8]]
    public private(set) var rowCount = 0

    public init(spec: TableSpec<Row>, format: ExportFormat, sink: ByteSink, chunkSize: Int = 1 << 20) throws {
        self.spec = spec
        self.format = format
        self.sink = sink
        self.chunkSize = chunkSize
        names = spec.columns.map { Array(JSONText.quoted($0.field.name).utf8) }
        buffer.reserveCapacity(chunkSize + 4096)
        if format != .json {
            appendDelimited(spec.columns.map { Cell.string($0.field.name) })
        }
    }

    public func write(_ row: Row) throws {
        if let fastRow = spec.fastRow {
            fastRow(row, format, &buffer)
            rowCount += 1
            if buffer.count >= chunkSize { try flush() }
            return
        }
        // Cell by cell straight into the buffer: no array of cells per row.
        switch format {
        case .csv, .tsv:
            let delimiter = format.delimiter
            for (i, column) in spec.columns.enumerated() {
                if i > 0 { buffer.append(delimiter) }
                appendDelimited(column.value(row), delimiter: delimiter)
            }
            buffer.append(13)
            buffer.append(10)
        case .json:
            buffer.append(UInt8(ascii: "{"))
            for (i, column) in spec.columns.enumerated() {
                if i > 0 { buffer.append(UInt8(ascii: ",")) }
                buffer.append(contentsOf: names[i])
                buffer.append(UInt8(ascii: ":"))
                appendJSON(column.value(row))
            }
            buffer.append(contentsOf: "}\n".utf8)
        }
        rowCount += 1
        if buffer.count >= chunkSize { try flush() }
    }

    /// Writes what is buffered; call once after the last row.
    public func finish() throws { try flush() }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        try sink.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private func appendDelimited(_ cells: [Cell]) {
        let delimiter = format.delimiter
        for (i, cell) in cells.enumerated() {
            if i > 0 { buffer.append(delimiter) }
            appendDelimited(cell, delimiter: delimiter)
        }
        buffer.append(13)
        buffer.append(10)
    }

    private func appendDelimited(_ cell: Cell, delimiter: UInt8) {
        switch cell {
        case .null:
            return
        case .string(let text):
            appendQuotedIfNeeded(text, delimiter: delimiter)
        case .integer(let value):
            ByteText.appendInteger(value, to: &buffer)
        default:
            // Numbers, booleans, times and dates never hold a delimiter, quote or line break.
            if let text = cell.text { buffer.append(contentsOf: text.utf8) }
        }
    }

    private func appendQuotedIfNeeded(_ text: String, delimiter: UInt8) {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == delimiter || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }) else {
            buffer.append(contentsOf: utf8)
            return
        }
        buffer.append(UInt8(ascii: "\""))
        for byte in utf8 {
            if byte == UInt8(ascii: "\"") { buffer.append(byte) }
            buffer.append(byte)
        }
        buffer.append(UInt8(ascii: "\""))
    }

    private func appendJSON(_ cell: Cell) {
        switch cell {
        case .null: buffer.append(contentsOf: "null".utf8)
        case .integer(let value): ByteText.appendInteger(value, to: &buffer)
        case .number, .boolean:
            buffer.append(contentsOf: (cell.text ?? "null").utf8)
        case .string, .datetime, .date:
            buffer.append(contentsOf: JSONText.quoted(cell.text ?? "").utf8)
        }
    }
}

/// JSON string literals, written by hand so rows need no encoder.
public enum JSONText {
    public static func quoted(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// A file written through a buffer-sized `write`; the file is created (or emptied) on open.
public final class FileSink: ByteSink {
    private let handle: FileHandle
    public let url: URL

    public init(url: URL) throws {
        self.url = url
        FileManager.default.createFile(atPath: url.path, contents: nil)
        handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 0)
    }

    public func write(_ bytes: [UInt8]) throws {
        try handle.write(contentsOf: bytes)
    }

    public func close() throws { try handle.close() }

    deinit { try? handle.close() }
}
