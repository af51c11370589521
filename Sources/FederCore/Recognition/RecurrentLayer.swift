import Foundation

/// One direction of a one-layer GRU, as PyTorch's `nn.GRU` computes it in eval mode:
///
///     r = σ(W_ir x + b_ir + W_hr h + b_hr)
///     z = σ(W_iz x + b_iz + W_hz h + b_hz)
///     n = tanh(W_in x + b_in + r ⊙ (W_hn h + b_hn))
///     h' = (1 − z) ⊙ n + z ⊙ h
///
/// The weights hold the gates stacked in the order r, z, n (rows of `inputWeight`, 3·hidden × inputs,
/// and of `hiddenWeight`, 3·hidden × hidden), as torch stores them.
struct GRUDirection: Sendable {
    let inputWeight: [Float]
    let inputBias: [Float]
    let hiddenWeight: [Float]
    let hiddenBias: [Float]
    let inputs: Int
    let hidden: Int

    /// The hidden state after every point of `x` (`[inputs, length]`), as `[hidden, length]`
    /// channel-major values; `reverse` runs from the last point to the first (the state at point t
    /// has then seen t and everything after it).
    func states(_ x: Activation, reverse: Bool) -> [Float] {
        let length = x.shape[1]
        let padded = (length + 7) & ~7
        var columns = [Float](repeating: 0, count: inputs * padded)
        for c in 0..<inputs {
            for t in 0..<length { columns[c * padded + t] = x.values[c * length + t] }
        }
        // Every point's input part of the three gates at once, (3·hidden) × length, then turned to
        // length × (3·hidden) so that each step reads its gates from one contiguous row.
        let byGate = Layer.gemm(inputWeight, columns, inputBias, m: 3 * hidden, k: inputs, n: padded, keep: length)
        let G = 3 * hidden, H = hidden
        var byPoint = [Float](repeating: 0, count: length * G)
        for g in 0..<G {
            for t in 0..<length { byPoint[t * G + g] = byGate[g * length + t] }
        }
        var states = [Float](repeating: 0, count: length * H)  // length × hidden
        var h = [Float](repeating: 0, count: H)
        var fromHidden = [Float](repeating: 0, count: G)
        let vectorised = H & ~7
        for step in 0..<length {
            let t = reverse ? length - 1 - step : step
            Layer.matrixVector(hiddenWeight, h, hiddenBias, into: &fromHidden, rows: G, columns: H)
            byPoint.withUnsafeBufferPointer { xb in
                fromHidden.withUnsafeBufferPointer { hb in
                    h.withUnsafeMutableBufferPointer { state in
                        let X = UnsafeRawPointer(xb.baseAddress! + t * G), R = UnsafeRawPointer(hb.baseAddress!)
                        let S = UnsafeMutableRawPointer(state.baseAddress!)
                        let f = MemoryLayout<Float>.stride
                        func load(_ p: UnsafeRawPointer, _ i: Int) -> SIMD8<Float> {
                            p.loadUnaligned(fromByteOffset: i * f, as: SIMD8<Float>.self)
                        }
                        var j = 0
                        while j < vectorised {
                            let r = FastMath.sigmoid(load(X, j) + load(R, j))
                            let z = FastMath.sigmoid(load(X, H + j) + load(R, H + j))
                            let n = FastMath.tanh(load(X, 2 * H + j) + r * load(R, 2 * H + j))
                            let previous = S.loadUnaligned(fromByteOffset: j * f, as: SIMD8<Float>.self)
                            S.storeBytes(of: (1 - z) * n + z * previous, toByteOffset: j * f, as: SIMD8<Float>.self)
                            j += 8
                        }
                        while j < H {
                            let r = 1 / (1 + Foundation.exp(-(xb[t * G + j] + hb[j])))
                            let z = 1 / (1 + Foundation.exp(-(xb[t * G + H + j] + hb[H + j])))
                            let n = Foundation.tanh(xb[t * G + 2 * H + j] + r * hb[2 * H + j])
                            state[j] = (1 - z) * n + z * state[j]
                            j += 1
                        }
                    }
                }
            }
            for j in 0..<H { states[t * H + j] = h[j] }
        }
        var out = [Float](repeating: 0, count: H * length)
        for t in 0..<length {
            for j in 0..<H { out[j * length + t] = states[t * H + j] }
        }
        return out
    }

    var macsPerPoint: Int { 3 * hidden * (inputs + hidden) }
}

/// A bidirectional GRU over a `[channels, length]` sequence: `[2·hidden, length]`, the forward
/// direction's states in the first `hidden` channels, the backward direction's after them.
struct BidirectionalGRU: Sendable {
    let forward: GRUDirection
    let backward: GRUDirection

    func callAsFunction(_ x: Activation) -> Activation {
        let length = x.shape[1]
        return Activation(shape: [2 * forward.hidden, length],
                          values: forward.states(x, reverse: false) + backward.states(x, reverse: true))
    }

    func outputShape(for shape: [Int]) -> [Int]? {
        guard shape.count == 2, shape[0] == forward.inputs, shape[1] > 0 else { return nil }
        return [2 * forward.hidden, shape[1]]
    }

    func macs(for shape: [Int]) -> Int { shape[1] * (forward.macsPerPoint + backward.macsPerPoint) }
}
