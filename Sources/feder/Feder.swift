import ArgumentParser

@main
struct Feder: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feder",
        abstract: "Feder: a handwriting tutor for first-graders.",
        subcommands: [Serve.self, GlyphsCommand.self, SpeechCommand.self, Assess.self, RecognizeCommand.self, EvalCommand.self, ExportCommand.self, ForgetPINCommand.self, Bench.self],
        defaultSubcommand: Serve.self
    )
}
