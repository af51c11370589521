/// Reads stored ink (`{"pointer": "pen", "strokes": [[[x, y, t, p, tiltX, tiltY], …], …]}`, the
/// layout `Ink` encodes to) in one pass over its bytes. The research export reads millions of
/// samples; Foundation's decoder spends most of that time making a container for every sample.
/// Anything unexpected (another key, a string where a number belongs, a sample of the wrong length)
/// gives nil, and the caller decodes with `JSONDecoder` instead — the scanner is a shortcut, never a
/// second definition of the format.
public enum InkJSONScanner {
    public static func ink(_ json: String) -> Ink? {
        var json = json
        return json.withUTF8 { bytes in
            var s = JSONByteScanner(bytes: bytes)
            var pointer: PointerKind?
            var strokes: [[PenSample]]?
            guard s.take(UInt8(ascii: "{")) else { return nil }
            repeat {
                guard let key = s.plainString(), s.take(UInt8(ascii: ":")) else { return nil }
                switch key {
                case "pointer" where pointer == nil:
                    guard let kind = s.plainString().flatMap(PointerKind.init(rawValue:)) else { return nil }
                    pointer = kind
                case "strokes" where strokes == nil:
                    guard let list = s.list({ $0.list { $0.sample() } }) else { return nil }
                    strokes = list
                default:
                    return nil
                }
            } while s.take(UInt8(ascii: ","))
            guard s.take(UInt8(ascii: "}")), s.isAtEnd(), let pointer, let strokes else { return nil }
            return Ink(pointer: pointer, strokes: strokes)
        }
    }
}
