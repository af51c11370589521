import Foundation

/// A POSIX ustar archive written file by file, so a download of several export files needs no
/// compression library and no copy of the whole archive in memory.
enum TarArchive {
    static let block = 512

    /// Sends the archive of `files` (each stored as `prefix/name`) to `send` in chunks of at most 1 MiB.
    static func write(files: [URL], prefix: String, send: ([UInt8]) async throws -> Void) async throws {
        for file in files {
            let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
            try await send(header(name: "\(prefix)/\(file.lastPathComponent)", size: size, modified: Date()))
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            var sent = 0
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                try await send(Array(chunk))
                sent += chunk.count
            }
            guard sent == size else { throw CocoaError(.fileReadCorruptFile) }
            let padding = (block - size % block) % block
            if padding > 0 { try await send([UInt8](repeating: 0, count: padding)) }
        }
        try await send([UInt8](repeating: 0, count: 2 * block))
    }

    static func header(name: String, size: Int, modified: Date) -> [UInt8] {
        var h = [UInt8](repeating: 0, count: block)
        func put(_ text: String, at offset: Int, length: Int) {
            for (i, byte) in text.utf8.prefix(length).enumerated() { h[offset + i] = byte }
        }
        func octal(_ value: Int, at offset: Int, length: Int) {
            let digits = String(value, radix: 8)
            put(String(repeating: "0", count: max(0, length - 1 - digits.count)) + digits, at: offset, length: length - 1)
        }
        put(name, at: 0, length: 100)
        octal(0o644, at: 100, length: 8)
        octal(0, at: 108, length: 8)
        octal(0, at: 116, length: 8)
        octal(size, at: 124, length: 12)
        octal(Int(modified.timeIntervalSince1970), at: 136, length: 12)
        put("        ", at: 148, length: 8)  // the checksum counts its own field as spaces
        h[156] = UInt8(ascii: "0")
        put("ustar\0", at: 257, length: 6)
        put("00", at: 263, length: 2)
        let sum = h.reduce(0) { $0 + Int($1) }
        let digits = String(sum, radix: 8)
        put(String(repeating: "0", count: max(0, 6 - digits.count)) + digits, at: 148, length: 6)
        h[154] = 0
        h[155] = UInt8(ascii: " ")
        return h
    }
}
