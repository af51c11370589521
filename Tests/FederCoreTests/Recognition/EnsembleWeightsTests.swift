import Foundation
import Testing
@testable import FederCore

/// The weights file holds one network (version 1) or an ensemble (version 2, `members`) whose
/// logits are averaged. These tests rebuild files from the shipped one: its networks alone, and
/// re-combined, must give the logits the format promises.
@Suite struct EnsembleWeightsTests {
    /// The shipped file split into its parts: the header as JSON and the tensor bytes.
    struct Parts {
        var header: [String: Any]
        var tensorBytes: Data

        init(_ data: Data) throws {
            func u32(_ at: Int) -> Int {
                Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24
            }
            let length = u32(8)
            header = try #require(try JSONSerialization.jsonObject(with: data[12..<(12 + length)]) as? [String: Any])
            var start = 12 + length
            start += (4 - start % 4) % 4
            tensorBytes = data[start...]
        }

        /// The networks of the file: its members, or the one network at the top.
        var networks: [[String: Any]] {
            if let members = header["members"] as? [[String: Any]] { return members }
            return [["trajectory": header["trajectory"]!, "raster": header["raster"]!, "head": header["head"]!]]
        }

        /// A file with the same tensors whose header names `networks` (as members when `version` is 2);
        /// the JSON header says `headerVersion` (default: the file's version).
        func file(version: UInt32, networks: [[String: Any]], headerVersion: Int? = nil) throws -> Data {
            var h = header
            for key in ["trajectory", "raster", "head", "members"] { h[key] = nil }
            if version == 1, let one = networks.first, networks.count == 1 {
                for (k, v) in one { h[k] = v }
            } else {
                h["members"] = networks
            }
            h["version"] = headerVersion ?? Int(version)
            let json = try JSONSerialization.data(withJSONObject: h)
            var out = Data("FDRW".utf8)
            for v in [version, UInt32(json.count)] { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
            out.append(json)
            out.append(contentsOf: [UInt8](repeating: 0, count: (4 - out.count % 4) % 4))
            out.append(tensorBytes)
            return out
        }
    }

    static func logits(_ rec: LetterRecognizer, _ ink: [[Point]]) throws -> [Float] {
        rec.model.logits(try rec.model.preprocessor.features(ink))
    }

    @Test func anEnsembleAveragesItsMembersLogits() throws {
        let parts = try Parts(try Data(contentsOf: RecognitionTestSupport.weightsURL))
        let networks = parts.networks
        let singles = try networks.map { try LetterRecognizer(weightsData: try parts.file(version: 1, networks: [$0])) }
        // a member twice is that member; the first two members together are their mean
        let twice = try LetterRecognizer(weightsData: try parts.file(version: 2, networks: [networks[0], networks[0]]))
        #expect(twice.multiplyAccumulates == 2 * singles[0].multiplyAccumulates)
        let shipped = try RecognitionTestSupport.recognizer()
        #expect(shipped.multiplyAccumulates == singles.map(\.multiplyAccumulates).reduce(0, +))
        for name in ["a", "E", "ß", "h"] {
            let ink = try RecognitionTestSupport.drawn(name)
            let one = try Self.logits(singles[0], ink)
            let d = zip(try Self.logits(twice, ink), one).map { abs($0 - $1) }.max() ?? 1
            #expect(d < 1e-5, "\(name): a member twice differs from the member by \(d)")
            let each = try singles.map { try Self.logits($0, ink) }
            let mean = (0..<one.count).map { i in each.map { $0[i] }.reduce(0, +) / Float(each.count) }
            let ds = zip(try Self.logits(shipped, ink), mean).map { abs($0 - $1) }.max() ?? 1
            #expect(ds < 1e-4, "\(name): the shipped file differs from the mean of its networks by \(ds)")
        }
    }

    @Test func aHeaderWhoseVersionDoesNotMatchItsNetworksIsRefused() throws {
        let parts = try Parts(try Data(contentsOf: RecognitionTestSupport.weightsURL))
        let one = parts.networks[0]
        // version 2 without members, version 1 with members, an empty ensemble, version 3
        let bad: [(UInt32, [[String: Any]], Bool)] = [(2, [one], false), (1, [one, one], true), (2, [], true), (3, [one, one], true)]
        for (version, networks, asMembers) in bad {
            var data = try parts.file(version: version, networks: networks)
            if !asMembers {  // the one network at the top, but the file says version 2
                data = try parts.file(version: 1, networks: networks)
                data[4] = 2
            }
            #expect(throws: RecognitionError.self, "version \(version), \(networks.count) networks") {
                try LetterRecognizer(weightsData: data)
            }
        }
        // an ensemble whose JSON header names another version than the file
        let mismatched = try parts.file(version: 2, networks: [one, one], headerVersion: 1)
        #expect(throws: RecognitionError.self) { try LetterRecognizer(weightsData: mismatched) }
        #expect(throws: Never.self) { try LetterRecognizer(weightsData: try parts.file(version: 2, networks: [one, one])) }
    }
}
