import Foundation

/// The recognizer network read from a weights file (`.fdrw`, written by
/// `scripts/recognizer/model.py`):
///
///     "FDRW" | uint32 version (1) | uint32 header length H | H bytes UTF-8 JSON header |
///     zero padding to a multiple of 4 | float32 tensors (little-endian)
///
/// The JSON header names the classes, the preprocessing constants, the softmax temperature,
/// the op lists of the trajectory branch, the raster branch and the head, and where each
/// tensor lies (offset in floats, shape).
struct RecognizerModel: Sendable {
    static let supportedVersion: UInt32 = 1

    let classes: [String]
    let temperature: Double
    let preprocessor: InkPreprocessor
    let trajectoryLayers: [Layer]
    let rasterLayers: [Layer]
    let headLayers: [Layer]

    struct Header: Decodable {
        struct Preprocessing: Decodable {
            let points: Int
            let trajChannels: Int
            let raster: Int
            let margin: Double
            let splatStep: Double
        }
        struct Op: Decodable {
            let op: String
            let inputs: Int?
            let outputs: Int?
            let kernel: Int?
            let stride: Int?
            let padding: Int?
            let size: Int?
            let weight: String?
            let bias: String?
            enum CodingKeys: String, CodingKey {
                case op, kernel, stride, padding, size, weight, bias
                case inputs = "in", outputs = "out"
            }
        }
        struct Tensor: Decodable {
            let offset: Int
            let shape: [Int]
        }
        let format: String
        let version: Int
        let classes: [String]
        let preprocessing: Preprocessing
        let temperature: Double
        let trajectory: [Op]
        let raster: [Op]
        let head: [Op]
        let tensors: [String: Tensor]
        let floatCount: Int
    }

    init(data: Data) throws {
        func invalid(_ why: String) -> RecognitionError { .weightsInvalid(why) }
        guard data.count >= 12 else { throw invalid("file too short") }
        let bytes = [UInt8](data)
        guard bytes[0..<4].elementsEqual(Array("FDRW".utf8)) else { throw invalid("not a Feder recognizer weights file") }
        func u32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        let version = u32(4)
        guard version == Self.supportedVersion else { throw invalid("format version \(version), expected \(Self.supportedVersion)") }
        let headerLength = Int(u32(8))
        guard headerLength > 0, 12 + headerLength <= bytes.count else { throw invalid("bad header length") }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: Data(bytes[12..<(12 + headerLength)]))
        } catch {
            throw invalid("unreadable header: \(error)")
        }
        guard header.format == "feder.recognizer" else { throw invalid("format \(header.format)") }
        var start = 12 + headerLength
        start += (4 - start % 4) % 4
        guard header.floatCount >= 0, start + header.floatCount * 4 <= bytes.count else { throw invalid("tensor data truncated") }
        var floats = [Float](repeating: 0, count: header.floatCount)
        for i in 0..<header.floatCount {
            let b = start + 4 * i
            floats[i] = Float(bitPattern: u32(b))
        }
        func tensor(_ name: String?, count: Int) throws -> [Float] {
            guard let name, let t = header.tensors[name] else { throw invalid("missing tensor \(name ?? "?")") }
            let n = t.shape.reduce(1, *)
            guard n == count, t.offset >= 0, t.offset + n <= floats.count else { throw invalid("tensor \(name) has a wrong shape") }
            return Array(floats[t.offset..<(t.offset + n)])
        }
        func layers(_ ops: [Header.Op]) throws -> [Layer] {
            try ops.map { op in
                switch op.op {
                case "conv1d":
                    guard let i = op.inputs, let o = op.outputs, let k = op.kernel else { throw invalid("conv1d needs in/out/kernel") }
                    return .conv1d(weight: try tensor(op.weight, count: o * i * k), bias: try tensor(op.bias, count: o),
                                   inChannels: i, outChannels: o, kernel: k, stride: op.stride ?? 1, padding: op.padding ?? 0)
                case "conv2d":
                    guard let i = op.inputs, let o = op.outputs, let k = op.kernel else { throw invalid("conv2d needs in/out/kernel") }
                    return .conv2d(weight: try tensor(op.weight, count: o * i * k * k), bias: try tensor(op.bias, count: o),
                                   inChannels: i, outChannels: o, kernel: k, padding: op.padding ?? 0)
                case "relu": return .relu
                case "maxpool2d": return .maxPool2d(size: op.size ?? 2)
                case "flatten": return .flatten
                case "linear":
                    guard let i = op.inputs, let o = op.outputs else { throw invalid("linear needs in/out") }
                    return .linear(weight: try tensor(op.weight, count: o * i), bias: try tensor(op.bias, count: o),
                                   inFeatures: i, outFeatures: o)
                default:
                    throw invalid("unknown op \(op.op)")
                }
            }
        }
        let p = header.preprocessing
        guard p.points >= 2, p.raster >= 4, p.trajChannels == InkPreprocessor.trajectoryChannels else {
            throw invalid("unsupported preprocessing")
        }
        guard header.temperature > 0, header.temperature.isFinite else { throw invalid("bad temperature") }
        classes = header.classes
        temperature = header.temperature
        preprocessor = InkPreprocessor(points: p.points, raster: p.raster, margin: p.margin, splatStep: p.splatStep)
        trajectoryLayers = try layers(header.trajectory)
        rasterLayers = try layers(header.raster)
        headLayers = try layers(header.head)
        // shapes must chain, and the head must end in one logit per class
        func check(_ ls: [Layer], _ shape: [Int]) throws -> [Int] {
            var s = shape
            for l in ls {
                guard let next = l.outputShape(for: s) else { throw invalid("layer shapes do not chain") }
                s = next
            }
            return s
        }
        let a = try check(trajectoryLayers, [InkPreprocessor.trajectoryChannels, p.points])
        let b = try check(rasterLayers, [1, p.raster, p.raster])
        guard a.count == 1, b.count == 1 else { throw invalid("branches must end flat") }
        let out = try check(headLayers, [a[0] + b[0]])
        guard out == [classes.count] else { throw invalid("head gives \(out), expected \(classes.count) classes") }
    }

    /// Raw logits (before temperature) for preprocessed features.
    func logits(_ f: InkPreprocessor.Features) -> [Float] {
        var a = Activation(shape: [InkPreprocessor.trajectoryChannels, preprocessor.points], values: f.trajectory)
        for l in trajectoryLayers { a = l(a) }
        var b = Activation(shape: [1, preprocessor.raster, preprocessor.raster], values: f.raster)
        for l in rasterLayers { b = l(b) }
        var h = Activation(shape: [a.values.count + b.values.count], values: a.values + b.values)
        for l in headLayers { h = l(h) }
        return h.values
    }

    /// Multiply-accumulates per letter.
    var macs: Int {
        func count(_ ls: [Layer], _ shape: [Int]) -> (Int, [Int]) {
            var s = shape, m = 0
            for l in ls { m += l.macs(for: s); s = l.outputShape(for: s) ?? s }
            return (m, s)
        }
        let (ma, sa) = count(trajectoryLayers, [InkPreprocessor.trajectoryChannels, preprocessor.points])
        let (mb, sb) = count(rasterLayers, [1, preprocessor.raster, preprocessor.raster])
        let (mh, _) = count(headLayers, [sa[0] + sb[0]])
        return ma + mb + mh
    }
}
