import ArgumentParser
import FederServer
import FederStore
import Foundation

/// `feder forget-pin`: removes a forgotten parent PIN (docs/ADULT.md). It runs on the machine that
/// holds the data, never through the browser.
struct ForgetPINCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget-pin",
        abstract: "Remove a forgotten parent PIN and its lock-out; set a new one in the class overview afterwards."
    )

    @Option(help: "Data directory (default: $FEDER_DATA, else a per-user data directory).")
    var data: String?

    func run() async throws {
        PrivateFiles.forThisProcess()
        let file = DataDirectory.databaseFile(in: DataDirectory.resolve(explicit: data))
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw ValidationError("no Feder database at \(file.path)")
        }
        let database = try FederDatabase(file: file)
        if try await ForgottenPIN.forget(in: database) {
            print("The parent PIN is removed. Open the adult area (the number task alone now) and set a new PIN under \u{201E}Eltern-PIN\u{201C}.")
        } else {
            print("No parent PIN was set.")
        }
    }
}
