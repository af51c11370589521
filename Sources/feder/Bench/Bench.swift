import ArgumentParser

struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Benchmarks. Build with -c release for numbers worth recording (docs/PERFORMANCE.md).",
        subcommands: [TrackerBench.self, WebSocketBench.self, EchoFloorServer.self, RecognizerBench.self, ExportBench.self]
    )
}
