import Testing
@testable import FederCore

@Suite("Nicknames")
struct NicknameTests {
    @Test func aNameIsCountedAsAPersonReadsItAndByItsScalars() {
        #expect(Nickname.fits("Lena Müller"))
        #expect(Nickname.fits(String(repeating: "a", count: 40)) && !Nickname.fits(String(repeating: "a", count: 41)))
        #expect(Nickname.problem(String(repeating: "a", count: 41)) == .tooLong)
        #expect(Nickname.fits("  " + String(repeating: "ö", count: 40) + "  "), "spaces around do not count")
        // One character as counted, hundreds of scalars: refused.
        #expect(!Nickname.fits("A" + String(repeating: "\u{0301}", count: 300)))
        #expect(Nickname.normalised("  Mia ") == "Mia" && Nickname.normalised("   ") == nil)
    }

    @Test func aNameHoldsNothingUnseenThatBreaksTheLineOrTurnsTheText() {
        for name in ["Anna\nZeile", "Anna\tB", "Anna\u{0}", "Ann\u{200B}a", "Anna\u{202E}lA", "Anna\u{2066}x", "Anna\u{2028}B",
                     "Mia\u{FEFF}", "Mia\u{00AD}"] {
            #expect(Nickname.problem(name) == .unseenCharacter, "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // Emoji sequences joined by a zero-width joiner, accents, other scripts: names as people write them.
        for name in ["Zoë 🧑‍🦰", "👨‍👩‍👧", "José", "Ömer Çelik", "Лена", "محمد", "李明", "O'Brien-Smith", "  Mia\n",
                     "Tom \u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"] {
            #expect(Nickname.fits(name), "\(name)")
        }
    }
}
