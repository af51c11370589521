/// Whole numbers written out in German words ("347" → "dreihundertsiebenundvierzig"), for the adult
/// gate: an adult reads the words and types the digits, a child who cannot read yet cannot.
public enum GermanNumberWords {
    private static let units = ["", "ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"]
    private static let teens = ["zehn", "elf", "zwölf", "dreizehn", "vierzehn", "fünfzehn", "sechzehn", "siebzehn",
                                "achtzehn", "neunzehn"]
    private static let tens = ["", "", "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig", "neunzig"]

    /// The words for `number` in 0…999.
    public static func words(_ number: Int) -> String {
        precondition((0...999).contains(number), "only 0…999")
        if number == 0 { return "null" }
        let hundreds = number / 100, rest = number % 100
        var text = hundreds > 0 ? units[hundreds] + "hundert" : ""
        switch rest {
        case 0: break
        case 1: text += "eins"  // "eins" alone or at the end, "ein" inside a compound
        case 2..<10: text += units[rest]
        case 10..<20: text += teens[rest - 10]
        default:
            let unit = rest % 10
            text += (unit > 0 ? units[unit] + "und" : "") + tens[rest / 10]
        }
        return text
    }
}
