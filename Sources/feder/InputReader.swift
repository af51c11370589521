import ArgumentParser
import Foundation

/// Reads a command's input: a file, a pipe (`<(zcat …)`) or standard input (`-`), gzip-compressed or
/// not. Compression is told by the data's first two bytes (1f 8b), not by the file's name, so a
/// `.ndjson` that is really gzip, or gzip piped in, is read rather than taken for broken lines.
enum InputReader {
    static func read(_ path: String) throws -> Data {
        let raw: Data
        // `readToEnd()`, which throws, not `readDataToEndOfFile()`, which stops the process on a
        // read error (a folder given as the file).
        if path == "-" {
            do { raw = try FileHandle.standardInput.readToEnd() ?? Data() } catch { throw ValidationError("cannot read standard input: \(reason(error))") }
        } else {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw ValidationError("no such file: \(path)") }
            guard !isFolder.boolValue else { throw ValidationError("\(path) is a folder, not a file") }
            // A FileHandle, not Data(contentsOf:): it reads pipes and process substitution too.
            guard let handle = FileHandle(forReadingAtPath: path) else { throw ValidationError("cannot read \(path)") }
            defer { try? handle.close() }
            do { raw = try handle.readToEnd() ?? Data() } catch { throw ValidationError("cannot read \(path): \(reason(error))") }
        }
        guard raw.count >= 2, raw[raw.startIndex] == 0x1F, raw[raw.startIndex + 1] == 0x8B else { return raw }
        return try gunzip(raw, name: path == "-" ? "standard input" : path)
    }

    /// What the system says went wrong, without Foundation's error domain and code.
    static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        return (underlying.map { String(cString: strerror(Int32($0.code))) })
            ?? error.localizedDescription.replacingOccurrences(of: "The operation could not be completed. ", with: "")
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
        let out = (try? pipe.fileHandleForReading.readToEnd()) ?? Data()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("could not decompress \(name)") }
        return out
    }
}
