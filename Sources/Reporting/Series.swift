/// A point of a ``Series``.
public struct ChartPoint: Codable, Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A labelled sequence of points, drawn as one line of a ``LineChart``.
public struct Series: Codable, Hashable, Sendable {
    public var label: String
    public var points: [ChartPoint]

    public init(label: String, points: [ChartPoint]) {
        self.label = label
        self.points = points
    }
}

/// One group of a ``BarChart``: a category label and one value per series.
public struct BarGroup: Codable, Hashable, Sendable {
    public var label: String
    public var values: [Double]

    public init(label: String, values: [Double]) {
        self.label = label
        self.values = values
    }
}

/// A horizontal line across a chart at `value`, such as a frame deadline.
public struct ReferenceLine: Codable, Hashable, Sendable {
    public var label: String
    public var value: Double

    public init(label: String, value: Double) {
        self.label = label
        self.value = value
    }
}
