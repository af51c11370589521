import Foundation

/// The recognizer read from a weights file (`.fdrw`, written by `scripts/recognizer/model.py`):
///
///     "FDRW" | uint32 version (1 or 2) | uint32 header length H | H bytes UTF-8 JSON header |
///     zero padding to a multiple of 4 | float32 tensors (little-endian)
///
/// The JSON header names the classes, the preprocessing constants, the softmax temperature, the
/// networks and where each tensor lies (offset in floats, shape). A version 1 file holds one
/// network (the op lists `trajectory`, `raster` and `head` at the top of the header); a version 2
/// file holds an ensemble in `members`, each with those three op lists, whose logits are averaged.
struct RecognizerModel: Sendable {
    static let supportedVersions: ClosedRange<UInt32> = 1...2

    let classes: [String]
    let temperature: Double
    let preprocessor: InkPreprocessor
    /// One network, or the members of an ensemble (same input, same classes).
    let networks: [RecognizerNetwork]

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
            /// `bigru`: the state size and each direction's tensors.
            let hidden: Int?
            let forward: RecurrentTensors?
            let backward: RecurrentTensors?
            enum CodingKeys: String, CodingKey {
                case op, kernel, stride, padding, size, weight, bias, hidden, forward, backward
                case inputs = "in", outputs = "out"
            }
        }
        struct RecurrentTensors: Decodable {
            let inputWeight: String
            let inputBias: String
            let hiddenWeight: String
            let hiddenBias: String
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
        struct Member: Decodable {
            let trajectory: [Op]
            let raster: [Op]
            let head: [Op]
        }
        // version 1: one network at the top; version 2: `members`
        let trajectory: [Op]?
        let raster: [Op]?
        let head: [Op]?
        let members: [Member]?
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
        guard Self.supportedVersions.contains(version) else {
            throw invalid("format version \(version), expected \(Self.supportedVersions.lowerBound)–\(Self.supportedVersions.upperBound)")
        }
        let headerLength = Int(u32(8))
        guard headerLength > 0, 12 + headerLength <= bytes.count else { throw invalid("bad header length") }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: Data(bytes[12..<(12 + headerLength)]))
        } catch {
            throw invalid("unreadable header: \(error)")
        }
        guard header.format == "feder.recognizer" else { throw invalid("format \(header.format)") }
        guard header.version == version else {
            throw invalid("the header says version \(header.version), the file version \(version)")
        }
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
        func direction(_ names: Header.RecurrentTensors?, inputs: Int, hidden: Int) throws -> GRUDirection {
            guard let names else { throw invalid("bigru needs forward and backward tensors") }
            return GRUDirection(inputWeight: try tensor(names.inputWeight, count: 3 * hidden * inputs),
                                inputBias: try tensor(names.inputBias, count: 3 * hidden),
                                hiddenWeight: try tensor(names.hiddenWeight, count: 3 * hidden * hidden),
                                hiddenBias: try tensor(names.hiddenBias, count: 3 * hidden),
                                inputs: inputs, hidden: hidden)
        }
        func layers(_ ops: [Header.Op]) throws -> [Layer] {
            try ops.map { op in
                switch op.op {
                case "bigru":
                    guard let i = op.inputs, let h = op.hidden, i > 0, h > 0 else { throw invalid("bigru needs in/hidden") }
                    return .biGRU(BidirectionalGRU(forward: try direction(op.forward, inputs: i, hidden: h),
                                                   backward: try direction(op.backward, inputs: i, hidden: h)))
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
        let members: [Header.Member]
        switch (version, header.members) {
        case (1, nil):
            guard let t = header.trajectory, let r = header.raster, let h = header.head else {
                throw invalid("a version 1 file needs trajectory, raster and head")
            }
            members = [Header.Member(trajectory: t, raster: r, head: h)]
        case (2, let listed?) where !listed.isEmpty:
            members = listed
        default:
            throw invalid("version \(version) does not match the networks in the header")
        }
        classes = header.classes
        temperature = header.temperature
        preprocessor = InkPreprocessor(points: p.points, raster: p.raster, margin: p.margin, splatStep: p.splatStep)
        networks = try members.map {
            RecognizerNetwork(trajectoryLayers: try layers($0.trajectory), rasterLayers: try layers($0.raster),
                              headLayers: try layers($0.head))
        }
        for network in networks {
            guard let out = network.outputShape(points: p.points, raster: p.raster) else { throw invalid("layer shapes do not chain") }
            guard out == [classes.count] else { throw invalid("head gives \(out), expected \(classes.count) classes") }
        }
    }

    /// Raw logits (before temperature) for preprocessed features: the mean of the networks' logits.
    func logits(_ f: InkPreprocessor.Features) -> [Float] {
        guard networks.count > 1 else { return networks[0].logits(f, preprocessor: preprocessor) }
        var sum = [Float](repeating: 0, count: classes.count)
        for network in networks {
            for (i, z) in network.logits(f, preprocessor: preprocessor).enumerated() { sum[i] += z }
        }
        let n = Float(networks.count)
        return sum.map { $0 / n }
    }

    /// Multiply-accumulates per letter (all networks).
    var macs: Int { networks.reduce(0) { $0 + $1.macs(points: preprocessor.points, raster: preprocessor.raster) } }
}

/// One network of the recognizer: a trajectory branch and a raster branch over the same
/// preprocessed ink, joined by a head that gives one logit per class.
struct RecognizerNetwork: Sendable {
    let trajectoryLayers: [Layer]
    let rasterLayers: [Layer]
    let headLayers: [Layer]

    /// The head's output shape, or nil when the layers do not chain.
    func outputShape(points: Int, raster: Int) -> [Int]? {
        func chain(_ ls: [Layer], _ shape: [Int]) -> [Int]? {
            var s = shape
            for l in ls {
                guard let next = l.outputShape(for: s) else { return nil }
                s = next
            }
            return s
        }
        guard let a = chain(trajectoryLayers, [InkPreprocessor.trajectoryChannels, points]),
              let b = chain(rasterLayers, [1, raster, raster]), a.count == 1, b.count == 1 else { return nil }
        return chain(headLayers, [a[0] + b[0]])
    }

    func logits(_ f: InkPreprocessor.Features, preprocessor: InkPreprocessor) -> [Float] {
        var a = Activation(shape: [InkPreprocessor.trajectoryChannels, preprocessor.points], values: f.trajectory)
        for l in trajectoryLayers { a = l(a) }
        var b = Activation(shape: [1, preprocessor.raster, preprocessor.raster], values: f.raster)
        for l in rasterLayers { b = l(b) }
        var h = Activation(shape: [a.values.count + b.values.count], values: a.values + b.values)
        for l in headLayers { h = l(h) }
        return h.values
    }

    func macs(points: Int, raster: Int) -> Int {
        func count(_ ls: [Layer], _ shape: [Int]) -> (Int, [Int]) {
            var s = shape, m = 0
            for l in ls { m += l.macs(for: s); s = l.outputShape(for: s) ?? s }
            return (m, s)
        }
        let (ma, sa) = count(trajectoryLayers, [InkPreprocessor.trajectoryChannels, points])
        let (mb, sb) = count(rasterLayers, [1, raster, raster])
        let (mh, _) = count(headLayers, [sa[0] + sb[0]])
        return ma + mb + mh
    }
}
