import Testing
@testable import FederCore

@Suite("Nicknames")
struct NicknameTests {
    @Test func aNameIsCountedAsAPersonReadsItAndByItsScalars() {
        #expect(Nickname.fits("Lena Müller"))
        #expect(Nickname.fits(String(repeating: "a", count: 40)) && !Nickname.fits(String(repeating: "a", count: 41)))
        #expect(Nickname.fits("  " + String(repeating: "ö", count: 40) + "  "), "spaces around do not count")
        // One character as counted, hundreds of scalars: refused.
        #expect(!Nickname.fits("A" + String(repeating: "\u{0301}", count: 300)))
        #expect(Nickname.normalised("  Mia ") == "Mia" && Nickname.normalised("   ") == nil)
    }
}
