import FederCore

/// A fast reader for the one hot message, `move` (60 per second per child): it scans the UTF-8
/// bytes directly into samples without Codable. It is deliberately strict and small: anything it
/// does not expect — another type, an unknown field, odd whitespace in numbers, escapes — makes it
/// return nil, and the message goes through the full decoder, which gives the proper typed error.
enum MoveFastPath {
    struct Move {
        var id: RequestID?
        var samples: [PenSample]
    }

    static func parse(_ text: String) -> Move? {
        var text = text
        return text.withUTF8 { bytes in
            var s = Scanner(bytes: bytes)
            return s.move()
        }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        mutating func move() -> Move? {
            var id: RequestID?
            var samples: [PenSample]?
            var isMove = false
            guard take(UInt8(ascii: "{")) else { return nil }
            repeat {
                guard let key = plainString(), take(UInt8(ascii: ":")) else { return nil }
                switch key {
                case "id":
                    if let n = integer() { id = .number(n) } else if let s = plainString() { id = .text(s) } else { return nil }
                case "v":
                    guard integer() == ClientMessageDecoder.protocolVersion else { return nil }
                case "type":
                    guard plainString() == "move" else { return nil }
                    isMove = true
                case "samples":
                    guard let list = sampleList() else { return nil }
                    samples = list
                default:
                    return nil
                }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")), isMove, let samples else { return nil }
            skipSpace()
            guard i == bytes.count, samples.count <= ProtocolLimits.samplesPerMessage else { return nil }
            return Move(id: id, samples: samples)
        }

        mutating func sampleList() -> [PenSample]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var list: [PenSample] = []
            list.reserveCapacity(4)
            if take(UInt8(ascii: "]")) { return list }
            repeat {
                guard let sample = sample() else { return nil }
                list.append(sample)
                if list.count > ProtocolLimits.samplesPerMessage { return nil }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]")) ? list : nil
        }

        /// `[x, y, t]` followed by up to three numbers or nulls (pressure, tiltX, tiltY).
        mutating func sample() -> PenSample? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var values: (Double?, Double?, Double?, Double?, Double?, Double?) = (nil, nil, nil, nil, nil, nil)
            var count = 0
            repeat {
                let value: Double?
                if takeNull() {
                    guard count >= 3 else { return nil }
                    value = nil
                } else {
                    guard let n = number() else { return nil }
                    value = n
                }
                switch count {
                case 0: values.0 = value
                case 1: values.1 = value
                case 2: values.2 = value
                case 3: values.3 = value
                case 4: values.4 = value
                case 5: values.5 = value
                default: return nil
                }
                count += 1
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "]")), count >= 3, let x = values.0, let y = values.1, let t = values.2 else { return nil }
            return PenSample(x: x, y: y, t: t, pressure: values.3, tiltX: values.4, tiltY: values.5)
        }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
            return true
        }

        mutating func takeNull() -> Bool {
            skipSpace()
            guard i + 4 <= bytes.count, bytes[i] == UInt8(ascii: "n"), bytes[i + 1] == UInt8(ascii: "u"),
                  bytes[i + 2] == UInt8(ascii: "l"), bytes[i + 3] == UInt8(ascii: "l") else { return false }
            i += 4
            return true
        }

        /// A string without escapes (anything else falls back to the full decoder).
        mutating func plainString() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = i
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                if bytes[i] == UInt8(ascii: "\\") || bytes[i] < 0x20 { return nil }
                i += 1
            }
            guard i < bytes.count, i - start <= 64 else { return nil }
            defer { i += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        }

        mutating func integer() -> Int? {
            let save = i
            guard let n = number(), n == n.rounded(), abs(n) < 1e15 else { i = save; return nil }
            return Int(n)
        }

        /// A JSON number (strict grammar), parsed as Double. Huge exponents give ±inf, which the
        /// sample filter drops, as the full decoder's path would not.
        mutating func number() -> Double? {
            skipSpace()
            let start = i
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { return nil }
            if bytes[i] == UInt8(ascii: "0") { i += 1 } else { while i < bytes.count, isDigit(bytes[i]) { i += 1 } }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard i < bytes.count, isDigit(bytes[i]) else { return nil }
                while i < bytes.count, isDigit(bytes[i]) { i += 1 }
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard i < bytes.count, isDigit(bytes[i]) else { return nil }
                while i < bytes.count, isDigit(bytes[i]) { i += 1 }
            }
            guard i - start <= 32 else { return nil }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else { return nil }
            return value
        }

        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    }
}
