import Foundation
import Testing
@testable import FederCore

final class MemorySink: ByteSink {
    var bytes: [UInt8] = []
    var writes = 0
    func write(_ chunk: [UInt8]) throws { bytes += chunk; writes += 1 }
    var text: String { String(decoding: bytes, as: UTF8.self) }
}

struct Note { var id: Int; var text: String?; var value: Double?; var at: Date? }

let noteTable = TableSpec<Note>(name: "notes", title: "Notes", description: "test", primaryKey: ["id"], columns: [
    column("id", .integer, "id", required: true) { $0.id.cell },
    column("text", .string, "free text") { $0.text.cell },
    column("value", .number, "a number") { $0.value.cell },
    column("at", .datetime, "a time") { $0.at.cell },
])

@Suite("Table writer")
struct TableWriterTests {
    func written(_ format: ExportFormat, _ rows: [Note], chunk: Int = 1 << 20) throws -> MemorySink {
        let sink = MemorySink()
        let writer = try TableWriter(spec: noteTable, format: format, sink: sink, chunkSize: chunk)
        for row in rows { try writer.write(row) }
        try writer.finish()
        return sink
    }

    @Test func csvQuotesCommasQuotesAndLineBreaksAsRFC4180Says() throws {
        let sink = try written(.csv, [Note(id: 1, text: "Fang oben an, \"beim\" Punkt.\nDann runter.", value: 0.25, at: nil),
                                      Note(id: 2, text: nil, value: nil, at: Date(timeIntervalSince1970: 0))])
        #expect(sink.text == "id,text,value,at\r\n"
            + "1,\"Fang oben an, \"\"beim\"\" Punkt.\nDann runter.\",0.25,\r\n"
            + "2,,,1970-01-01T00:00:00.000+00:00\r\n")
    }

    @Test func integersAreWrittenAsTheirDecimalText() throws {
        let ids = [0, 7, -7, 10, 1_000_000, Int.max, Int.min, -1_234_567_890]
        let csv = try written(.csv, ids.map { Note(id: $0, text: nil, value: nil, at: nil) })
        #expect(csv.text == "id,text,value,at\r\n" + ids.map { "\($0),,,\r\n" }.joined())
        let json = try written(.json, ids.map { Note(id: $0, text: nil, value: nil, at: nil) })
        #expect(json.text == ids.map { #"{"id":\#($0),"text":null,"value":null,"at":null}"# + "\n" }.joined())
    }

    @Test func tsvUsesTabsAndQuotesOnlyWhatNeedsIt() throws {
        let sink = try written(.tsv, [Note(id: 1, text: "a,b\tc", value: 1, at: nil)])
        #expect(sink.text == "id\ttext\tvalue\tat\r\n1\t\"a,b\tc\"\t1\t\r\n")
    }

    @Test func jsonLinesEscapeControlCharactersAndWriteNulls() throws {
        let sink = try written(.json, [Note(id: 7, text: "\"x\"\n\u{1}ü", value: nil, at: nil)])
        #expect(sink.text == "{\"id\":7,\"text\":\"\\\"x\\\"\\n\\u0001ü\",\"value\":null,\"at\":null}\n")
        let object = try JSONSerialization.jsonObject(with: Data(sink.text.utf8)) as? [String: Any]
        #expect(object?["text"] as? String == "\"x\"\n\u{1}ü")
    }

    @Test func rowsLeaveInChunksNotAllAtTheEnd() throws {
        let rows = (0..<1000).map { Note(id: $0, text: String(repeating: "x", count: 50), value: Double($0), at: nil) }
        let sink = try written(.csv, rows, chunk: 4096)
        #expect(sink.writes > 10)
        #expect(sink.text.components(separatedBy: "\r\n").count == 1002)
    }

    @Test func numbersReadBackToTheSameDouble() {
        for value in [0.1, 1.0 / 3, 1e-7, 123_456.789, -2.5, 0.30000000000000004, 7] {
            #expect(Double(Cell.number(value).text!) == value)
        }
        #expect(Cell.number(.nan).text == nil)
        #expect(Cell.number(3).text == "3")
    }

    @Test func timesAreUTCWithMillisecondsAndOffsetForAnyDate() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var random = SeededRandom(seed: 9)
        for _ in 0..<500 {
            let ms = Double(Int64(random.next() % 5_000_000_000_000)) - 1_000_000_000_000
            let date = Date(timeIntervalSince1970: ms / 1000)
            let text = Cell.format(date)
            #expect(text.hasSuffix("+00:00") && text.count == 29, "\(text)")
            let parsed = formatter.date(from: text)
            #expect(parsed.map { abs($0.timeIntervalSince(date)) < 0.0005 } == true, "\(text)")
        }
    }
}
