import Foundation

/// Druck: how steady the pen pressure is. 1 − CV of the pressure over the middle of each stroke (the
/// first and last tenth are touch-down and lift ramps), clamped to 0…1. Pressure is a level a writer
/// holds, so 1 − CV (not CV²) keeps the score sensitive in the range children show.
///
/// Only a pen measures pressure. Finger and mouse input, a file without pressure, or a device that
/// reports one fixed value for every sample give "not measured" with the reason, never a score.
enum PressureScore {
    static func score(_ ink: Ink) -> (value: Double?, status: PressureStatus) {
        guard ink.pointer.measuresPressure else { return (nil, .notMeasuredPointer) }
        var values: [Double] = []
        for stroke in ink.strokes {
            let trim = stroke.count >= 10 ? stroke.count / 10 : 0
            for s in stroke[trim..<(stroke.count - trim)] { if let p = s.pressure, p > 0 { values.append(p) } }
        }
        guard values.count >= 5 else { return (nil, .notMeasuredNoData) }
        guard let first = values.first, values.contains(where: { $0 != first }) else { return (nil, .notMeasuredConstant) }
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
        return (clamp01(1 - variance.squareRoot() / mean), .measured)
    }
}

/// Whether Druck could be measured, and if not, why.
public enum PressureStatus: String, Sendable, Codable {
    case measured
    /// Finger or mouse: no pressure sensor.
    case notMeasuredPointer
    /// Pen, but too few samples carry pressure.
    case notMeasuredNoData
    /// Every sample reports the same value: the device fakes pressure (e.g. 0.5 for any contact).
    case notMeasuredConstant
}
