import Foundation

/// An axis of a chart: its label and whether it is linear or logarithmic (base 10).
public struct ChartAxis: Codable, Hashable, Sendable {
    public enum Scale: String, Codable, Hashable, Sendable {
        case linear, logarithmic
    }

    public var label: String
    public var scale: Scale

    public init(_ label: String, scale: Scale = .linear) {
        self.label = label
        self.scale = scale
    }

    /// Whether `value` can be drawn on this axis (a logarithmic axis cannot show values ≤ 0).
    func accepts(_ value: Double) -> Bool {
        value.isFinite && (scale == .linear || value > 0)
    }
}

/// Maps data values along one axis to pixel positions, with "nice" bounds and ticks.
struct AxisMapping {
    let scale: ChartAxis.Scale
    /// The data range shown, widened to tick boundaries.
    let lower: Double
    let upper: Double
    /// Pixel positions of `lower` and `upper` (for a vertical axis, `start` is the bottom).
    let start: Double
    let end: Double
    let ticks: [Double]

    /// A mapping for `values` (the ones the axis accepts). Linear axes include zero when every value
    /// is positive, so that bars and costs are not exaggerated. With `roomBelow`, a logarithmic axis
    /// starts at least a factor of two below the smallest value, so that no bar has zero height.
    init(axis: ChartAxis, values: [Double], start: Double, end: Double, roomBelow: Bool = false) {
        self.scale = axis.scale
        self.start = start
        self.end = end
        let shown = values.filter(axis.accepts)
        switch axis.scale {
        case .linear:
            var low = min(0, shown.min() ?? 0)
            var high = max(0, shown.max() ?? 1)
            if low == high { high = low + 1 }
            let step = Self.niceStep((high - low) / 5)
            low = (low / step).rounded(.down) * step
            high = (high / step).rounded(.up) * step
            lower = low
            upper = high
            ticks = stride(from: 0, through: Int(((high - low) / step).rounded()), by: 1).map { low + Double($0) * step }
        case .logarithmic:
            let low = floor(log10((shown.min() ?? 1) / (roomBelow ? 2 : 1)))
            var high = ceil(log10(shown.max() ?? 10))
            if high <= low { high = low + 1 }
            lower = pow(10, low)
            upper = pow(10, high)
            var values: [Double] = []
            for exponent in Int(low) ... Int(high) {
                let decade = pow(10, Double(exponent))
                values.append(decade)
                // Few decades: label the 2× and 5× points too.
                if high - low <= 2 && exponent < Int(high) { values += [2 * decade, 5 * decade] }
            }
            ticks = values
        }
    }

    /// The pixel position of `value`, or `nil` when the axis cannot show it.
    func position(_ value: Double) -> Double? {
        let fraction: Double
        switch scale {
        case .linear:
            guard value.isFinite else { return nil }
            fraction = (value - lower) / (upper - lower)
        case .logarithmic:
            guard value.isFinite, value > 0 else { return nil }
            fraction = (log10(value) - log10(lower)) / (log10(upper) - log10(lower))
        }
        return start + fraction * (end - start)
    }

    /// 1, 2 or 5 times a power of ten, at least `rough`.
    private static func niceStep(_ rough: Double) -> Double {
        let power = pow(10, floor(log10(rough)))
        for factor in [1.0, 2, 5, 10] where factor * power >= rough * 0.999_999 { return factor * power }
        return 10 * power
    }
}
