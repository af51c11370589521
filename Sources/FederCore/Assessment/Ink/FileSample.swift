import Foundation

/// One sample as a file gives it: `[x, y]`, `[x, y, t]` or `[x, y, t, p]` (any of them `null`, more
/// numbers after p ignored), or an object `{"x", "y", "t" or "time", "p" or "pressure"}`, as logs of
/// pointer events write it (other keys ignored). Read as the array form. Ink files (`InkFile`) and
/// `feder recognize`'s lines read samples so.
public struct FileSample: Decodable, Sendable {
    public var values: [Double?]

    private enum Key: String, CodingKey { case x, y, t, time, p, pressure }

    public init(from decoder: any Decoder) throws {
        // The array form first: nearly every file writes it, and a failed try costs an error.
        if let array = try? [Double?](from: decoder) {
            values = array
            return
        }
        let keyed = try decoder.container(keyedBy: Key.self)
        let t = try keyed.decodeIfPresent(Double.self, forKey: .t) ?? keyed.decodeIfPresent(Double.self, forKey: .time)
        let p = try keyed.decodeIfPresent(Double.self, forKey: .p) ?? keyed.decodeIfPresent(Double.self, forKey: .pressure)
        values = [try keyed.decodeIfPresent(Double.self, forKey: .x), try keyed.decodeIfPresent(Double.self, forKey: .y)]
        if t != nil || p != nil { values.append(t) }
        if p != nil { values.append(p) }
    }
}
