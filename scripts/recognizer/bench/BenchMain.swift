import Foundation

// Single-threaded latency of LetterRecognizer.recognize (preprocessing + network + softmax),
// compiled with `swiftc -O` together with Sources/FederCore/Recognition (see bench_swift.sh).
// Inputs: the hand-drawn letters of the agreement fixture, each also scaled and shifted.
struct FixtureInk: Decodable {
    struct Case: Decodable { let strokes: [[[Double]]] }
    let cases: [Case]
}

@main struct BenchMain {
    static func main() throws {
        let args = CommandLine.arguments
        guard args.count >= 3 else {
            print("usage: bench WEIGHTS FIXTURE [ITERATIONS]")
            return
        }
        let rec = try LetterRecognizer(weightsAt: URL(fileURLWithPath: args[1]))
        let fixture = try JSONDecoder().decode(FixtureInk.self, from: Data(contentsOf: URL(fileURLWithPath: args[2])))
        let iterations = args.count > 3 ? Int(args[3]) ?? 20000 : 20000
        var inks: [[[Point]]] = []
        for (i, c) in fixture.cases.enumerated() {
            let base = c.strokes.map { $0.map { Point($0[0], $0[1]) } }
            for k in 0..<4 {
                let s = 0.5 + Double((i + k) % 7) * 0.4
                inks.append(base.map { $0.map { Point($0.x * s + Double(k) * 13, $0.y * s - Double(k) * 7) } })
            }
        }
        let points = inks.map { $0.reduce(0) { $0 + $1.count } }
        for ink in inks { _ = try rec.recognize(ink) }  // warm-up
        var times = [Double](repeating: 0, count: iterations)
        var sink = 0.0
        for i in 0..<iterations {
            let ink = inks[i % inks.count]
            let t0 = DispatchTime.now().uptimeNanoseconds
            let r = try rec.recognize(ink)
            let t1 = DispatchTime.now().uptimeNanoseconds
            sink += r.confidence
            times[i] = Double(t1 - t0) / 1e6
        }
        times.sort()
        func q(_ p: Double) -> Double { times[min(times.count - 1, Int(Double(times.count) * p))] }
        print("letters: \(iterations) recognitions of \(inks.count) inks (\(points.min()!)–\(points.max()!) points), single thread")
        print("network: \(rec.multiplyAccumulates) multiply-accumulates per letter")
        print(String(format: "per letter: mean %.3f ms, p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms",
                     times.reduce(0, +) / Double(times.count), q(0.5), q(0.9), q(0.99), times.last!))
        if sink < 0 { print(sink) }
    }
}
