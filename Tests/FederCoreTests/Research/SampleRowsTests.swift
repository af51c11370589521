import Foundation
import Testing
@testable import FederCore

/// The samples table is written by a hand-made encoder (millions of rows); it must give exactly the
/// text its columns give, in every format.
@Suite("Samples rows")
struct SampleRowsTests {
    func written(_ spec: TableSpec<SampleRow>, _ format: ExportFormat, _ rows: [SampleRow]) throws -> String {
        let sink = MemorySink()
        let writer = try TableWriter(spec: spec, format: format, sink: sink, chunkSize: 4096)
        for row in rows { try writer.write(row) }
        try writer.finish()
        return sink.text
    }

    @Test(arguments: ExportFormat.allCases)
    func theFastEncoderWritesWhatTheColumnsWrite(_ format: ExportFormat) throws {
        var rng = SplitMix64(seed: 5)
        let special: [Double] = [0, -0.0, 1, -1, 0.1, 1e15, 1e16, -123456.75, 5e-324, .nan, .infinity, 99.99999999999999]
        let rows = (0..<3000).map { i -> SampleRow in
            func value() -> Double {
                Bool.random(using: &rng) ? special.randomElement(using: &rng)! : Double.random(in: -500...500, using: &rng)
            }
            func maybe() -> Double? { Int.random(in: 0..<3, using: &rng) == 0 ? nil : value() }
            return SampleRow(attemptID: Int64.random(in: 1...Int64(1) << 40, using: &rng), strokeIndex: i % 7, sampleIndex: i,
                             enrolled: Bool.random(using: &rng),
                             sample: PenSample(x: value(), y: value(), t: value(), pressure: maybe(), tiltX: maybe(), tiltY: maybe()))
        }
        var generic = ResearchTables.samples
        generic.fastRow = nil
        #expect(try written(ResearchTables.samples, format, rows) == written(generic, format, rows))
    }
}
