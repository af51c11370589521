import FederCore
import FederStore
import Foundation
import Hummingbird

/// The JSON API under `/api/v1`.
struct APIRoutes: Sendable {
    let services: FederServices

    func register<Context: RequestContext>(on router: Router<Context>) {
        let api = router.group("api/v1")
        api.get("health") { _, _ in Health(status: "ok", protocol: ClientMessageDecoder.protocolVersion) }
        api.get("glyphs") { _, _ in self.glyphList() }
        api.get("glyphs/:script/:char") { request, context -> GlyphGeometry in
            let script = try context.parameters.require("script")
            // The router hands the path's component as sent: "%C3%A4" for ä, as a page's
            // encodeURIComponent writes it (the adults' dashboard did, and got 404 for Ä Ö Ü ä ö ü ß).
            let sent = try context.parameters.require("char")
            let char = sent.removingPercentEncoding ?? sent
            let variant = request.uri.queryParameters.get("variant")
            do {
                let glyph = try services.library.glyph(char, script: script, variant: variant)
                return GlyphGeometry(glyph: glyph, tolerance: .standard)
            } catch {
                throw HTTPError(.notFound, message: String(describing: error))
            }
        }
        api.get("records") { request, _ -> [RecordSummary] in
            let limitText = request.uri.queryParameters.get("limit")
            guard let limit = limitText.map({ Int($0) }) ?? 20, (0...1000).contains(limit) else {
                throw HTTPError(.badRequest, message: "limit: expected a whole number from 0 to 1000")
            }
            let child = try QueryValues.child(request)
            return try await services.lessons.recentRecords(limit: limit, childID: child).map(RecordSummary.init)
        }
    }

    private func glyphList() -> GlyphList {
        GlyphList(scripts: services.library.scriptIDs.map { script in
            GlyphList.Script(id: script, name: services.library.scripts[script]?.name ?? script,
                             glyphs: services.library.characters(in: script).map { char in
                                 GlyphList.Entry(char: char, variants: services.library.variants(of: char, script: script).map(\.variant))
                             })
        })
    }
}

struct Health: ResponseCodable {
    var status: String
    var `protocol`: Int
}

struct GlyphList: ResponseCodable {
    var scripts: [Script]
    struct Script: Codable { var id: String; var name: String; var glyphs: [Entry] }
    struct Entry: Codable { var char: String; var variants: [String] }
}

/// A phase record without its ink and details, for listings.
struct RecordSummary: ResponseCodable {
    var id: Int64?
    var lessonID: String
    var childID: String?
    var condition: String
    var glyph: String
    var script: String
    var variant: String
    var phase: String
    var attempt: Int
    var outcome: String
    var completed: Bool
    var pointer: PointerKind?
    var startedAt: Date
    var endedAt: Date
    var score: Double?
    var stars: Int?
    var strokes: Int
    var samples: Int

    init(_ r: PhaseRecordRow) {
        id = r.id; lessonID = r.lessonID; childID = r.childID; condition = r.condition.rawValue; glyph = r.glyph
        script = r.script; variant = r.variant; phase = r.phase; attempt = r.attempt; outcome = r.outcome
        completed = r.completed; pointer = r.pointer; startedAt = r.startedAt; endedAt = r.endedAt; score = r.score
        stars = r.stars; strokes = r.ink?.strokes.count ?? 0; samples = r.ink?.sampleCount ?? 0
    }
}

extension GlyphGeometry: ResponseEncodable {}
