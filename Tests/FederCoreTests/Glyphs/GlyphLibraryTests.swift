import Foundation
import Testing
@testable import FederCore

@Suite("Glyph library")
struct GlyphLibraryTests {
    static let library = try! GlyphLibrary.bundled()

    @Test func bundledDruckschriftHasAll69Characters() {
        let chars = Self.library.characters(in: "druck")
        let expected = (Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzÄÖÜäöüß0123456789")).map(String.init)
        #expect(Set(chars) == Set(expected))
        #expect(chars.count == 69)
    }

    @Test func variantsForFHandRAreSelectable() throws {
        for char in ["F", "H", "r"] {
            let variants = Self.library.variants(of: char, script: "druck")
            #expect(variants.count >= 2, "\(char) needs a variant")
            let second = try Self.library.glyph(char, script: "druck", variant: variants[1].variant)
            #expect(second.variant == variants[1].variant)
            #expect(second.strokes != variants[0].strokes)
        }
    }

    @Test func lookupsThatFindNothingSayWhy() {
        #expect(throws: GlyphLookupError.unknownScript("gotisch")) { try Self.library.glyph("A", script: "gotisch") }
        #expect(throws: GlyphLookupError.unknownGlyph("€", script: "druck")) { try Self.library.glyph("€", script: "druck") }
        #expect(throws: (any Error).self) { try Self.library.glyph("A", script: "druck", variant: "nope") }
    }

    @Test func everyGlyphHasDerivedGuides() {
        for glyph in Self.library.allGlyphs(in: "druck") {
            let guides = GlyphGuides(glyph: glyph)
            #expect(guides.startDots.count == glyph.strokes.count)
            #expect(guides.arrows.count == glyph.strokes.count)
            for (i, stroke) in glyph.strokes.enumerated() {
                #expect(!guides.checkpoints[i].isEmpty, "\(glyph.key) stroke \(i + 1)")
                #expect(guides.startDots[i] == stroke.start)
                if !stroke.isDot {
                    #expect(guides.checkpoints[i].first == stroke.start)
                    #expect(guides.checkpoints[i].last == stroke.end)
                }
            }
        }
    }

    @Test func checkpointsAreAtMostAQuarterXHeightApartAndSitOnCorners() throws {
        let l = try Self.library.glyph("L", script: "druck")
        let guides = GlyphGuides(glyph: l)
        for cps in guides.checkpoints {
            for (a, b) in zip(cps, cps.dropFirst()) { #expect(a.distance(to: b) <= 25 + 1e-9) }
        }
        let corners = guides.corners.flatMap { $0 }
        #expect(!corners.isEmpty, "L has a corner")
        for corner in corners {
            #expect(guides.checkpoints.flatMap { $0 }.contains { $0.distance(to: corner) < 1e-9 })
        }
    }

    @Test func dotsGetOneCheckpoint() throws {
        let i = try Self.library.glyph("i", script: "druck")
        let guides = GlyphGuides(glyph: i)
        let dots = i.strokes.indices.filter { i.strokes[$0].isDot }
        #expect(!dots.isEmpty)
        for d in dots { #expect(guides.checkpoints[d].count == 1) }
    }
}

@Suite("Glyph loading errors")
struct GlyphLoadErrorTests {
    func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("feder-glyphs-\(UUID())")
        let script = root.appendingPathComponent("test")
        try FileManager.default.createDirectory(at: script, withIntermediateDirectories: true)
        try #"{"format":"feder.script","version":1,"script":"test","name":"Test","ruling":{"top":0,"middle":100,"base":200,"bottom":300}}"#
            .write(to: script.appendingPathComponent("script.json"), atomically: true, encoding: .utf8)
        for (name, text) in files { try text.write(to: script.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return root
    }

    func loadErrors(_ files: [String: String]) throws -> [GlyphLoadError] {
        let root = try folder(files)
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            _ = try GlyphLibrary.load(from: root)
            return []
        } catch let e as GlyphLoadErrors {
            return e.errors
        }
    }

    @Test func aGoodFileLoads() throws {
        let errors = try loadErrors(["upper-i.json": #"{"format":"feder.glyph","version":1,"char":"I","width":60,"variants":[{"id":"standard","strokes":[{"d":"M 30 0 L 30 200"}]}]}"#])
        #expect(errors.isEmpty)
    }

    @Test func problemsNameFileGlyphVariantAndStroke() throws {
        let errors = try loadErrors([
            "upper-i.json": #"{"format":"feder.glyph","version":1,"char":"I","width":60,"variants":[{"id":"standard","strokes":[{"d":"M 30 0 L 30 200"},{"d":"L 1 2"}]}]}"#,
        ])
        #expect(errors.count == 1)
        #expect(errors[0].description == "test/upper-i.json: I/standard stroke 2: path must start with M")
    }

    @Test func everyProblemIsReportedNotJustTheFirst() throws {
        let errors = try loadErrors([
            "upper-i.json": #"{"format":"feder.glyph","version":3,"char":"I","width":-1,"variants":[{"id":"Bad Id","strokes":[{"d":"M 0 0 L 0 0"}]}]}"#,
            "upper-o.json": #"{"format":"feder.glyph","version":1,"char":"O"}"#,
            "lower-x.json": #"{"format":"feder.glyph","version":1,"char":"y","width":60,"variants":[{"id":"a","strokes":[{"d":"M 0 0 L 9 9"}]}]}"#,
        ])
        let text = errors.map(\.description).joined(separator: "\n")
        #expect(text.contains("upper-i.json: I: version 3 is newer"))
        #expect(text.contains("upper-i.json: I: width must be a positive number"))
        #expect(text.contains("variant id must be lowercase"))
        #expect(text.contains("upper-i.json: I/Bad Id stroke 1: stroke has zero length"))
        #expect(text.contains("upper-o.json: missing field 'width'"))
        #expect(text.contains("lower-x.json: y: file name should be lower-y.json"))
    }

    @Test func aDotMustBeShort() throws {
        let errors = try loadErrors([
            "lower-i.json": #"{"format":"feder.glyph","version":1,"char":"i","width":40,"variants":[{"id":"standard","strokes":[{"d":"M 20 100 L 20 200"},{"d":"M 20 40 L 20 80","dot":true}]}]}"#,
        ])
        #expect(errors.map(\.description) == ["test/lower-i.json: i/standard stroke 2: a dot may be at most 20 units long, is 40"])
    }
}
