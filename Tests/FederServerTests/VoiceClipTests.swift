import FederCore
import Foundation
import Testing

/// Every line the engine can say has a clip in the web app's audio folder that says the same text,
/// and every clip is a whole MP3 stream of the length its manifest promises. (scripts/voice/check.py
/// decodes every clip in full with ffmpeg as well.)
@Suite struct VoiceClipTests {
    static let audio = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/FederServer/Web/audio")

    struct Manifest: Decodable {
        struct Line: Decodable { var file: String; var text: String; var duration: Double }
        var lines: [String: Line]
        var letters: [String: SpeechCatalog.LetterKeys]
    }

    static func manifest() throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: audio.appendingPathComponent("manifest.json")))
    }

    @Test func everyCatalogueLineHasAClipWithItsText() throws {
        let catalog = try SpeechCatalog.make(characters: GlyphLibrary.bundled().characters(in: "druck"))
        let manifest = try Self.manifest()
        for line in catalog.lines {
            let clip = try #require(manifest.lines[line.key], "\(line.key) has no clip: run scripts/voice/render.py")
            #expect(clip.text == line.text, "\(line.key): the clip says \"\(clip.text)\", the engine \"\(line.text)\"")
            #expect(FileManager.default.fileExists(atPath: Self.audio.appendingPathComponent(clip.file).path), "\(clip.file) missing")
        }
        #expect(manifest.letters == catalog.letters)
    }

    @Test func everyClipIsAWholeMP3StreamOfItsStatedLength() throws {
        let manifest = try Self.manifest()
        #expect(!manifest.lines.isEmpty)
        for (key, clip) in manifest.lines {
            let data = try Data(contentsOf: Self.audio.appendingPathComponent(clip.file))
            let seconds = try #require(MP3Frames.seconds(of: data), "\(key): \(clip.file) is not a whole MP3 stream")
            #expect(abs(seconds - clip.duration) < 0.08, "\(key): \(seconds) s of frames, manifest says \(clip.duration) s")
        }
    }

    @Test func aTruncatedOrForeignFileIsRejected() throws {
        let (_, clip) = try #require(Self.manifest().lines.first)
        let data = try Data(contentsOf: Self.audio.appendingPathComponent(clip.file))
        #expect(MP3Frames.seconds(of: data) != nil)
        #expect(MP3Frames.seconds(of: data.prefix(data.count - 7)) == nil)
        #expect(MP3Frames.seconds(of: Data("RIFF....WAVEfmt ".utf8)) == nil)
        #expect(MP3Frames.seconds(of: Data()) == nil)
    }
}

/// Walks an MP3 stream frame by frame (MPEG 1/2/2.5, layer III): nil unless the whole file is frames.
enum MP3Frames {
    static func seconds(of data: Data) -> Double? {
        let bytes = [UInt8](data)
        var i = 0, samples = 0, rate = 0
        while i < bytes.count {
            guard i + 4 <= bytes.count, bytes[i] == 0xFF, bytes[i + 1] & 0xE0 == 0xE0 else { return nil }
            let version = (bytes[i + 1] >> 3) & 0x3          // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
            let layer = (bytes[i + 1] >> 1) & 0x3            // 1: layer III
            let bitrateIndex = Int(bytes[i + 2] >> 4)
            let rateIndex = Int((bytes[i + 2] >> 2) & 0x3)
            let padding = Int((bytes[i + 2] >> 1) & 0x1)
            guard version != 1, layer == 1, bitrateIndex != 0, bitrateIndex != 15, rateIndex != 3 else { return nil }
            let mpeg1 = version == 3
            let kbps = (mpeg1 ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
                              : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160])[bitrateIndex]
            rate = [44100, 48000, 32000][rateIndex] / (mpeg1 ? 1 : version == 2 ? 2 : 4)
            let perFrame = mpeg1 ? 1152 : 576
            let length = (perFrame / 8) * kbps * 1000 / rate + padding
            guard i + length <= bytes.count else { return nil }
            samples += perFrame
            i += length
        }
        return samples > 0 ? Double(samples) / Double(rate) : nil
    }
}
