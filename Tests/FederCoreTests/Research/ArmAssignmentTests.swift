import Foundation
import Testing
@testable import FederCore

@Suite("Study arm assignment")
struct ArmAssignmentTests {
    @Test func overThreeThousandRandomIdsEachArmGetsAThirdWithinThreePoints() {
        var counts: [StudyCondition: Int] = [:]
        for _ in 0..<3000 { counts[ArmAssignment.arm(for: UUID().uuidString.lowercased()), default: 0] += 1 }
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
