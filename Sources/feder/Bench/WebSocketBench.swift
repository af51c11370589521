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
/// (one message every two 60 Hz frames with four samples, as the page batches guided tracing;
/// `--rate 240`: eight, as an Apple Pencil's coalesced events; `--frames-per-move 1`: a message
/// every frame, as the page did before 2026-11-25) to a server on loopback — in this process, or with `--url`
/// a `feder serve` in another process (so the load generator does not share the server's cores).
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

    @Option(help: "Seconds from a letter's start to the first pen-down (the page shows the letter and says its prompt first).")
    var startPause = 0.5

    @Option(help: "Pen samples per second (120, or 240 as an Apple Pencil's coalesced events).")
    var rate = 120

    @Option(help: "60 Hz frames per move message (2: as the page sends guided tracing; 1: every frame).")
    var framesPerMove = 2

    @Option(help: "A running server's session URL (ws://host:port/v1/session) instead of one in this process.")
    var url: String?

    @Option(help: "With --url: the server's data directory, where the simulated children are set to guided tracing only.")
    var data: String?

    @Option(help: "With --url: the server's process id, to report its CPU time and memory.")
    var serverPid: Int32?

    @Option(help: ConcurrencyThreads.help)
    var concurrency: ConcurrencyThreads = .swift


    func validate() throws {
        guard seconds.isFinite, seconds > 0 else { throw ValidationError("--seconds must be a positive number") }
        for (name, value) in [("--warmup", warmup), ("--stroke-pause", strokePause), ("--letter-pause", letterPause), ("--start-pause", startPause)] {
            guard value.isFinite, value >= 0 else { throw ValidationError("\(name) must be a number of seconds, 0 or more") }
        }
    }

    func run() async throws {
        let counts = children.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !counts.isEmpty, counts.allSatisfy({ $0 > 0 }) else { throw ValidationError("--children needs positive numbers") }
        guard rate >= 60, rate % 60 == 0 else { throw ValidationError("--rate must be a multiple of 60 (samples per 60 Hz frame)") }
        guard (1...30).contains(framesPerMove) else { throw ValidationError("--frames-per-move must be 1 to 30") }
        try concurrency.install()
        let glyph = try GlyphLibrary.bundled().glyph("a", script: "druck")
        if let url {
            guard let data else { throw ValidationError("--url needs --data: the server's data directory") }
            let lessons = LessonStore(database: try FederDatabase(directory: URL(fileURLWithPath: data)))
            try await Self.prepareChildren(count: counts.max() ?? 0, in: lessons)
            for n in counts { try await measure(n: n, url: url, glyph: glyph, server: serverPid.map(ProcessUsage.init(pid:))) }
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
            // Stopped by a graceful shutdown, not by cancellation, so the server closes without errors.
            let server = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
            group.addTask { try await server.run() }
            var iterator = portStream.makeAsyncIterator()
            guard let port = await iterator.next() else { return }
            try await Self.prepareChildren(count: counts.max() ?? 0, in: services.lessons)
            for n in counts {
                // No CPU or memory figures here: this process holds the load generator too.
                try await measure(n: n, url: "ws://127.0.0.1:\(port)/v1/session", glyph: glyph, server: nil)
            }
            await server.triggerGracefulShutdown()
            try await group.waitForAll()
        }
    }

    /// The simulated children trace only (guidedOnly), so every message is live tracking.
    static func prepareChildren(count: Int, in lessons: LessonStore) async throws {
        for child in 0..<count {
            var record = try await lessons.child(id: SimulatedChild.id(child))
            record.condition = .guidedOnly
            try await lessons.save(record)
        }
    }

    private func measure(n: Int, url: String, glyph: Glyph, server: ProcessUsage?) async throws {
        let recorder = LatencyRecorder()
        let clock = ContinuousClock()
        let measureFrom = clock.now + .milliseconds(Int(warmup * 1000))
        let stopAt = measureFrom + .milliseconds(Int(seconds * 1000))
        var clientLogger = Logger(label: "feder-bench-client")
        clientLogger.logLevel = .error
        let logger = clientLogger
        let path = PenSimulator(rate: Double(rate), speed: 300).strokes(for: glyph)
        let pauses = (start: Self.frames(startPause), stroke: Self.frames(strokePause), letter: Self.frames(letterPause))
        let children = (0..<n).map {
            SimulatedChild(index: $0, path: path, glyph: glyph.char, pauses: pauses, perFrame: rate / 60,
                           framesPerMove: framesPerMove, recorder: recorder, measureFrom: measureFrom)
        }
        let before = server?.read()
        let driver = LoadDriver(url: url, children: children, stopAt: stopAt, logger: logger) {
            // Measured once every child is connected and writing, before the measured seconds.
            server?.read()
        }
        let (connected, usageAtStart) = try await driver.run(measureFrom: measureFrom)
        let after = server?.read()
        let summary = LatencySummary(milliseconds: recorder.latencies)
        let starts = LatencySummary(milliseconds: recorder.startLatencies)
        let samplesPerSecond = Double(recorder.samples) / seconds
        var line = String(format: "websocket: children=%d rate=%d Hz frames/move=%d pauses=%.2f/%.2f/%.2f s samples/s=%.0f errors=%d round trip %@ | letter start %@",
                          n, rate, framesPerMove, startPause, strokePause, letterPause, samplesPerSecond, recorder.errors, summary.description,
                          starts.description)
        if let usageAtStart, let after, after.cpuSeconds > usageAtStart.cpuSeconds {
            let cpu = after.cpuSeconds - usageAtStart.cpuSeconds
            line += String(format: " | server CPU %.2f s of %.1f s (%.0f %% of a core), %.0f samples per CPU-second",
                           cpu, seconds, 100 * cpu / seconds, Double(recorder.samples) / cpu)
        }
        if let before, let connected {
            line += String(format: ", memory %.1f MiB before, %.1f MiB with %d connections (%.0f KiB each)",
                           before.residentMiB, connected.residentMiB, n,
                           (connected.residentMiB - before.residentMiB) * 1024 / Double(n))
        }
        print(line)
    }

    /// Whole 60 Hz frames in a pause of `seconds`.
    static func frames(_ seconds: Double) -> Int { max(0, Int((seconds * 60).rounded())) }
}

/// Collects measurements from all simulated children.
final class LatencyRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var latencies: [Double] = []
    /// Round trips of `start` (the letter's set-up, not a pen sample).
    private(set) var startLatencies: [Double] = []
    private(set) var samples = 0
    private(set) var errors = 0

    func record(_ ms: Double, samples count: Int) {
        lock.lock(); latencies.append(ms); samples += count; lock.unlock()
    }

    func recordStart(_ ms: Double) {
        lock.lock(); startLatencies.append(ms); lock.unlock()
    }

    func error() { lock.lock(); errors += 1; lock.unlock() }
}

/// One child: traces the letter over and over, one "move" every `framesPerMove` frames (1/60 s) with
/// the `perFrame` samples of each of those frames, lifts
/// the pen between strokes and pauses between letters as a child does, and times each reply. Children do not sleep on their own: one ticker drives them all, so the
/// benchmark's own timer overhead stays small next to the server's work.
final class SimulatedChild: @unchecked Sendable {
    let index: Int
    let recorder: LatencyRecorder
    let measureFrom: ContinuousClock.Instant
    let pending = PendingRequests()
    /// Every message of one letter, in order, encoded once: the body, its samples, and the frames
    /// that pass after it before the next message (1 for a move; the pauses after an up).
    let script: [(body: String, timing: Timing, frames: Int)]
    private var position = 0
    private var nextID = 0
    private var idleFrames = 0

    init(index: Int, path: [[PenSample]], glyph: String, pauses: (start: Int, stroke: Int, letter: Int), perFrame: Int,
         framesPerMove: Int, recorder: LatencyRecorder, measureFrom: ContinuousClock.Instant) {
        self.index = index
        self.recorder = recorder
        self.measureFrom = measureFrom
        var script: [(body: String, timing: Timing, frames: Int)] = [
            ("\"type\":\"hello\",\"child\":\"\(Self.id(index))\"", .untimed, 0),
            ("\"type\":\"start\",\"glyph\":\"\(glyph)\"", .letterStart, pauses.start)]
        for (k, stroke) in path.enumerated() {
            script.append(("\"type\":\"down\",\"pointer\":\"pen\",\"sample\":\(Self.encode(stroke[0]))", .samples(1), 0))
            let perMove = perFrame * framesPerMove
            for i in stride(from: 1, to: stroke.count, by: perMove) {
                let batch = stroke[i..<min(i + perMove, stroke.count)]
                // The frames this batch's samples span (the last batch of a stroke may be short).
                let frames = (batch.count + perFrame - 1) / perFrame
                script.append(("\"type\":\"move\",\"samples\":[\(batch.map(Self.encode).joined(separator: ","))]", .samples(batch.count), frames))
            }
            script.append(("\"type\":\"up\"", .untimed, k + 1 == path.count ? pauses.letter : pauses.stroke))
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
            let (body, timing, frames) = script[position]
            // After the last message the letter starts again (hello only once).
            position = position + 1 == script.count ? 1 : position + 1
            nextID += 1
            pending.sent(id: nextID, timing: timing, at: ContinuousClock.now)
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
    /// Read at the start of the measured seconds (the server's CPU time and memory).
    let atMeasureStart: @Sendable () -> ProcessUsage.Reading?

    /// Returns the server's usage once every child was connected, and at the start of the measured seconds.
    func run(measureFrom: ContinuousClock.Instant) async throws -> (connected: ProcessUsage.Reading?, measureStart: ProcessUsage.Reading?) {
        var connected: ProcessUsage.Reading?
        var measureStart: ProcessUsage.Reading?
        let outbound = OutboundRegistry()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for child in children {
                group.addTask {
                    do {
                        try await connect(child, outbound: outbound)
                    } catch {
                        await outbound.failed(error)  // a refused connection ends the run instead of hanging it
                        throw error
                    }
                }
            }
            let writers = try await outbound.waitFor(children.count)

            connected = atMeasureStart()
            let clock = ContinuousClock()
            var next = clock.now
            // Children do not write in lockstep: they join one by one over the first letter, so
            // their letters start and end at different moments, as in a classroom.
            let framesPerLetter = children.first?.framesPerLetter ?? 1
            var frame = 0
            // Up to 60 moments per frame (every 0.28 ms), each with an equal share of the children:
            // their messages arrive spread over the frame, not as one burst.
            let perSlot = max(1, children.count / 60)
            while clock.now < stopAt {
                if measureStart == nil, clock.now >= measureFrom { measureStart = atMeasureStart() }
                // Spread the children over the frame, as real tablets are not in phase.
                for (k, (child, writer)) in zip(children, writers).enumerated() {
                    guard frame >= k * framesPerLetter / children.count else { continue }
                    for text in child.nextFrame() { try await writer.write(.text(text)) }
                    if k % perSlot == perSlot - 1 {
                        try await clock.sleep(until: next + .microseconds(Int64(k + 1) * 16_667 / Int64(children.count)))
                    }
                }
                next += .microseconds(16_667)
                frame += 1
                try await clock.sleep(until: next)
            }
            try await clock.sleep(for: .milliseconds(300))
            for writer in writers { try? await writer.close(.normalClosure, reason: nil) }
            try await group.waitForAll()
        }
        return (connected, measureStart)
    }

    private func connect(_ child: SimulatedChild, outbound: OutboundRegistry) async throws {
        // A refused upgrade throws (`WebSocketClientError.webSocketUpgradeFailed`).
        _ = try await WebSocketClient.connect(url: url, logger: logger) { inbound, writer, _ in
            await outbound.add(writer, for: child.index)
            for try await message in inbound.messages(maxSize: 1 << 20) {
                guard case .text(let text) = message else { continue }
                child.pending.reply(text, recorder: child.recorder, measureFrom: child.measureFrom)
            }
        }
    }
}

/// Collects the children's outbound writers as their connections open.
actor OutboundRegistry {
    private var writers: [Int: WebSocketOutboundWriter] = [:]
    private var waiting: [(Int, CheckedContinuation<[WebSocketOutboundWriter], any Error>)] = []
    private var failure: (any Error)?

    /// A connection failed: every waiter gets the error.
    func failed(_ error: any Error) {
        failure = error
        for (_, continuation) in waiting { continuation.resume(throwing: error) }
        waiting = []
    }

    func add(_ writer: WebSocketOutboundWriter, for index: Int) {
        writers[index] = writer
        waiting.removeAll { count, continuation in
            guard writers.count >= count else { return false }
            continuation.resume(returning: ordered)
            return true
        }
    }

    /// Waits until `count` children are connected; returns the writers in child order.
    func waitFor(_ count: Int) async throws -> [WebSocketOutboundWriter] {
        if let failure { throw failure }
        if writers.count >= count { return ordered }
        return try await withCheckedThrowingContinuation { waiting.append((count, $0)) }
    }

    private var ordered: [WebSocketOutboundWriter] { writers.keys.sorted().map { writers[$0]! } }
}

/// What a sent message's round trip counts for.
enum Timing: Sendable {
    /// Pen samples: the round trip the benchmark is about.
    case samples(Int)
    /// A letter's `start`, reported apart (setting up the letter, not a pen sample).
    case letterStart
    /// `hello` and `up`: not timed.
    case untimed
}

/// Send times by request id, so each reply can be timed.
final class PendingRequests: @unchecked Sendable {
    private let lock = NSLock()
    private var sent: [Int: (ContinuousClock.Instant, Timing)] = [:]

    func sent(id: Int, timing: Timing, at time: ContinuousClock.Instant) {
        lock.lock(); sent[id] = (time, timing); lock.unlock()
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
        guard let (time, timing) = entry, time >= measureFrom else { return }
        switch timing {
        case .samples(let count): recorder.record((now - time).milliseconds, samples: count)
        // The first reply to `start` is `started`: the letter's set-up.
        case .letterStart: recorder.recordStart((now - time).milliseconds)
        case .untimed: break
        }
    }
}
