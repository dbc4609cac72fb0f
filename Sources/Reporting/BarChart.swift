/// A grouped bar chart: one group per category, one bar per series within each group.
///
/// ```swift
/// let chart = BarChart(
///     title: "Time per change",
///     valueAxis: ChartAxis("ns"),
///     seriesLabels: ["mark-sweep", "topological"],
///     groups: [BarGroup(label: "chain", values: [900, 1400]), BarGroup(label: "fan-out", values: [2100, 2600])]
/// )
/// ```
public struct BarChart: Codable, Hashable, Sendable {
    public var title: String
    public var valueAxis: ChartAxis
    public var seriesLabels: [String]
    public var groups: [BarGroup]
    public var references: [ReferenceLine]
    public var width: Double
    public var height: Double

    public init(title: String, valueAxis: ChartAxis, seriesLabels: [String], groups: [BarGroup],
                references: [ReferenceLine] = [], width: Double = 720, height: Double = 420) {
        self.title = title
        self.valueAxis = valueAxis
        self.seriesLabels = seriesLabels
        self.groups = groups
        self.references = references
        self.width = width
        self.height = height
    }

    /// The chart as a standalone SVG document. On a logarithmic axis, bars start at the axis's lower
    /// bound, a value of 0 is marked with a "0" at the base, and other values it cannot show are
    /// left out.
    public func svg() -> String {
        let frame = ChartFrame(width: width, height: height, legendLabels: seriesLabels)
        let values = groups.flatMap(\.values) + references.map(\.value)
        let mapping = AxisMapping(axis: valueAxis, values: values, start: frame.plotBottom, end: frame.plotTop, roomBelow: true)
        var svg = SVGDocument(width: width, height: height)
        frame.drawFrame(into: &svg, title: title, valueAxis: valueAxis, mapping: mapping, legend: seriesLabels)
        let groupWidth = (frame.plotRight - frame.plotLeft) / Double(max(1, groups.count))
        let barsPerGroup = Double(max(1, groups.map(\.values.count).max() ?? 1))
        let barWidth = groupWidth * 0.8 / barsPerGroup
        let base = mapping.position(valueAxis.scale == .linear ? max(0, mapping.lower) : mapping.lower) ?? frame.plotBottom
        for (groupIndex, group) in groups.enumerated() {
            let groupLeft = frame.plotLeft + Double(groupIndex) * groupWidth + groupWidth * 0.1
            for (index, value) in group.values.enumerated() {
                if value == 0 && valueAxis.scale == .logarithmic {
                    svg.text("0", x: groupLeft + (Double(index) + 0.46) * barWidth, y: base - 3, anchor: "middle", size: 9)
                }
                guard valueAxis.accepts(value), let top = mapping.position(value) else { continue }
                svg.rectangle(x: groupLeft + Double(index) * barWidth, y: min(top, base),
                              width: barWidth * 0.92, height: abs(base - top), fill: Palette.color(index))
            }
            svg.text(group.label, x: groupLeft + groupWidth * 0.4, y: frame.plotBottom + 18, anchor: "middle", size: 11)
        }
        for reference in references {
            guard let y = mapping.position(reference.value) else { continue }
            frame.drawHorizontalReference(into: &svg, at: y, label: reference.label)
        }
        return svg.rendered()
    }
}
