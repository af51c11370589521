/// A small, strict reader of JSON bytes for the two places that read many pen samples without
/// Codable: the live `move` message (FederServer's `MoveFastPath`) and stored ink
/// (`InkJSONScanner`). Every method answers nil (or false) for anything it does not expect — escapes,
/// a number outside JSON's grammar, a sample of the wrong shape — so its callers fall back to the
/// full decoder, which stays the one definition of the formats. Marked inlinable: it runs per byte
/// on the hot path of another module.
public struct JSONByteScanner {
    public let bytes: UnsafeBufferPointer<UInt8>
    public var index = 0

    @inlinable public init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    @inlinable public mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    /// Whether only whitespace is left.
    @inlinable public mutating func isAtEnd() -> Bool {
        skipSpace()
        return index == bytes.count
    }

    @inlinable public mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    @inlinable public mutating func takeNull() -> Bool {
        skipSpace()
        guard index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
              bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l") else { return false }
        index += 4
        return true
    }

    /// A string of at most 64 bytes without escapes or control characters (keys, kinds, ids).
    @inlinable public mutating func plainString() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") || bytes[index] < 0x20 { return nil }
            index += 1
        }
        guard index < bytes.count, index - start <= 64 else { return nil }
        defer { index += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// A whole number written as a JSON number (no fraction left after rounding, below 10^15).
    @inlinable public mutating func integer() -> Int? {
        let save = index
        guard let n = number(), n == n.rounded(), abs(n) < 1e15 else { index = save; return nil }
        return Int(n)
    }

    /// A finite JSON number (strict grammar: no `+`, no leading zeros, no hex, no `inf`).
    @inlinable public mutating func number() -> Double? {
        skipSpace()
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { return nil }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 } }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else { return nil }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { return nil }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        guard index - start <= 32 else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// A pen sample as `PenSample` encodes it: `[x, y, t]` and up to three numbers or nulls
    /// (pressure, tiltX, tiltY).
    @inlinable public mutating func sample() -> PenSample? {
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

    /// A JSON array whose elements `element` reads; nil if one fails or there are more than `limit`.
    @inlinable public mutating func list<T>(limit: Int = .max, _ element: (inout JSONByteScanner) -> T?) -> [T]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var items: [T] = []
        if take(UInt8(ascii: "]")) { return items }
        repeat {
            guard let item = element(&self) else { return nil }
            items.append(item)
            if items.count > limit { return nil }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? items : nil
    }

    @inlinable static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}
