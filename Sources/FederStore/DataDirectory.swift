import Foundation

/// Where Feder keeps its data: `--data DIR`, else `FEDER_DATA`, else a per-user data directory
/// (`$XDG_DATA_HOME/feder` or `~/.local/share/feder` on Linux, Application Support on Apple systems).
public enum DataDirectory {
    public static func resolve(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit, isDirectory: true) }
        if let fromEnv = environment["FEDER_DATA"], !fromEnv.isEmpty { return URL(fileURLWithPath: fromEnv, isDirectory: true) }
        #if os(Linux)
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("feder", isDirectory: true)
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share/feder", isDirectory: true)
        #else
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.homeDirectoryForCurrentUser
        return support.appendingPathComponent("Feder", isDirectory: true)
        #endif
    }

    /// The SQLite file inside a data directory.
    public static func databaseFile(in directory: URL) -> URL {
        directory.appendingPathComponent("feder.sqlite")
    }
}
