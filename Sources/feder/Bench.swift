import ArgumentParser

struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Benchmarks (tracker throughput, WebSocket round trips).")
    func run() async throws {}
}
