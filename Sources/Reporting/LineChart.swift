/// A chart of one or more ``Series`` drawn as lines with point markers; either axis may be
/// logarithmic (points a logarithmic axis cannot show, ≤ 0, are left out).
///
/// ```swift
/// let chart = LineChart(
///     title: "Cost per change",
///     xAxis: ChartAxis("nodes", scale: .logarithmic),
///     yAxis: ChartAxis("ns per change", scale: .logarithmic),
///     series: [Series(label: "mark-sweep", points: [ChartPoint(x: 1e3, y: 420), ChartPoint(x: 1e6, y: 450)])]
/// )
/// try chart.svg().write(toFile: "cost.svg", atomically: true, encoding: .utf8)
/// ```
public struct LineChart: Codable, Hashable, Sendable {
    public var title: String
    public var xAxis: ChartAxis
    public var yAxis: ChartAxis
    public var series: [Series]
    public var width: Double
    public var height: Double

    public init(title: String, xAxis: ChartAxis, yAxis: ChartAxis, series: [Series], width: Double = 720, height: Double = 420) {
        self.title = title
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.series = series
        self.width = width
        self.height = height
    }

    /// The dash pattern of each series in turn, so that lines that coincide stay distinguishable.
    static let dashes = ["none", "8 4", "3 3", "10 3 2 3"]

    /// The chart as a standalone SVG document. Each series has its own dash pattern and marker
    /// size, so that series that coincide stay visible.
    public func svg() -> String {
        let frame = ChartFrame(width: width, height: height, legendLabels: series.map(\.label))
        let points = series.flatMap(\.points).filter { xAxis.accepts($0.x) && yAxis.accepts($0.y) }
        let xMapping = AxisMapping(axis: xAxis, values: points.map(\.x), start: frame.plotLeft + 8, end: frame.plotRight - 8)
        let yMapping = AxisMapping(axis: yAxis, values: points.map(\.y), start: frame.plotBottom, end: frame.plotTop)
        var svg = SVGDocument(width: width, height: height)
        frame.drawFrame(into: &svg, title: title, valueAxis: yAxis, mapping: yMapping, legend: series.map(\.label))
        for tick in xMapping.ticks {
            guard let x = xMapping.position(tick) else { continue }
            frame.drawHorizontalTick(into: &svg, at: x, value: tick)
        }
        frame.drawHorizontalLabel(into: &svg, axis: xAxis)
        for (index, line) in series.enumerated() {
            let color = Palette.color(index)
            let positions = line.points.compactMap { point -> (Double, Double)? in
                guard xAxis.accepts(point.x), yAxis.accepts(point.y),
                      let x = xMapping.position(point.x), let y = yMapping.position(point.y) else { return nil }
                return (x, y)
            }
            if positions.count > 1 {
                let text = positions.map { "\(SVGDocument.number($0.0)),\(SVGDocument.number($0.1))" }.joined(separator: " ")
                svg.add("polyline", [("points", text), ("fill", "none"), ("stroke", color), ("stroke-width", "2"),
                                     ("stroke-dasharray", Self.dashes[index % Self.dashes.count])])
            }
            // Later series get smaller markers, so that series that coincide stay visible.
            let radius = SVGDocument.number(max(2, 5 - Double(index % 4)))
            for (x, y) in positions {
                svg.add("circle", [("cx", SVGDocument.number(x)), ("cy", SVGDocument.number(y)), ("r", radius), ("fill", color)])
            }
        }
        return svg.rendered()
    }
}
