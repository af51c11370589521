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
            var s = JSONByteScanner(bytes: bytes)
            return move(&s)
        }
    }

    private static func move(_ s: inout JSONByteScanner) -> Move? {
        var id: RequestID?
        var samples: [PenSample]?
        var isMove = false
        guard s.take(UInt8(ascii: "{")) else { return nil }
        repeat {
            guard let key = s.plainString(), s.take(UInt8(ascii: ":")) else { return nil }
            switch key {
            case "id":
                if let n = s.integer() { id = .number(n) } else if let text = s.plainString() { id = .text(text) } else { return nil }
            case "v":
                guard s.integer() == ClientMessageDecoder.protocolVersion else { return nil }
            case "type":
                guard s.plainString() == "move" else { return nil }
                isMove = true
            case "samples":
                guard let list = s.list(limit: ProtocolLimits.samplesPerMessage, { $0.sample() }) else { return nil }
                samples = list
            default:
                return nil
            }
        } while s.take(UInt8(ascii: ","))
        guard s.take(UInt8(ascii: "}")), isMove, let samples, s.isAtEnd() else { return nil }
        return Move(id: id, samples: samples)
    }
}
