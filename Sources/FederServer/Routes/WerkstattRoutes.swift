import FederCore
import Foundation
import Hummingbird

/// What Werkstatt's page needs to ask: the ruling, the picture and word prompts, the lines it says
/// and the letters' names. `GET /api/v1/werkstatt`.
struct WerkstattRoutes: Sendable {
    let services: FederServices

    func register<Context: RequestContext>(on router: Router<Context>) {
        router.get("api/v1/werkstatt") { _, _ -> WerkstattPrompts in
            let ruling = try services.library.glyph("M", script: "druck", variant: nil).ruling
            return WerkstattPrompts(ruling: ruling)
        }
    }
}

struct WerkstattPrompts: ResponseEncodable {
    var ruling: Ruling
    var pictures = WerkstattWords.pictures
    var words = WerkstattWords.words
    var lines: [String: Utterance] = [
        "capital": AppPhrases.writeCapital, "small": AppPhrases.writeSmall, "letter": AppPhrases.writeLetter,
        "picture": AppPhrases.writePicture,
        "word": AppPhrases.writeWord, "free": AppPhrases.writeFree,
    ]
    /// Letter names by character ("M" → "Emm"), capital and small letters alike.
    var names: [String: Utterance] = {
        var names: [String: Utterance] = [:]
        for char in "ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜß" {
            let c = String(char)
            if let name = LetterNames.name(of: c) { names[c] = name; names[c.lowercased()] = name }
        }
        return names
    }()
}
