import ArgumentParser

@main
struct Feder: AsyncParsableCommand {
    func run() async throws {}
}
