import Foundation
import Testing
@testable import FederCore

@Suite("Study arm assignment")
struct ArmAssignmentTests {
    /// Version-4 UUIDs (lower case, as the page makes them) from a fixed seed (SplitMix64): the
    /// share below is checked on the same ids every run, so it cannot fail by chance.
    static func seededIDs(_ count: Int, seed: UInt64 = 2026) -> [String] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return (0..<count).map { _ in
            var bytes = [next(), next()].flatMap { v in (0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
            bytes[6] = bytes[6] & 0x0F | 0x40
            bytes[8] = bytes[8] & 0x3F | 0x80
            let hex = bytes.map { String(format: "%02x", $0) }.joined()
            let cuts = [8, 12, 16, 20].map { hex.index(hex.startIndex, offsetBy: $0) }
            return [hex[..<cuts[0]], hex[cuts[0]..<cuts[1]], hex[cuts[1]..<cuts[2]], hex[cuts[2]..<cuts[3]], hex[cuts[3]...]]
                .joined(separator: "-")
        }
    }

    @Test func overThreeThousandRandomIdsEachArmGetsAThirdWithinThreePoints() {
        var counts: [StudyCondition: Int] = [:]
        let ids = Self.seededIDs(3000)
        #expect(Set(ids).count == 3000 && ids.allSatisfy { UUID(uuidString: $0) != nil })
        for id in ids { counts[ArmAssignment.arm(for: id), default: 0] += 1 }
        for arm in ArmAssignment.arms {
            let share = Double(counts[arm] ?? 0) / 3000
            #expect(abs(share - 1.0 / 3) <= 0.03, "\(arm): \(share)")
        }
    }

    @Test func theSameIdAlwaysGetsTheSameArmHoweverItIsWritten() {
        for _ in 0..<200 {
            let id = UUID().uuidString.lowercased()
            let arm = ArmAssignment.arm(for: id)
            #expect(ArmAssignment.arm(for: id) == arm)
            #expect(ArmAssignment.arm(for: id.uppercased()) == arm)
            #expect(ArmAssignment.arm(for: "  \(id)\n") == arm)
        }
    }

    /// The worked example of docs/RESEARCH.md: anyone re-implementing the hash can check against it.
    @Test func theDocumentedExampleHashesAsTheDocsSay() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/RESEARCH.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let id = "3f2504e0-4f89-41d3-9a0c-0305e82c3301"
        let hash = ArmAssignment.hash(id)
        #expect(text.contains("`\(id)`"))
        #expect(text.contains("`0x\(String(hash, radix: 16))`"), "hash \(String(hash, radix: 16)) not in docs/RESEARCH.md")
        #expect(text.contains("`\(ArmAssignment.arm(for: id).rawValue)`"))
        #expect(text.contains("`\(hash % 3)`"))
    }

    @Test func fnv1aMatchesItsPublishedTestVector() {
        // FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c (Fowler/Noll/Vo test suite); the hash is its SplitMix64 finalisation.
        #expect(ArmAssignment.hash("a") == ArmAssignment.splitMix64(0xaf63_dc4c_8601_ec8c))
    }
}
