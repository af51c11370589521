import Foundation

/// A child's picture on "Wer schreibt heute?": an animal on a coloured disc. A child who cannot
/// read finds itself by its animal and colour.
public struct Avatar: Sendable, Equatable, Codable {
    public var animal: Animal
    public var colour: AvatarColour

    public init(animal: Animal, colour: AvatarColour) {
        self.animal = animal
        self.colour = colour
    }
}

public enum Animal: String, Sendable, Codable, CaseIterable {
    case fuchs, igel, hase, baer, katze, eule, maus, frosch, pinguin, loewe, elefant, schildkroete

    /// What the page says when the avatar is tapped and no nickname is set.
    public var spokenName: Utterance {
        let words: [Animal: String] = [
            .fuchs: "Der Fuchs", .igel: "Der Igel", .hase: "Der Hase", .baer: "Der Bär", .katze: "Die Katze",
            .eule: "Die Eule", .maus: "Die Maus", .frosch: "Der Frosch", .pinguin: "Der Pinguin", .loewe: "Der Löwe",
            .elefant: "Der Elefant", .schildkroete: "Die Schildkröte",
        ]
        return Utterance(key: "animal.\(rawValue)", text: words[self] ?? rawValue)
    }
}

public enum AvatarColour: String, Sendable, Codable, CaseIterable {
    case rot, orange, gelb, gruen, blau, lila
}

public enum Handedness: String, Sendable, Codable, CaseIterable {
    case right, left
}
