import ArgumentParser
import FederServer
import FederStore
import Foundation
import Hummingbird
import Logging

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the child app, the JSON API and live tracing sessions."
    )

    @Option(help: "Address to listen on. 127.0.0.1 keeps Feder on this machine.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on.")
    var port = 8080

    @Option(name: .customLong("host-name"),
            help: ArgumentHelp("A name the tablets use for this machine, besides its IP addresses, localhost and its own name (repeatable). Requests to other names are refused.",
                               valueName: "name"))
    var hostNames: [String] = []

    @Option(name: .customLong("class-code"),
            help: ArgumentHelp("The six-digit code every tablet enters once when the server listens beyond this machine (--host 0.0.0.0); without it a code is made once and kept with the data. Printed at start.",
                               valueName: "digits"))
    var classCode: String?

    @Option(help: "Data directory (default: $FEDER_DATA, else a per-user data directory).")
    var data: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .notice

    @Option(help: ArgumentHelp("Start the wall clock at this date (ISO 8601, e.g. 2026-11-24T09:00:00Z) and let it run on; for demos and tests of days passing.",
                               valueName: "date"))
    var clockStart: String?

    @Option(help: ArgumentHelp("How long an adult stays signed in after the gate, in seconds.", valueName: "seconds"))
    var adultSessionSeconds = 3600

    @Option(help: ConcurrencyThreads.help)
    var concurrency: ConcurrencyThreads = .swift

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535 (0: any free port)") }
    }

    func run() async throws {
        // Before the server starts any task (a process installs it once; `run` runs once).
        try concurrency.install()
        PrivateFiles.forThisProcess()
        guard adultSessionSeconds > 0 else { throw ValidationError("--adult-session-seconds must be positive") }
        let directory = DataDirectory.resolve(explicit: data)
        var start: Date?
        if let clockStart {
            guard let date = ISO8601DateFormatter().date(from: clockStart) else {
                throw ValidationError("--clock-start must be an ISO 8601 date and time, e.g. 2026-11-24T09:00:00Z")
            }
            start = date
        }
        // Checked before the database opens (which may rebuild an older file for seconds).
        if let classCode {
            guard !Self.isThisMachineOnly(host) else {
                throw ValidationError("--class-code is for a server other devices reach: add --host 0.0.0.0 (or this machine's address)")
            }
            guard ClassCode.isValid(classCode) else { throw ValidationError("the class code is six digits, e.g. --class-code 482913") }
        }
        var logger = Logger(label: "feder")
        logger.logLevel = logLevel
        let services = try FederServices.open(dataDirectory: directory, clock: .system(startingAt: start), logger: logger)
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let startupLogger = logger
        // Served beyond this machine, every other device enters the class code first.
        let code: ClassCode? = Self.isThisMachineOnly(host)
            ? nil
            : try await ClassCode.load(KeyValueStore(database: services.database), requested: classCode)
        let app = FederApp.make(services: services, host: host, port: port,
                                adult: AdultOptions(sessionLength: .seconds(adultSessionSeconds)),
                                hosts: KnownHosts(extra: hostNames), classCode: code, logger: logger,
                                onServerRunning: { boundPort in
            // Once the socket listens, with the port it got (`--port 0` picks a free one); written
            // unbuffered so a script reading our output can connect as soon as it sees the URL.
            FileHandle.standardOutput.write(Data("Feder läuft auf http://\(shownHost):\(boundPort)/  (Daten: \(services.database.file?.path ?? "im Speicher"))\n".utf8))
            if let code {
                FileHandle.standardOutput.write(Data("Klassencode für die Tablets: \(code.code)\n".utf8))
            }
            // After the address line, which scripts and tests read first.
            services.startupRebuild.log(to: startupLogger)
            services.startupRecovery.log(to: startupLogger)
        })
        try await app.runService()
    }

    /// Whether the address keeps the server on this machine (no class code is needed there).
    static func isThisMachineOnly(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
