import Foundation

/// Reads stored ink (`{"pointer": "pen", "strokes": [[[x, y, t, p, tiltX, tiltY], …], …]}`, the
/// layout `Ink` encodes to) in one pass over its bytes. The research export reads millions of
/// samples; Foundation's decoder spends most of that time making a container for every sample. Anything
/// the scanner does not expect (another key, a string where a number belongs, a sample of the wrong
/// length) gives nil, and the caller decodes with `JSONDecoder` instead — the scanner is a shortcut,
/// never a second definition of the format.
public enum InkJSONScanner {
    public static func ink(_ json: String) -> Ink? {
        var json = json
        return json.withUTF8 { bytes in
            var scanner = Scanner(bytes: bytes)
            return scanner.ink()
        }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
            return true
        }

        /// A string without escapes (keys and the pointer kind never have any).
        mutating func plainString() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = i
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                if bytes[i] == UInt8(ascii: "\\") { return nil }
                i += 1
            }
            guard i < bytes.count else { return nil }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            i += 1
            return text
        }

        /// A JSON number, or nil for anything else (`null` is handled by the caller).
        mutating func number() -> Double? {
            skipSpace()
            let start = i
            while i < bytes.count {
                let b = bytes[i]
                guard (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
                        || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") else { break }
                i += 1
            }
            let length = i - start
            guard length > 0, length < 40 else { return nil }
            let first = bytes[start]
            guard first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39) else { return nil }
            // strtod needs a terminated string: copy the token (at most 39 bytes) onto the stack.
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { buffer -> Double? in
                for k in 0..<length { buffer[k] = CChar(bitPattern: bytes[start + k]) }
                buffer[length] = 0
                var end: UnsafeMutablePointer<CChar>?
                let value = strtod(buffer.baseAddress!, &end)
                guard let end, end - buffer.baseAddress! == length, value.isFinite else { return nil }
                return value
            }
        }

        mutating func optionalNumber() -> Double?? {
            skipSpace()
            if i + 4 <= bytes.count, bytes[i] == UInt8(ascii: "n"), bytes[i + 1] == UInt8(ascii: "u"),
               bytes[i + 2] == UInt8(ascii: "l"), bytes[i + 3] == UInt8(ascii: "l") {
                i += 4
                return .some(nil)
            }
            return number().map { .some($0) }
        }

        mutating func sample() -> PenSample? {
            guard take(UInt8(ascii: "[")), let x = number(), take(UInt8(ascii: ",")), let y = number(),
                  take(UInt8(ascii: ",")), let t = number() else { return nil }
            var extra: [Double?] = []
            while take(UInt8(ascii: ",")) {
                guard extra.count < 3, let value = optionalNumber() else { return nil }
                extra.append(value)
            }
            guard take(UInt8(ascii: "]")), extra.count != 2 else { return nil }
            return PenSample(x: x, y: y, t: t, pressure: extra.first ?? nil,
                             tiltX: extra.count > 1 ? extra[1] : nil, tiltY: extra.count > 2 ? extra[2] : nil)
        }

        mutating func list<T>(_ element: (inout Scanner) -> T?) -> [T]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var items: [T] = []
            if take(UInt8(ascii: "]")) { return items }
            repeat {
                guard let item = element(&self) else { return nil }
                items.append(item)
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]")) ? items : nil
        }

        mutating func ink() -> Ink? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var pointer: PointerKind?
            var strokes: [[PenSample]]?
            repeat {
                guard let key = plainString(), take(UInt8(ascii: ":")) else { return nil }
                switch key {
                case "pointer" where pointer == nil:
                    guard let text = plainString(), let kind = PointerKind(rawValue: text) else { return nil }
                    pointer = kind
                case "strokes" where strokes == nil:
                    guard let list = list({ $0.list { $0.sample() } }) else { return nil }
                    strokes = list
                default:
                    return nil
                }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")), let pointer, let strokes else { return nil }
            skipSpace()
            guard i == bytes.count else { return nil }
            return Ink(pointer: pointer, strokes: strokes)
        }
    }
}
