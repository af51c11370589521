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
            let char = try context.parameters.require("char")
            let variant = request.uri.queryParameters.get("variant")
            do {
                let glyph = try services.library.glyph(char, script: script, variant: variant)
                return GlyphGeometry(glyph: glyph, tolerance: .standard)
            } catch {
                throw HTTPError(.notFound, message: String(describing: error))
            }
        }
        api.get("attempts") { request, _ -> [AttemptSummary] in
            let limit = request.uri.queryParameters.get("limit", as: Int.self) ?? 20
            let child = request.uri.queryParameters.get("child")
            return try await services.attempts.recent(limit: limit, childID: child).map(AttemptSummary.init)
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

/// An attempt without its ink, for listings.
struct AttemptSummary: ResponseCodable {
    var id: Int64?
    var childID: String?
    var glyph: String
    var script: String
    var variant: String
    var phase: String
    var pointer: PointerKind
    var startedAt: Date
    var finishedAt: Date
    var completed: Bool
    var progress: Double
    var strokes: Int
    var samples: Int

    init(_ r: AttemptRecord) {
        id = r.id; childID = r.childID; glyph = r.glyph; script = r.script; variant = r.variant; phase = r.phase
        pointer = r.pointer; startedAt = r.startedAt; finishedAt = r.finishedAt; completed = r.completed
        progress = r.progress; strokes = r.ink.strokes.count; samples = r.ink.sampleCount
    }
}

extension GlyphGeometry: ResponseEncodable {}
