import FederCore
import FederStore
import Foundation

/// A field of a change that may be left out (keep), sent as `null` (clear) or given a value.
enum Patch<Value: Decodable & Sendable>: Sendable {
    case keep
    case clear
    case set(Value)

    static func decode<Key: CodingKey>(_ key: Key, in c: KeyedDecodingContainer<Key>) throws -> Patch<Value> {
        guard c.contains(key) else { return .keep }
        if try c.decodeNil(forKey: key) { return .clear }
        return .set(try c.decode(Value.self, forKey: key))
    }
}

/// What an adult may change about a child (`PATCH /api/v1/children/:id`): every field optional,
/// `null` for the overrides means "adaptive" again.
struct ChildChange: Decodable, Sendable {
    var name: Patch<String> = .keep
    var animal: Animal?
    var colour: AvatarColour?
    var handedness: Handedness?
    var pointer: PointerKind?
    var script: String?
    var archived: Bool?
    var courseOrder: CourseOrder?
    var dailyGoal: Int?
    var sound: Bool?
    var captions: Bool?
    var toleranceOverride: Patch<Double> = .keep
    var letterScaleOverride: Patch<Double> = .keep
    var openedSteps: Int?
    var haptics: Bool?
    var speechRate: ChildSettings.SpeechRate?
    var appearance: ChildSettings.Appearance?
    var highContrast: Bool?
    var lineWeight: ChildSettings.LineWeight?
    var paperTransfer: Bool?

    enum CodingKeys: String, CodingKey {
        case name, animal, colour, handedness, pointer, script, archived, courseOrder, dailyGoal, sound, captions
        case toleranceOverride, letterScaleOverride, openedSteps, haptics, speechRate, appearance, highContrast, lineWeight
        case paperTransfer
    }

    /// Any field name, to find those this change does not know.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        // A field it does not know (a typo such as `dailygoal`) would otherwise be ignored and the
        // adult told all was saved: it is refused instead.
        let unknown = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue).filter { CodingKeys(stringValue: $0) == nil }
        guard unknown.isEmpty else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown fields: \(unknown.sorted().joined(separator: ", "))"))
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try .decode(.name, in: c)
        animal = try c.decodeIfPresent(Animal.self, forKey: .animal)
        colour = try c.decodeIfPresent(AvatarColour.self, forKey: .colour)
        handedness = try c.decodeIfPresent(Handedness.self, forKey: .handedness)
        pointer = try c.decodeIfPresent(PointerKind.self, forKey: .pointer)
        script = try c.decodeIfPresent(String.self, forKey: .script)
        archived = try c.decodeIfPresent(Bool.self, forKey: .archived)
        courseOrder = try c.decodeIfPresent(CourseOrder.self, forKey: .courseOrder)
        dailyGoal = try c.decodeIfPresent(Int.self, forKey: .dailyGoal)
        sound = try c.decodeIfPresent(Bool.self, forKey: .sound)
        captions = try c.decodeIfPresent(Bool.self, forKey: .captions)
        toleranceOverride = try .decode(.toleranceOverride, in: c)
        letterScaleOverride = try .decode(.letterScaleOverride, in: c)
        openedSteps = try c.decodeIfPresent(Int.self, forKey: .openedSteps)
        haptics = try c.decodeIfPresent(Bool.self, forKey: .haptics)
        speechRate = try c.decodeIfPresent(ChildSettings.SpeechRate.self, forKey: .speechRate)
        appearance = try c.decodeIfPresent(ChildSettings.Appearance.self, forKey: .appearance)
        highContrast = try c.decodeIfPresent(Bool.self, forKey: .highContrast)
        lineWeight = try c.decodeIfPresent(ChildSettings.LineWeight.self, forKey: .lineWeight)
        paperTransfer = try c.decodeIfPresent(Bool.self, forKey: .paperTransfer)
    }

    static let dailyGoals = 1...20
    static let tolerances = 0.5...2.0
    static let letterScales = 0.4...1.0

    /// The problems with this change, in German for the adult (empty when it can be applied).
    func problems(scripts: [String]) -> [String] {
        var problems: [String] = []
        if case .set(let name) = name, let problem = Nickname.germanProblem(name) {
            problems.append(problem)
        }
        if let script, !scripts.contains(script) { problems.append("Unbekannte Schrift: \(script).") }
        if let goal = dailyGoal, !Self.dailyGoals.contains(goal) { problems.append("Das Tagesziel liegt zwischen 1 und 20 Buchstaben.") }
        if case .set(let t) = toleranceOverride, !Self.tolerances.contains(t) { problems.append("Die Toleranz liegt zwischen 0,5 und 2.") }
        if case .set(let s) = letterScaleOverride, !Self.letterScales.contains(s) { problems.append("Die Buchstabengröße liegt zwischen 0,4 und 1.") }
        if let steps = openedSteps, steps < 0 { problems.append("Die Kursposition kann nicht negativ sein.") }
        return problems
    }

    /// Applies the change to `child` at `now`.
    func apply(to child: inout ChildRecord, now: Date) {
        switch name {
        case .keep: break
        case .clear: child.displayName = nil
        case .set(let text):
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            child.displayName = trimmed.isEmpty ? nil : trimmed
        }
        if let animal { child.animal = animal }
        if let colour { child.colour = colour }
        if let handedness { child.handedness = handedness }
        if let pointer { child.pointer = pointer }
        if let script { child.script = script }
        if let archived { child.archivedAt = archived ? (child.archivedAt ?? now) : nil }
        if let courseOrder { child.settings.courseOrder = courseOrder }
        if let dailyGoal { child.settings.dailyGoal = dailyGoal }
        if let sound { child.settings.sound = sound }
        if let captions { child.settings.captions = captions }
        if let haptics { child.settings.haptics = haptics }
        if let speechRate { child.settings.speechRate = speechRate }
        if let appearance { child.settings.appearance = appearance }
        if let highContrast { child.settings.highContrast = highContrast }
        if let lineWeight { child.settings.lineWeight = lineWeight }
        if let paperTransfer { child.settings.paperTransfer = paperTransfer }
        switch toleranceOverride {
        case .keep: break
        case .clear: child.settings.toleranceOverride = nil
        case .set(let value): child.settings.toleranceOverride = value
        }
        switch letterScaleOverride {
        case .keep: break
        case .clear: child.settings.letterScaleOverride = nil
        case .set(let value): child.settings.letterScaleOverride = value
        }
        if let openedSteps { child.settings.openedSteps = min(openedSteps, child.scheduler.course.steps.count) }
    }
}
