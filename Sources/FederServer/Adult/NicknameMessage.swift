import FederCore

extension Nickname {
    /// What is wrong with a name an adult typed, in German for the adult; nil when it is fine.
    static func germanProblem(_ name: String) -> String? {
        switch problem(name) {
        case nil: nil
        case .tooLong: "Der Name hat höchstens 40 Zeichen."
        case .unseenCharacter: "Der Name darf keine Zeilenumbrüche, Tabulatoren oder unsichtbaren Zeichen enthalten."
        }
    }
}
