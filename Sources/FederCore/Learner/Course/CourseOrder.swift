import Foundation

/// The order in which a course introduces letters. Where each comes from is in docs/LEARNING.md.
public enum CourseOrder: String, Sendable, Codable, CaseIterable {
    /// The order Austrian first-grade primers (Fibeln) broadly follow: letters that build many short
    /// words early (M, A, L, I, O, E, S …), rare letters (V, C, Y, X, Q) last; capital and small
    /// letter of a sound are introduced together.
    case primer
    /// Letters grouped by the movements they share (after Berninger et al. 2006): straight down,
    /// then across, slanted, round, round with a line.
    case motorSimilarity
    /// A to Z, then the umlauts and ß; capital and small letter together.
    case alphabetical
}

/// One step of a course: the letters introduced together (usually a capital and its small letter).
public struct CourseStep: Sendable, Equatable, Codable {
    public var chars: [String]
    public init(_ chars: [String]) { self.chars = chars }
}

/// A sticker is earned for each group finished. Groups are runs of steps.
public struct CourseGroup: Sendable, Equatable, Codable {
    /// Stable id, used as the sticker's key.
    public var id: String
    /// The sticker picture shown for the finished group (see the page's sticker set).
    public var sticker: String
    public var chars: [String]
}

/// A course: its steps in order, and its groups. Letters are keyed `script/char`; capital and small
/// letters are separate letters.
public struct Course: Sendable, Equatable {
    public var order: CourseOrder
    public var script: String
    public var steps: [CourseStep]
    public var groups: [CourseGroup]

    /// Every letter of the course, in order.
    public var chars: [String] { steps.flatMap(\.chars) }

    public func key(_ char: String) -> String { "\(script)/\(char)" }

    /// The course's name among a child's courses (an order in a script).
    public var id: String { "\(order.rawValue)/\(script)" }

    /// The index of the step that introduces `char`, if the course has it.
    public func stepIndex(of char: String) -> Int? { steps.firstIndex { $0.chars.contains(char) } }

    public static func make(_ order: CourseOrder, script: String = "druck") -> Course {
        let steps: [CourseStep]
        let groupSizes: [Int]
        switch order {
        case .primer:
            steps = CourseOrders.pairs(CourseOrders.primerCapitals)
            groupSizes = Array(repeating: 3, count: steps.count / 3 + 1)
        case .alphabetical:
            steps = CourseOrders.pairs(CourseOrders.alphabeticalCapitals)
            groupSizes = Array(repeating: 3, count: steps.count / 3 + 1)
        case .motorSimilarity:
            steps = CourseOrders.motorFamilies.flatMap { $0.map { CourseStep([$0]) } }
            groupSizes = CourseOrders.motorFamilies.flatMap { family in
                // Long families are cut into groups of about six letters, so stickers come steadily.
                stride(from: 0, to: family.count, by: 6).map { min(6, family.count - $0) }
            }
        }
        var groups: [CourseGroup] = []
        var index = 0
        for size in groupSizes where index < steps.count {
            let slice = steps[index..<min(index + size, steps.count)]
            let chars = slice.flatMap(\.chars)
            groups.append(CourseGroup(id: "\(order.rawValue)-\(groups.count + 1)",
                                      sticker: Stickers.all[groups.count % Stickers.all.count], chars: chars))
            index += size
        }
        return Course(order: order, script: script, steps: steps, groups: groups)
    }
}

/// The sticker pictures a course hands out, one per group (the page draws each).
public enum Stickers {
    public static let all = ["sonne", "regenbogen", "rakete", "blume", "fisch", "schmetterling", "krone", "stern",
                             "herz", "kleeblatt", "mond", "ballon", "eis", "schiff", "baum", "pilz",
                             "apfel", "drache", "muschel", "wolke"]
}

/// The letter sequences behind the orders.
enum CourseOrders {
    /// Capitals in primer order; each becomes a step with its small letter (ß stands alone).
    static let primerCapitals = ["M", "A", "L", "I", "O", "E", "S", "U", "R", "N", "T", "H", "W", "D", "F", "K",
                                 "B", "P", "G", "Z", "Ä", "Ö", "Ü", "ß", "J", "V", "C", "Y", "X", "Q"]
    static let alphabeticalCapitals = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P",
                                       "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z", "Ä", "Ö", "Ü", "ß"]

    /// Movement families of the print letters, simplest movement first: straight down, down and
    /// across, slanted lines, round shapes, round shapes with a straight line. Capital and small
    /// letters are placed by their own shape, so `a` sits with the round letters and `A` with the slants.
    static let motorFamilies: [[String]] = [
        ["l", "i", "I", "L", "T", "t"],
        ["E", "F", "H", "f", "j", "J"],
        ["V", "v", "W", "w", "X", "x", "A", "K", "k", "M", "N", "Y", "y", "Z", "z"],
        ["O", "o", "C", "c", "G", "Q", "S", "s", "e", "U", "u"],
        ["a", "d", "g", "q", "b", "p", "h", "n", "m", "r", "B", "D", "P", "R"],
        ["Ä", "ä", "Ö", "ö", "Ü", "ü", "ß"],
    ]

    static func pairs(_ capitals: [String]) -> [CourseStep] {
        capitals.map { capital in
            let small = capital.lowercased()
            return capital == small ? CourseStep([capital]) : CourseStep([capital, small])
        }
    }
}
