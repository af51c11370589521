import Foundation

/// The Schreibmotorik assessment of a free-written letter (Marquardt & Söhl): Form, Tempo, Druck,
/// Rhythmus, each 0…1, and their weighted overall. Never shown to the child.
public struct MotorDimensions: Sendable, Equatable, Codable {
    public var form: Double
    /// Fréchet distance behind Form, in x-heights (nil without ink).
    public var formDistance: Double?
    /// Nil when the ink has too little movement to judge (a few taps).
    public var tempo: Double?
    /// Nil when pressure was not measured: see `druckStatus`.
    public var druck: Double?
    public var druckStatus: PressureStatus
    public var rhythmus: Double?
    /// Σ weight · dimension over the measured dimensions, divided by their weights' sum.
    public var overall: Double
    /// The weights actually used (renormalised over the measured dimensions; they sum to 1).
    public var weights: Weights

    public struct Weights: Sendable, Equatable, Codable {
        public var form: Double
        public var tempo: Double
        public var druck: Double
        public var rhythmus: Double
    }

    /// The main seed's weighting: Form .40, Tempo .25, Druck .15, Rhythmus .20.
    public static let baseWeights = Weights(form: 0.40, tempo: 0.25, druck: 0.15, rhythmus: 0.20)

    init(form: Double, formDistance: Double?, tempo: Double?, druck: Double?, druckStatus: PressureStatus, rhythmus: Double?) {
        self.form = form
        self.formDistance = formDistance
        self.tempo = tempo
        self.druck = druck
        self.druckStatus = druckStatus
        self.rhythmus = rhythmus
        let b = Self.baseWeights
        // A dimension that was not measured drops out and the others share its weight in proportion:
        // finger input is not penalised for having no pressure.
        let w = Weights(form: b.form, tempo: tempo == nil ? 0 : b.tempo, druck: druck == nil ? 0 : b.druck,
                        rhythmus: rhythmus == nil ? 0 : b.rhythmus)
        let total = w.form + w.tempo + w.druck + w.rhythmus
        weights = Weights(form: w.form / total, tempo: w.tempo / total, druck: w.druck / total, rhythmus: w.rhythmus / total)
        overall = weights.form * form + weights.tempo * (tempo ?? 0) + weights.druck * (druck ?? 0)
            + weights.rhythmus * (rhythmus ?? 0)
    }
}
