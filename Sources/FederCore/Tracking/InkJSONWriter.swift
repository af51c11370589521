/// Writes ink and pen samples as JSON in the layout their `Codable` conformances define
/// (`{"pointer":"pen","strokes":[[[x,y,t],[x,y,t,p],…]]}`, a sample as `[x, y, t, p, tiltX, tiltY]`
/// with trailing unknowns left out), without an encoder. Storing a finished letter through
/// `JSONEncoder` cost about a tenth of the live server's CPU (a container and a boxed value per
/// number); this is the writing half of `InkJSONScanner`. Numbers are Swift's shortest round-trip
/// form, so reading gives back the same bits. Answers nil when a number is not finite: JSON has no
/// spelling for it (a lesson never holds one; `SampleFilter` drops such samples).
public enum InkJSONWriter {
    public static func json(_ ink: Ink) -> String? {
        var out = String()
        out.reserveCapacity(40 + 32 * ink.sampleCount)
        out += "{\"pointer\":\""
        out += ink.pointer.rawValue
        out += "\",\"strokes\":["
        for (i, stroke) in ink.strokes.enumerated() {
            if i > 0 { out += "," }
            guard append(stroke, to: &out) else { return nil }
        }
        out += "]}"
        return out
    }

    public static func json(_ samples: [PenSample]) -> String? {
        var out = String()
        out.reserveCapacity(2 + 32 * samples.count)
        guard append(samples, to: &out) else { return nil }
        return out
    }

    private static func append(_ samples: [PenSample], to out: inout String) -> Bool {
        out += "["
        for (i, sample) in samples.enumerated() {
            if i > 0 { out += "," }
            guard append(sample, to: &out) else { return false }
        }
        out += "]"
        return true
    }

    private static func append(_ s: PenSample, to out: inout String) -> Bool {
        // The same fields as `PenSample.encode(to:)`: pressure is written when any optional is known,
        // the tilts when either is.
        let hasTilt = s.tiltX != nil || s.tiltY != nil
        let hasPressure = s.pressure != nil || hasTilt
        out += "["
        guard number(s.x, to: &out) else { return false }
        out += ","
        guard number(s.y, to: &out) else { return false }
        out += ","
        guard number(s.t, to: &out) else { return false }
        if hasPressure {
            out += ","
            guard optional(s.pressure, to: &out) else { return false }
        }
        if hasTilt {
            out += ","
            guard optional(s.tiltX, to: &out) else { return false }
            out += ","
            guard optional(s.tiltY, to: &out) else { return false }
        }
        out += "]"
        return true
    }

    private static func optional(_ value: Double?, to out: inout String) -> Bool {
        guard let value else {
            out += "null"
            return true
        }
        return number(value, to: &out)
    }

    private static func number(_ value: Double, to out: inout String) -> Bool {
        guard value.isFinite else { return false }
        // `description` is the shortest form that reads back as the same Double ("12.5", "1e-05",
        // "100.0"): all valid JSON numbers.
        out += value.description
        return true
    }
}
