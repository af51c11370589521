import Testing
@testable import FederServer

/// The names the server answers to (DNS rebinding: a site that points its own name at this machine).
@Suite("Known host names")
struct KnownHostsTests {
    let hosts = KnownHosts(extra: ["Klasse-1a.schule.at."], machineName: "lehrer-laptop.fritz.box")

    @Test(arguments: ["127.0.0.1:8080", "192.168.1.20:8080", "10.0.0.5", "[::1]:8080", "[fe80::1]", "localhost:8080",
                      "LOCALHOST", "app.localhost:8080", "lehrer-laptop.fritz.box:8080", "lehrer-laptop:8080",
                      "lehrer-laptop.local:8080", "klasse-1a.schule.at", "localhost.:8080"])
    func ownNamesAreAnswered(authority: String) {
        #expect(hosts.allows(authority))
    }

    @Test(arguments: ["rebind.attacker.example:8080", "127.0.0.1.attacker.example", "localhost.attacker.example",
                      "256.1.1.1", "1.2.3", "lehrer-laptop.evil.example", "evil.local:8080", "schule.at"])
    func otherNamesAreRefused(authority: String) {
        #expect(!hosts.allows(authority))
    }

    @Test func aRequestWithoutHostIsNoRebinding() {
        #expect(hosts.allows(nil) && hosts.allows(""))
    }
}
