/// Per-frame values over time: one stacked bar per frame (one segment per series, such as the
/// phases of a frame), with optional reference lines such as the frame deadline.
///
/// ```swift
/// let chart = TimelineChart(
///     title: "Frame time",
///     valueAxis: ChartAxis("ms"),
///     series: [TimelineSeries(label: "evaluate", values: evaluateTimes),
///              TimelineSeries(label: "commit", values: commitTimes)],
///     references: [ReferenceLine(label: "16.7 ms deadline", value: 16.7)]
/// )
/// ```
public struct TimelineChart: Codable, Hashable, Sendable {
    public var title: String
    public var frameAxis: ChartAxis
    public var valueAxis: ChartAxis
    /// Stacked segments, bottom first; every series has one value per frame (missing frames are 0).
    public var series: [TimelineSeries]
    public var references: [ReferenceLine]
    public var width: Double
    public var height: Double

    public init(title: String, frameAxis: ChartAxis = ChartAxis("frame"), valueAxis: ChartAxis, series: [TimelineSeries],
                references: [ReferenceLine] = [], width: Double = 720, height: Double = 320) {
        self.title = title
        self.frameAxis = frameAxis
        self.valueAxis = ChartAxis(valueAxis.label)
        self.series = series
        self.references = references
        self.width = width
        self.height = height
    }

    /// The number of frames drawn: the length of the longest series.
    public var frameCount: Int { series.map(\.values.count).max() ?? 0 }

    /// The stacked total of every frame.
    public var totals: [Double] {
        (0 ..< frameCount).map { frame in
            series.reduce(0) { $0 + (frame < $1.values.count ? max(0, $1.values[frame]) : 0) }
        }
    }

    /// The chart as a standalone SVG document. The value axis is always linear (stacking has no
    /// meaning on a logarithmic axis); negative values are drawn as zero.
    public func svg() -> String {
        let frame = ChartFrame(width: width, height: height, legendLabels: series.map(\.label))
        let mapping = AxisMapping(axis: valueAxis, values: totals + references.map(\.value),
                                  start: frame.plotBottom, end: frame.plotTop)
        var svg = SVGDocument(width: width, height: height)
        frame.drawFrame(into: &svg, title: title, valueAxis: valueAxis, mapping: mapping, legend: series.map(\.label))
        let count = frameCount
        let frameMapping = AxisMapping(axis: ChartAxis(frameAxis.label), values: [0, Double(max(1, count))],
                                       start: frame.plotLeft, end: frame.plotRight)
        let slot = (frame.plotRight - frame.plotLeft) / Double(max(1, count))
        for index in 0 ..< count {
            let x = frame.plotLeft + Double(index) * slot
            var stacked = 0.0
            for (seriesIndex, line) in series.enumerated() where index < line.values.count {
                let value = max(0, line.values[index])
                guard value > 0, let bottom = mapping.position(stacked), let top = mapping.position(stacked + value) else { continue }
                svg.rectangle(x: x, y: top, width: max(0.5, slot * 0.85), height: bottom - top, fill: Palette.color(seriesIndex))
                stacked += value
            }
        }
        // A tick names the frame whose bar it sits under, at the bar's centre.
        for tick in frameMapping.ticks where tick < Double(count) {
            let x = frame.plotLeft + tick * slot + slot * 0.85 / 2
            frame.drawHorizontalTick(into: &svg, at: x, value: tick)
        }
        frame.drawHorizontalLabel(into: &svg, axis: frameAxis)
        for reference in references {
            guard let y = mapping.position(reference.value) else { continue }
            frame.drawHorizontalReference(into: &svg, at: y, label: reference.label)
        }
        return svg.rendered()
    }
}

/// One stacked component of a ``TimelineChart``: a label and one value per frame.
public struct TimelineSeries: Codable, Hashable, Sendable {
    public var label: String
    public var values: [Double]

    public init(label: String, values: [Double]) {
        self.label = label
        self.values = values
    }
}
