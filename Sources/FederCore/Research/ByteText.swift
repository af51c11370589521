/// Values written straight into an export buffer, the same text as `Cell.text` gives, without
/// making a String for each.
enum ByteText {
    /// An integer's decimal digits (as `String(value)`).
    static func appendInteger<I: BinaryInteger>(_ value: I, to buffer: inout [UInt8]) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = buffer.count
        repeat {
            buffer.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        buffer[start...].reverse()
    }

    /// A number as `Cell.number` writes it; nothing (CSV) or `null` (JSON) when missing or not finite.
    static func appendNumber(_ value: Double?, json: Bool, to buffer: inout [UInt8]) {
        guard let value, value.isFinite else {
            if json { buffer.append(contentsOf: "null".utf8) }
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            appendInteger(Int64(value), to: &buffer)
        } else {
            buffer.append(contentsOf: value.description.utf8)
        }
    }

    static func appendBoolean(_ value: Bool, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: (value ? "true" : "false").utf8)
    }
}
