import ArgumentParser
import FederCore
import FederServer
import FederStore
import Foundation
import Hummingbird
import HummingbirdWSClient
import Logging
import ServiceLifecycle

/// Round-trip latency of live tracing messages for N simulated children, each sending 120 samples/s
/// (two samples per message at 60 messages/s, as the page batches per frame) to a server on loopback.
struct WebSocketBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "websocket",
                                                    abstract: "WebSocket round-trip latency for N children.")

    @Option(help: "Comma-separated numbers of children to simulate.")
    var children = "1,30,300"

    @Option(help: "Seconds measured per run (after the warm-up).")
    var seconds = 10.0

    @Option(help: "Warm-up seconds per run, not measured (children join one by one during it).")
    var warmup = 4.0

    @Option(help: "Seconds a child's pen is lifted between strokes (0: the next stroke at once).")
    var strokePause = 0.2

    @Option(help: "Seconds between a child's letters, for the celebration (0: the next letter at once).")
    var letterPause = 1.0


    func run() async throws {
        let counts = children.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !counts.isEmpty, counts.allSatisfy({ $0 > 0 }) else { throw ValidationError("--children needs positive numbers") }
        let glyph = try GlyphLibrary.bundled().glyph("a", script: "druck")
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
            // Stopped by a graceful shutdown, not by cancellation, so the server closes without errors.
            let server = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
            group.addTask { try await server.run() }
            var iterator = portStream.makeAsyncIterator()
            guard let port = await iterator.next() else { return }
            // The simulated children trace only (guidedOnly), so every message is live tracking.
            for child in 0..<(counts.max() ?? 0) {
                var record = try await services.lessons.child(id: SimulatedChild.id(child))
                record.condition = .guidedOnly
                try await services.lessons.save(record)
            }
            for n in counts { try await measure(n: n, url: "ws://127.0.0.1:\(port)/v1/session", glyph: glyph) }
            await server.triggerGracefulShutdown()
            try await group.waitForAll()
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
        let pauses = (stroke: Self.frames(strokePause), letter: Self.frames(letterPause))
        let children = (0..<n).map {
            SimulatedChild(index: $0, path: path, glyph: glyph.char, pauses: pauses, recorder: recorder, measureFrom: measureFrom)
        }
        try await LoadDriver(url: url, children: children, stopAt: stopAt, logger: logger).run()
        let summary = LatencySummary(milliseconds: recorder.latencies)
        let rate = Double(recorder.samples) / seconds
        print(String(format: "websocket: children=%d pauses=%.2f/%.2f s samples/s=%.0f errors=%d round trip %@",
                     n, strokePause, letterPause, rate, recorder.errors, summary.description))
    }

    /// Whole 60 Hz frames in a pause of `seconds`.
    static func frames(_ seconds: Double) -> Int { max(0, Int((seconds * 60).rounded())) }
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

/// One child: traces the letter over and over, one "move" with two samples per frame (1/60 s), lifts
/// the pen between strokes and pauses between letters as a child does, and times each reply. Children do not sleep on their own: one ticker drives them all, so the
/// benchmark's own timer overhead stays small next to the server's work.
final class SimulatedChild: @unchecked Sendable {
    let index: Int
    let recorder: LatencyRecorder
    let measureFrom: ContinuousClock.Instant
    let pending = PendingRequests()
    /// Every message of one letter, in order, encoded once: the body, its samples, and the frames
    /// that pass after it before the next message (1 for a move; the pauses after an up).
    let script: [(body: String, samples: Int, frames: Int)]
    private var position = 0
    private var nextID = 0
    private var idleFrames = 0

    init(index: Int, path: [[PenSample]], glyph: String, pauses: (stroke: Int, letter: Int),
         recorder: LatencyRecorder, measureFrom: ContinuousClock.Instant) {
        self.index = index
        self.recorder = recorder
        self.measureFrom = measureFrom
        var script: [(body: String, samples: Int, frames: Int)] = [
            ("\"type\":\"hello\",\"child\":\"\(Self.id(index))\"", 0, 0), ("\"type\":\"start\",\"glyph\":\"\(glyph)\"", 0, 0)]
        for (k, stroke) in path.enumerated() {
            script.append(("\"type\":\"down\",\"pointer\":\"pen\",\"sample\":\(Self.encode(stroke[0]))", 1, 0))
            for i in stride(from: 1, to: stroke.count, by: 2) {
                let batch = stroke[i..<min(i + 2, stroke.count)]
                script.append(("\"type\":\"move\",\"samples\":[\(batch.map(Self.encode).joined(separator: ","))]", batch.count, 1))
            }
            script.append(("\"type\":\"up\"", 0, k + 1 == path.count ? pauses.letter : pauses.stroke))
        }
        self.script = script
    }

    /// Frames one letter takes, pauses included.
    var framesPerLetter: Int { script.dropFirst().reduce(0) { $0 + $1.frames } }

    /// The messages to send this frame: everything up to the next message that lets a frame pass;
    /// nothing while the pen is lifted.
    func nextFrame() -> [String] {
        if idleFrames > 0 { idleFrames -= 1; return [] }
        var out: [String] = []
        while true {
            let (body, samples, frames) = script[position]
            // After the last message the letter starts again (hello only once).
            position = position + 1 == script.count ? 1 : position + 1
            nextID += 1
            pending.sent(id: nextID, samples: samples, at: ContinuousClock.now)
            out.append("{\"id\":\(nextID),\(body)}")
            if frames > 0 { idleFrames = frames - 1; return out }
        }
    }

    /// A stable pseudonymous id per simulated child.
    static func id(_ index: Int) -> String {
        String(format: "00000000-0000-4000-8000-%012d", index)
    }

    static func encode(_ s: PenSample) -> String {
        String(format: "[%.2f,%.2f,%.4f,%.2f]", s.x, s.y, s.t, s.pressure ?? 0)
    }
}

/// Opens one WebSocket per child and drives them all from a single 60 Hz ticker.
struct LoadDriver: Sendable {
    let url: String
    let children: [SimulatedChild]
    let stopAt: ContinuousClock.Instant
    let logger: Logger

    func run() async throws {
        let outbound = OutboundRegistry()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for child in children {
                group.addTask {
                    try await WebSocketClient.connect(url: url, logger: logger) { inbound, writer, _ in
                        await outbound.add(writer, for: child.index)
                        for try await message in inbound.messages(maxSize: 1 << 20) {
                            guard case .text(let text) = message else { continue }
                            child.pending.reply(text, recorder: child.recorder, measureFrom: child.measureFrom)
                        }
                    }
                }
            }
            let writers = await outbound.waitFor(children.count)
            let clock = ContinuousClock()
            var next = clock.now
            // Children do not write in lockstep: they join one by one over the first letter, so
            // their letters start and end at different moments, as in a classroom.
            let framesPerLetter = children.first?.framesPerLetter ?? 1
            var frame = 0
            while clock.now < stopAt {
                // Spread the children over the frame, as real tablets are not in phase.
                for (k, (child, writer)) in zip(children, writers).enumerated() {
                    guard frame >= k * framesPerLetter / children.count else { continue }
                    for text in child.nextFrame() { try await writer.write(.text(text)) }
                    if k % 30 == 29 { try await clock.sleep(until: next + .microseconds(Int64(k) * 16_667 / Int64(children.count))) }
                }
                next += .microseconds(16_667)
                frame += 1
                try await clock.sleep(until: next)
            }
            try await clock.sleep(for: .milliseconds(300))
            for writer in writers { try? await writer.close(.normalClosure, reason: nil) }
            try await group.waitForAll()
        }
    }
}

/// Collects the children's outbound writers as their connections open.
actor OutboundRegistry {
    private var writers: [Int: WebSocketOutboundWriter] = [:]
    private var waiting: [(Int, CheckedContinuation<[WebSocketOutboundWriter], Never>)] = []

    func add(_ writer: WebSocketOutboundWriter, for index: Int) {
        writers[index] = writer
        waiting.removeAll { count, continuation in
            guard writers.count >= count else { return false }
            continuation.resume(returning: ordered)
            return true
        }
    }

    /// Waits until `count` children are connected; returns the writers in child order.
    func waitFor(_ count: Int) async -> [WebSocketOutboundWriter] {
        if writers.count >= count { return ordered }
        return await withCheckedContinuation { waiting.append((count, $0)) }
    }

    private var ordered: [WebSocketOutboundWriter] { writers.keys.sorted().map { writers[$0]! } }
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
