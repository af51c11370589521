import Foundation

/// A tensor for the recognizer's small network: float32 values, channel-major,
/// with a shape of `[channels, length]` (1-D) or `[channels, height, width]` (2-D).
struct Activation: Sendable {
    var shape: [Int]
    var values: [Float]
}

/// One operation of the network, with its (batch-norm folded) parameters.
/// Semantics are those of PyTorch's Conv1d / Conv2d / MaxPool2d / Linear / bidirectional GRU in eval mode.
enum Layer: Sendable {
    case biGRU(BidirectionalGRU)
    case conv1d(weight: [Float], bias: [Float], inChannels: Int, outChannels: Int, kernel: Int, stride: Int, padding: Int)
    case conv2d(weight: [Float], bias: [Float], inChannels: Int, outChannels: Int, kernel: Int, padding: Int)
    case relu
    case maxPool2d(size: Int)
    case flatten
    case linear(weight: [Float], bias: [Float], inFeatures: Int, outFeatures: Int)

    /// Multiply-accumulates for an input of the given shape (for the documentation and benchmarks).
    func macs(for shape: [Int]) -> Int {
        switch self {
        case let .biGRU(gru):
            return gru.macs(for: shape)
        case let .conv1d(_, _, cin, cout, k, s, p):
            let lout = (shape[1] + 2 * p - k) / s + 1
            return lout * cout * cin * k
        case let .conv2d(_, _, cin, cout, k, p):
            let h = shape[1] + 2 * p - k + 1, w = shape[2] + 2 * p - k + 1
            return h * w * cout * cin * k * k
        case let .linear(_, _, i, o):
            return i * o
        default:
            return 0
        }
    }

    /// Output shape for an input shape, or nil if the layer does not accept it.
    func outputShape(for shape: [Int]) -> [Int]? {
        switch self {
        case let .biGRU(gru):
            return gru.outputShape(for: shape)
        case let .conv1d(_, _, cin, cout, k, s, p):
            guard shape.count == 2, shape[0] == cin, s > 0 else { return nil }
            let lout = (shape[1] + 2 * p - k) / s + 1
            return lout > 0 ? [cout, lout] : nil
        case let .conv2d(_, _, cin, cout, k, p):
            guard shape.count == 3, shape[0] == cin else { return nil }
            let h = shape[1] + 2 * p - k + 1, w = shape[2] + 2 * p - k + 1
            return h > 0 && w > 0 ? [cout, h, w] : nil
        case .relu:
            return shape
        case let .maxPool2d(size):
            guard shape.count == 3, size > 0, shape[1] >= size, shape[2] >= size else { return nil }
            return [shape[0], shape[1] / size, shape[2] / size]
        case .flatten:
            return [shape.reduce(1, *)]
        case let .linear(_, _, i, o):
            guard shape.count == 1, shape[0] == i else { return nil }
            return [o]
        }
    }

    func callAsFunction(_ x: Activation) -> Activation {
        switch self {
        case let .biGRU(gru):
            return gru(x)
        case let .conv1d(weight, bias, cin, cout, k, s, p):
            return Self.conv1d(x, weight, bias, cin, cout, k, s, p)
        case let .conv2d(weight, bias, cin, cout, k, p):
            return Self.conv2d(x, weight, bias, cin, cout, k, p)
        case .relu:
            var y = x
            y.values.withUnsafeMutableBufferPointer { v in
                for i in v.indices where v[i] < 0 { v[i] = 0 }
            }
            return y
        case let .maxPool2d(size):
            return Self.maxPool2d(x, size)
        case .flatten:
            return Activation(shape: [x.values.count], values: x.values)
        case let .linear(weight, bias, i, o):
            return Self.linear(x, weight, bias, i, o)
        }
    }

    /// 1-D convolution as im2col + matrix product.
    private static func conv1d(_ x: Activation, _ weight: [Float], _ bias: [Float],
                               _ cin: Int, _ cout: Int, _ k: Int, _ s: Int, _ p: Int) -> Activation {
        let lin = x.shape[1]
        let lout = (lin + 2 * p - k) / s + 1
        let npad = (lout + 7) & ~7
        let kk = cin * k
        var cols = [Float](repeating: 0, count: kk * npad)
        cols.withUnsafeMutableBufferPointer { c in
            x.values.withUnsafeBufferPointer { xin in
                for ic in 0..<cin {
                    for j in 0..<k {
                        let row = (ic * k + j) * npad
                        for l in 0..<lout {
                            let src = l * s + j - p
                            if src >= 0 && src < lin { c[row + l] = xin[ic * lin + src] }
                        }
                    }
                }
            }
        }
        let out = gemm(weight, cols, bias, m: cout, k: kk, n: npad, keep: lout)
        return Activation(shape: [cout, lout], values: out)
    }

    /// 2-D convolution (square kernel, stride 1) as im2col + matrix product.
    private static func conv2d(_ x: Activation, _ weight: [Float], _ bias: [Float],
                               _ cin: Int, _ cout: Int, _ k: Int, _ p: Int) -> Activation {
        let h = x.shape[1], w = x.shape[2]
        let ho = h + 2 * p - k + 1, wo = w + 2 * p - k + 1
        let n = ho * wo
        let npad = (n + 7) & ~7
        let kk = cin * k * k
        var cols = [Float](repeating: 0, count: kk * npad)
        cols.withUnsafeMutableBufferPointer { c in
            x.values.withUnsafeBufferPointer { xin in
                for ic in 0..<cin {
                    for dy in 0..<k {
                        for dx in 0..<k {
                            let row = ((ic * k + dy) * k + dx) * npad
                            let oy = dy - p, ox = dx - p
                            let ylo = max(0, -oy), yhi = min(ho, h - oy)
                            let xlo = max(0, -ox), xhi = min(wo, w - ox)
                            if ylo >= yhi || xlo >= xhi { continue }
                            for yy in ylo..<yhi {
                                let dst = row + yy * wo
                                let src = (ic * h + yy + oy) * w + ox
                                for xx in xlo..<xhi { c[dst + xx] = xin[src + xx] }
                            }
                        }
                    }
                }
            }
        }
        let out = gemm(weight, cols, bias, m: cout, k: kk, n: npad, keep: n)
        return Activation(shape: [cout, ho, wo], values: out)
    }

    /// C = A·B + bias (A: m×k row-major weights, B: k×n row-major, n a multiple of 8); returns the
    /// first `keep` columns of each row of C. 4×8 register blocks with SIMD8.
    static func gemm(_ a: [Float], _ b: [Float], _ bias: [Float], m: Int, k: Int, n: Int, keep: Int) -> [Float] {
        var out = [Float](repeating: 0, count: m * keep)
        a.withUnsafeBufferPointer { ab in
            b.withUnsafeBufferPointer { bb in
                out.withUnsafeMutableBufferPointer { ob in
                    let A = ab.baseAddress!, B = UnsafeRawPointer(bb.baseAddress!), O = ob.baseAddress!
                    let stride = MemoryLayout<Float>.stride
                    func store(_ v: SIMD8<Float>, row: Int, col: Int) {
                        let base = row * keep + col
                        if col + 8 <= keep {
                            UnsafeMutableRawPointer(O + base).storeBytes(of: v, as: SIMD8<Float>.self)
                        } else {
                            for t in 0..<(keep - col) { O[base + t] = v[t] }
                        }
                    }
                    var i = 0
                    while i < m {
                        let rows = min(4, m - i)
                        var col = 0
                        while col < keep {
                            if rows == 4 {
                                var c0 = SIMD8<Float>(repeating: bias[i]), c1 = SIMD8<Float>(repeating: bias[i + 1])
                                var c2 = SIMD8<Float>(repeating: bias[i + 2]), c3 = SIMD8<Float>(repeating: bias[i + 3])
                                let a0 = A + i * k, a1 = a0 + k, a2 = a1 + k, a3 = a2 + k
                                for kk in 0..<k {
                                    let v = B.loadUnaligned(fromByteOffset: (kk * n + col) * stride, as: SIMD8<Float>.self)
                                    c0 += a0[kk] * v
                                    c1 += a1[kk] * v
                                    c2 += a2[kk] * v
                                    c3 += a3[kk] * v
                                }
                                store(c0, row: i, col: col)
                                store(c1, row: i + 1, col: col)
                                store(c2, row: i + 2, col: col)
                                store(c3, row: i + 3, col: col)
                            } else {
                                for r in 0..<rows {
                                    var c = SIMD8<Float>(repeating: bias[i + r])
                                    let ar = A + (i + r) * k
                                    for kk in 0..<k {
                                        c += ar[kk] * B.loadUnaligned(fromByteOffset: (kk * n + col) * stride, as: SIMD8<Float>.self)
                                    }
                                    store(c, row: i + r, col: col)
                                }
                            }
                            col += 8
                        }
                        i += 4
                    }
                }
            }
        }
        return out
    }

    private static func maxPool2d(_ x: Activation, _ s: Int) -> Activation {
        let c = x.shape[0], h = x.shape[1], w = x.shape[2]
        let ho = h / s, wo = w / s
        var out = [Float](repeating: 0, count: c * ho * wo)
        x.values.withUnsafeBufferPointer { xin in
            for ch in 0..<c {
                for yy in 0..<ho {
                    for xx in 0..<wo {
                        var m = -Float.infinity
                        for dy in 0..<s {
                            let row = (ch * h + yy * s + dy) * w + xx * s
                            for dx in 0..<s { m = max(m, xin[row + dx]) }
                        }
                        out[(ch * ho + yy) * wo + xx] = m
                    }
                }
            }
        }
        return Activation(shape: [c, ho, wo], values: out)
    }

    private static func linear(_ x: Activation, _ weight: [Float], _ bias: [Float], _ nin: Int, _ nout: Int) -> Activation {
        var out = [Float](repeating: 0, count: nout)
        matrixVector(weight, x.values, bias, into: &out, rows: nout, columns: nin)
        return Activation(shape: [nout], values: out)
    }

    /// y = W·x + b for a row-major `rows × columns` matrix, into a buffer of `rows` values (SIMD8
    /// dot products; the linear layers and the GRU's recurrent step).
    static func matrixVector(_ w: [Float], _ x: [Float], _ b: [Float], into y: inout [Float], rows: Int, columns: Int) {
        let vectorised = columns & ~7
        w.withUnsafeBufferPointer { wb in
            x.withUnsafeBufferPointer { xb in
                y.withUnsafeMutableBufferPointer { yb in
                    let W = UnsafeRawPointer(wb.baseAddress!), X = UnsafeRawPointer(xb.baseAddress!)
                    let stride = MemoryLayout<Float>.stride
                    for o in 0..<rows {
                        let row = o * columns
                        var acc = SIMD8<Float>(repeating: 0)
                        var i = 0
                        while i < vectorised {
                            acc += W.loadUnaligned(fromByteOffset: (row + i) * stride, as: SIMD8<Float>.self)
                                * X.loadUnaligned(fromByteOffset: i * stride, as: SIMD8<Float>.self)
                            i += 8
                        }
                        var s = acc.sum()
                        while i < columns { s += wb[row + i] * xb[i]; i += 1 }
                        yb[o] = b[o] + s
                    }
                }
            }
        }
    }
}
