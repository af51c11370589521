/// The task that opens the adult area: a three-digit number written only in German words, to be typed
/// on a keypad whose keys are shuffled each time. An adult reads it at once; a child who cannot read
/// has one chance in 900 per try and, after a few wrong tries, waits (`LockoutPolicy.gate`).
public struct GateChallenge: Sendable, Equatable, Codable {
    public var id: String
    public var number: Int
    public var words: String
    /// The order of the digit keys on the keypad.
    public var keypad: [Int]

    public var instruction: String { "Tippe die Zahl \(words)." }

    public static func make(using random: inout some RandomNumberGenerator) -> GateChallenge {
        let number = Int.random(in: 100...999, using: &random)
        let id = (0..<16).map { _ in
            let byte = UInt8.random(in: 0...255, using: &random)
            return String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
        }.joined()
        return GateChallenge(id: id, number: number, words: GermanNumberWords.words(number),
                             keypad: Array(0...9).shuffled(using: &random))
    }

    /// Whether `answer` (the typed digits) is the number; spaces are ignored, nothing else is.
    public func accepts(_ answer: String) -> Bool {
        let digits = answer.filter { !$0.isWhitespace }
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) && Int(digits) == number && digits.count == 3
    }
}
