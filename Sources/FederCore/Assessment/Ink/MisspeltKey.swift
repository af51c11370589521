import Foundation

/// A key that differs from one the reader knows only in case (`"Frame"`, `"yaxis"`): read as given it
/// would be ignored, and the file judged without what it meant to say — a ruling, the direction of
/// y — without a word. Files may carry any other keys of their own (a writer, a session); only these
/// near misses are refused.
public struct MisspeltKey: Error, Equatable, Sendable, CustomStringConvertible {
    /// The key as the file spells it, and the one it must be.
    public var found: String
    public var meant: String
    /// Where it stands ("frame" for a key inside the frame; empty at the top).
    public var within: String

    public var description: String {
        "\(within.isEmpty ? "" : "\(within): ")\"\(found)\" is not read; the key is \"\(meant)\" (keys are case-sensitive)"
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Throws for the first key of the object being decoded that matches one of `known` only when
    /// case is ignored. Nothing is thrown for anything that is not an object (its own decoding says so).
    public static func check(_ decoder: any Decoder, known: [String], within: String = "") throws {
        guard let keys = try? decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue) else { return }
        let present = Set(keys)
        for key in keys.sorted() where !known.contains(key) {
            if let meant = known.first(where: { $0.lowercased() == key.lowercased() }), !present.contains(meant) {
                throw MisspeltKey(found: key, meant: meant, within: within)
            }
        }
    }
}
