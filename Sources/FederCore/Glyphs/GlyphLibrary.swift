import Foundation

/// A problem found while loading glyphs, naming the file, glyph, variant and stroke concerned.
public struct GlyphLoadError: Error, Equatable, CustomStringConvertible, Sendable {
    public var file: String
    public var glyph: String?
    public var variant: String?
    public var stroke: Int?
    public var problem: String

    public init(file: String, glyph: String? = nil, variant: String? = nil, stroke: Int? = nil, problem: String) {
        self.file = file; self.glyph = glyph; self.variant = variant; self.stroke = stroke; self.problem = problem
    }

    public var description: String {
        var place = file
        if let glyph { place += ": \(glyph)" + (variant.map { "/\($0)" } ?? "") }
        if let stroke { place += " stroke \(stroke + 1)" }
        return "\(place): \(problem)"
    }
}

/// Several load problems at once: the loader reports all of them, not just the first.
public struct GlyphLoadErrors: Error, CustomStringConvertible, Sendable {
    public var errors: [GlyphLoadError]
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// All glyphs of all scripts, loaded from `Glyphs/<script>/` folders.
public struct GlyphLibrary: Sendable {
    public private(set) var scripts: [String: ScriptFile] = [:]
    /// Per script, per character: its variants in file order (the first is the default).
    private var glyphs: [String: [String: [Glyph]]] = [:]

    public init() {}

    /// The library shipped with the engine.
    public static func bundled() throws -> GlyphLibrary {
        guard let root = Bundle.module.url(forResource: "Glyphs", withExtension: nil) else {
            throw GlyphLoadErrors(errors: [GlyphLoadError(file: "Glyphs", problem: "glyph resources are missing from the bundle")])
        }
        return try load(from: root)
    }

    /// Loads every script folder below `root`; throws all problems found, each with its place.
    public static func load(from root: URL) throws -> GlyphLibrary {
        var library = GlyphLibrary()
        var errors: [GlyphLoadError] = []
        let fm = FileManager.default
        let folders = (try? fm.contentsOfDirectory(at: root, includingPropertiesForKeys: nil))?
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
            .sorted { $0.lastPathComponent < $1.lastPathComponent } ?? []
        if folders.isEmpty {
            errors.append(GlyphLoadError(file: root.lastPathComponent, problem: "no script folders found"))
        }
        for folder in folders {
            do {
                try library.loadScript(at: folder)
            } catch {
                errors += error.errors
            }
        }
        guard errors.isEmpty else { throw GlyphLoadErrors(errors: errors) }
        return library
    }

    /// Loads one script folder (its `script.json` and every glyph file) into the library.
    public mutating func loadScript(at folder: URL) throws(GlyphLoadErrors) {
        var errors: [GlyphLoadError] = []
        let folderName = folder.lastPathComponent
        let scriptURL = folder.appendingPathComponent("script.json")
        let scriptFile: ScriptFile
        do {
            scriptFile = try JSONDecoder().decode(ScriptFile.self, from: Data(contentsOf: scriptURL))
        } catch {
            throw GlyphLoadErrors(errors: [GlyphLoadError(file: "\(folderName)/script.json", problem: describe(error))])
        }
        let scriptProblems = GlyphCompiler.check(script: scriptFile, folder: folderName)
        guard scriptProblems.isEmpty else {
            throw GlyphLoadErrors(errors: scriptProblems.map { GlyphLoadError(file: "\(folderName)/script.json", problem: $0) })
        }
        let files = ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "json" && $0.lastPathComponent != "script.json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        var byChar: [String: [Glyph]] = [:]
        for url in files {
            let name = "\(folderName)/\(url.lastPathComponent)"
            do {
                let file = try JSONDecoder().decode(GlyphFile.self, from: Data(contentsOf: url))
                let compiled = try GlyphCompiler.compile(file, script: scriptFile, fileName: name,
                                                         expectedStem: url.deletingPathExtension().lastPathComponent)
                if byChar[file.char] != nil {
                    errors.append(GlyphLoadError(file: name, glyph: file.char, problem: "character defined twice in this script"))
                }
                byChar[file.char] = compiled
            } catch let e as GlyphLoadErrors {
                errors += e.errors
            } catch {
                errors.append(GlyphLoadError(file: name, problem: describe(error)))
            }
        }
        guard errors.isEmpty else { throw GlyphLoadErrors(errors: errors) }
        scripts[scriptFile.script] = scriptFile
        glyphs[scriptFile.script] = byChar
    }

    /// Script identifiers, sorted.
    public var scriptIDs: [String] { scripts.keys.sorted() }

    /// Characters of a script in a stable teaching-neutral order (digits, capitals, small letters).
    public func characters(in script: String) -> [String] {
        (glyphs[script]?.keys.map { $0 } ?? []).sorted(by: GlyphOrder.precedes)
    }

    /// All variants of a character.
    public func variants(of char: String, script: String) -> [Glyph] {
        glyphs[script]?[char] ?? []
    }

    /// A glyph by character and variant; the default variant when `variant` is nil.
    public func glyph(_ char: String, script: String, variant: String? = nil) throws(GlyphLookupError) -> Glyph {
        guard glyphs[script] != nil else { throw .unknownScript(script) }
        if glyphs[script]?[char] == nil, char.first?.isNumber == true, let shared = scripts[script]?.digitsFrom, shared != script {
            return try glyph(char, script: shared, variant: variant)
        }
        guard let all = glyphs[script]?[char], let first = all.first else { throw .unknownGlyph(char, script: script) }
        guard let variant else { return first }
        guard let match = all.first(where: { $0.variant == variant }) else {
            throw .unknownVariant(variant, char: char, available: all.map(\.variant))
        }
        return match
    }

    /// Every glyph of every variant of a script.
    public func allGlyphs(in script: String) -> [Glyph] {
        characters(in: script).flatMap { variants(of: $0, script: script) }
    }
}

/// A lookup that found nothing.
public enum GlyphLookupError: Error, Equatable, CustomStringConvertible, Sendable {
    case unknownScript(String)
    case unknownGlyph(String, script: String)
    case unknownVariant(String, char: String, available: [String])

    /// Names as sent are cut at 64 characters: the message may go back to whoever sent them.
    public var description: String {
        switch self {
        case .unknownScript(let s): return "unknown script '\(s.prefix(64))'"
        case .unknownGlyph(let c, let s): return "no glyph '\(c.prefix(64))' in script '\(s.prefix(64))'"
        case .unknownVariant(let v, let c, let available):
            return "glyph '\(c.prefix(64))' has no variant '\(v.prefix(64))' (available: \(available.joined(separator: ", ")))"
        }
    }
}

/// Sort order for characters in listings: digits, then capitals A–Z with umlauts after their base
/// letter, then small letters likewise, ß after s.
enum GlyphOrder {
    static func precedes(_ a: String, _ b: String) -> Bool { rank(a) < rank(b) }

    static func rank(_ s: String) -> (Int, Int, Int, String) {
        guard let c = s.first else { return (9, 0, 0, s) }
        let group = c.isNumber ? 0 : (c.isUppercase ? 1 : 2)
        let base: Character
        var sub = 0
        switch c {
        case "Ä", "ä": base = "a"; sub = 1
        case "Ö", "ö": base = "o"; sub = 1
        case "Ü", "ü": base = "u"; sub = 1
        case "ß": base = "s"; sub = 2
        default: base = Character(c.lowercased())
        }
        return (group, Int(base.asciiValue ?? 200), sub, s)
    }
}

func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, let context):
        return "missing field '\(pathText(context.codingPath + [key]))'"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
        return "wrong type at '\(pathText(context.codingPath))': \(context.debugDescription)"
    case DecodingError.dataCorrupted(let context):
        return "invalid JSON\(context.codingPath.isEmpty ? "" : " at '\(pathText(context.codingPath))'"): \(context.debugDescription)"
    default:
        return String(describing: error)
    }
}

private func pathText(_ path: [any CodingKey]) -> String {
    path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
}
