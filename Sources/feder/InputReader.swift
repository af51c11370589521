import ArgumentParser
import Foundation

/// Reads a command's input: a file, a pipe (`<(zcat …)`) or standard input (`-`), gzip-compressed or
/// not. Compression is told by the data's first two bytes (1f 8b), not by the file's name, so a
/// `.ndjson` that is really gzip, or gzip piped in, is read rather than taken for broken lines.
enum InputReader {
    static func read(_ path: String) throws -> Data {
        let raw: Data
        if path == "-" {
            raw = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard FileManager.default.fileExists(atPath: path) else { throw ValidationError("no such file: \(path)") }
            // A FileHandle, not Data(contentsOf:): it reads pipes and process substitution too.
            guard let handle = FileHandle(forReadingAtPath: path) else { throw ValidationError("cannot read \(path)") }
            defer { try? handle.close() }
            raw = handle.readDataToEndOfFile()
        }
        guard raw.count >= 2, raw[raw.startIndex] == 0x1F, raw[raw.startIndex + 1] == 0x8B else { return raw }
        return try gunzip(raw, name: path == "-" ? "standard input" : path)
    }

    /// Decompresses with the system's gzip, from a temporary copy (a pipe both ways could stall).
    private static func gunzip(_ data: Data, name: String) throws -> Data {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("feder-input-\(UUID().uuidString).gz")
        try data.write(to: temporary)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc", temporary.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("could not decompress \(name)") }
        return out
    }
}
