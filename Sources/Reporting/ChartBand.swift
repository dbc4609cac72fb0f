/// A shaded band of a ``LineChart``: a low and a high value at each x, such as the interval of a
/// median measured at each load, drawn in the color of the series at ``seriesIndex``.
public struct ChartBand: Codable, Hashable, Sendable {
    /// A point of the band: its low and high values at `x`.
    public struct Span: Codable, Hashable, Sendable {
        public var x: Double
        public var low: Double
        public var high: Double

        public init(x: Double, low: Double, high: Double) {
            (self.x, self.low, self.high) = (x, low, high)
        }
    }

    /// The series whose color the band takes.
    public var seriesIndex: Int
    /// The spans, by x ascending.
    public var spans: [Span]

    public init(seriesIndex: Int, spans: [Span]) {
        self.seriesIndex = seriesIndex
        self.spans = spans
    }
}

/// A marked point of a ``LineChart`` (such as the load at which a strategy breaks): a ring in the
/// color of the series at ``seriesIndex`` around (`x`, `y`), listed in the legend under
/// the chart's marker label.
public struct ChartMarker: Codable, Hashable, Sendable {
    public var seriesIndex: Int
    public var x: Double
    public var y: Double

    public init(seriesIndex: Int, x: Double, y: Double) {
        (self.seriesIndex, self.x, self.y) = (seriesIndex, x, y)
    }
}
