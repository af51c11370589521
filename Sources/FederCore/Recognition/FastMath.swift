import Foundation

/// exp, the logistic function and tanh for eight floats at once. A GRU needs three of them per
/// state and point (24,576 per letter for the recognizer's bidirectional GRU), and the scalar
/// library calls cost as much as the GRU's multiply-accumulates; these keep the relative error of
/// exp within a few units in the last place (1 + r + r²·P(r), P of degree 5, after range reduction,
/// as Cephes' expf), far inside the reference tolerance of the recognizer's tests.
enum FastMath {
    static func exp(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let x = x.clamped(lowerBound: SIMD8(repeating: -87), upperBound: SIMD8(repeating: 88))
        // n = round(x / ln 2) by the float adder itself: adding 1.5·2²³ leaves n in the low bits
        // of the sum (a Float-to-Int conversion of a SIMD vector goes through a slow generic path)
        let magic = SIMD8<Float>(repeating: 12_582_912)
        let shifted = x * 1.442_695_04 + magic
        let n = shifted - magic
        // x − n·ln 2 in two parts, so that the reduction itself loses no precision
        let r = x - n * 0.693_359_375 + n * 2.121_944_4e-4
        var p = SIMD8<Float>(repeating: 1.987_569_15e-4)
        p = p * r + 1.398_199_950_7e-3
        p = p * r + 8.333_451_907_3e-3
        p = p * r + 4.166_579_589_4e-2
        p = p * r + 1.666_666_545_9e-1
        p = p * r + 5.000_000_120_1e-1
        p = p * r * r + r + 1
        // 2^n, built in the float's exponent bits (the sum's bits are 0x4B40_0000 + n)
        let exponent = (unsafeBitCast(shifted, to: SIMD8<Int32>.self) &- 0x4B40_0000 &+ 127) &<< 23
        return p * unsafeBitCast(exponent, to: SIMD8<Float>.self)
    }

    static func sigmoid(_ x: SIMD8<Float>) -> SIMD8<Float> { 1 / (1 + exp(-x)) }

    /// tanh(x) = 2·σ(2x) − 1: exact in exact arithmetic; its absolute error is about twice σ's.
    static func tanh(_ x: SIMD8<Float>) -> SIMD8<Float> { 2 * sigmoid(2 * x) - 1 }
}
