/// The client's id for a request, echoed as `re` on the reply. A number or a string.
enum RequestID: Codable, Sendable, Hashable {
    case number(Int)
    case text(String)

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let n = try? c.decode(Int.self) {
            self = .number(n)
        } else {
            let s = try c.decode(String.self)
            guard s.utf8.count <= 64 else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "request id longer than 64 bytes")
            }
            self = .text(s)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .number(let n): try c.encode(n)
        case .text(let s): try c.encode(s)
        }
    }
}
