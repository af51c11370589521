import ArgumentParser
import FederCore
import FederServer
import FederStore
import Foundation
import Hummingbird
import HummingbirdWSClient
import Logging

/// Round-trip latency of live tracing messages for N simulated children, each sending 120 samples/s
/// (two samples per message at 60 messages/s, as the page batches per frame) to a server on loopback.
struct WebSocketBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "websocket",
                                                    abstract: "WebSocket round-trip latency for N children.")

    @Option(help: "Comma-separated numbers of children to simulate.")
    var children = "1,30,300"

    @Option(help: "Seconds measured per run (after the warm-up).")
    var seconds = 10.0

    @Option(help: "Warm-up seconds per run, not measured.")
    var warmup = 2.0

    @Option(help: "Connect to this server (ws://host:port/v1/session) instead of starting one in this process.")
    var url: String?

    func run() async throws {
        let counts = children.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !counts.isEmpty, counts.allSatisfy({ $0 > 0 }) else { throw ValidationError("--children needs positive numbers") }
        let glyph = try GlyphLibrary.bundled().glyph("a", script: "druck")
        if let url {
            for n in counts { try await measure(n: n, url: url, glyph: glyph) }
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feder-bench-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let services = try FederServices.open(dataDirectory: directory)
        var logger = Logger(label: "feder-bench")
        logger.logLevel = .error
        let (portStream, portContinuation) = AsyncStream<Int>.makeStream()
        let app = FederApp.make(services: services, host: "127.0.0.1", port: 0, logger: logger) { port in
            portContinuation.yield(port)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            var iterator = portStream.makeAsyncIterator()
            guard let port = await iterator.next() else { return }
            for n in counts { try await measure(n: n, url: "ws://127.0.0.1:\(port)/v1/session", glyph: glyph) }
            group.cancelAll()
        }
    }

    private func measure(n: Int, url: String, glyph: Glyph) async throws {
        let recorder = LatencyRecorder()
        let clock = ContinuousClock()
        let measureFrom = clock.now + .milliseconds(Int(warmup * 1000))
        let stopAt = measureFrom + .milliseconds(Int(seconds * 1000))
        var clientLogger = Logger(label: "feder-bench-client")
        clientLogger.logLevel = .error
        let logger = clientLogger
        let path = PenSimulator(rate: 120, speed: 300).strokes(for: glyph)
        let char = glyph.char
        try await withThrowingTaskGroup(of: Void.self) { group in
            for child in 0..<n {
                group.addTask {
                    try await SimulatedChild(index: child, path: path, glyph: char, recorder: recorder,
                                             measureFrom: measureFrom, stopAt: stopAt, logger: logger).run(url: url)
                }
            }
            try await group.waitForAll()
        }
        let summary = LatencySummary(milliseconds: recorder.latencies)
        let rate = Double(recorder.samples) / seconds
        print(String(format: "websocket: children=%d samples/s=%.0f errors=%d round trip %@",
                     n, rate, recorder.errors, summary.description))
    }
}

/// Collects measurements from all simulated children.
final class LatencyRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var latencies: [Double] = []
    private(set) var samples = 0
    private(set) var errors = 0

    func record(_ ms: Double, samples count: Int) {
        lock.lock(); latencies.append(ms); samples += count; lock.unlock()
    }

    func error() { lock.lock(); errors += 1; lock.unlock() }
}

/// One child: traces the letter over and over, sending a "move" with two samples every 1/60 s and
/// timing each reply.
struct SimulatedChild: Sendable {
    let index: Int
    let path: [[PenSample]]
    let glyph: String
    let recorder: LatencyRecorder
    let measureFrom: ContinuousClock.Instant
    let stopAt: ContinuousClock.Instant
    let logger: Logger

    func run(url: String) async throws {
        let pending = PendingRequests()
        try await WebSocketClient.connect(url: url, logger: logger) { inbound, outbound, _ in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for try await message in inbound.messages(maxSize: 1 << 20) {
                        guard case .text(let text) = message else { continue }
                        pending.reply(text, recorder: recorder, measureFrom: measureFrom)
                    }
                }
                let clock = ContinuousClock()
                // Spread the children's frames over the 16.7 ms frame period.
                var next = clock.now + .microseconds(Int64(index % 60) * 277)
                var id = 0
                func send(_ body: String, samples: Int) async throws {
                    id += 1
                    pending.sent(id: id, samples: samples, at: clock.now)
                    try await outbound.write(.text("{\"id\":\(id),\(body)}"))
                }
                letters: while clock.now < stopAt {
                    try await send("\"type\":\"start\",\"glyph\":\"\(glyph)\"", samples: 0)
                    for stroke in path {
                        try await send("\"type\":\"down\",\"pointer\":\"pen\",\"sample\":\(encode(stroke[0]))", samples: 1)
                        var i = 1
                        while i < stroke.count {
                            try await clock.sleep(until: next)
                            next += .microseconds(16_667)
                            let batch = stroke[i..<min(i + 2, stroke.count)]
                            try await send("\"type\":\"move\",\"samples\":[\(batch.map(encode).joined(separator: ","))]",
                                           samples: batch.count)
                            i += 2
                            if clock.now >= stopAt { break letters }
                        }
                        try await send("\"type\":\"up\"", samples: 0)
                    }
                }
                try await clock.sleep(for: .milliseconds(200))
                try await outbound.close(.normalClosure, reason: nil)
                group.cancelAll()
            }
        }
    }

    private func encode(_ s: PenSample) -> String {
        String(format: "[%.2f,%.2f,%.4f,%.2f]", s.x, s.y, s.t, s.pressure ?? 0)
    }
}

/// Send times by request id, so each reply can be timed.
final class PendingRequests: @unchecked Sendable {
    private let lock = NSLock()
    private var sent: [Int: (ContinuousClock.Instant, Int)] = [:]

    func sent(id: Int, samples: Int, at time: ContinuousClock.Instant) {
        lock.lock(); sent[id] = (time, samples); lock.unlock()
    }

    func reply(_ text: String, recorder: LatencyRecorder, measureFrom: ContinuousClock.Instant) {
        let now = ContinuousClock.now
        // Cheap extraction of "re": replies are small and the benchmark must not be the bottleneck.
        guard let range = text.range(of: "\"re\":") else { return }
        let digits = text[range.upperBound...].prefix { $0.isNumber }
        guard let id = Int(digits) else { return }
        if text.contains("\"type\":\"error\"") { recorder.error() }
        lock.lock()
        let entry = sent.removeValue(forKey: id)
        lock.unlock()
        guard let (time, samples) = entry, samples > 0, time >= measureFrom else { return }
        recorder.record((now - time).milliseconds, samples: samples)
    }
}
