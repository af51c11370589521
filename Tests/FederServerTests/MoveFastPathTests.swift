import FederCore
import Foundation
import Testing
@testable import FederServer

@Suite("Fast path for move messages")
struct MoveFastPathTests {
    @Test(arguments: [
        #"{"id":12,"type":"move","samples":[[1.5,2,0.25,0.5],[3,4,0.26,null,10,-5]]}"#,
        #"{ "type" : "move" , "samples" : [ [1, 2, 3] ] , "id" : "x-1", "v": 1 }"#,
        #"{"type":"move","samples":[]}"#,
        #"{"type":"move","samples":[[1e308,-2E-3,0]]}"#,
    ])
    func agreesWithTheFullDecoder(text: String) throws {
        let fast = try #require(MoveFastPath.parse(text))
        let full = ClientMessageDecoder().decode(Data(text.utf8))
        #expect(full.id == fast.id)
        #expect(try full.message.get() == .move(samples: fast.samples))
    }

    @Test(arguments: [
        #"{"type":"down","pointer":"pen","sample":[1,2,3]}"#,
        #"{"type":"move","samples":[[NaN,1,2]]}"#,
        #"{"type":"move","samples":[[1,2]]}"#,
        #"{"type":"move","samples":[[1,2,3]],"extra":true}"#,
        #"{"type":"move","samples":[[1,2,3]]} trailing"#,
        #"{"type":"move","samples":[[01,2,3]]}"#,
        #"{"type":"move","samples":[[1e999,2,3]]}"#,
        #"{"type":"mo\u0076e","samples":[[1,2,3]]}"#,
        #"{"type":"move","v":2,"samples":[[1,2,3]]}"#,
        #"{"type":"move","samples":[[1,2,3,4,5,6,7]]}"#,
    ])
    func leavesEverythingElseToTheFullDecoder(text: String) {
        #expect(MoveFastPath.parse(text) == nil)
    }

    @Test func oversizedBatchesFallBackAndAreRefused() async throws {
        let many = Array(repeating: "[1,2,3]", count: ProtocolLimits.samplesPerMessage + 1).joined(separator: ",")
        let text = #"{"type":"move","samples":[\#(many)]}"#
        #expect(MoveFastPath.parse(text) == nil)
        if case .failure(let e) = ClientMessageDecoder().decode(Data(text.utf8)).message {
            #expect(e.code == .tooManySamples)
        } else {
            Issue.record("expected too_many_samples")
        }
    }

    @Test func eventRepliesAreValidJSONMatchingTheEncoder() throws {
        let reply = ServerMessage.events(re: .text("a\"b"), events: [.tracker(.checkpoint(stroke: 1, index: 2, progress: 0.33333)),
                                                                    .tracker(.proximity(.near)), .tracker(.strokeDone(stroke: 1)),
                                                                    .tracker(.letterDone)], ignored: 2)
        let handWritten = try ReplyWriter().text(reply)
        let object = try JSONSerialization.jsonObject(with: Data(handWritten.utf8)) as? [String: Any]
        let viaEncoder = try JSONSerialization.jsonObject(with: JSONEncoder().encode(reply)) as? [String: Any]
        #expect(object?["re"] as? String == "a\"b")
        #expect(NSDictionary(dictionary: object ?? [:]).isEqual(to: viaEncoder ?? [:]))
    }
}

extension MoveFastPath.Move: Equatable {
    public static func == (a: Self, b: Self) -> Bool { a.id == b.id && a.samples == b.samples }
}
