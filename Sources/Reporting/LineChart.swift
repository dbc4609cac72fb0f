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
    /// Shaded bands behind the lines (intervals), each in its series' color.
    public var bands: [ChartBand]
    /// Dashed horizontal lines across the plot, such as a frame interval.
    public var references: [ReferenceLine]
    /// Rings around marked points, each in its series' color.
    public var markers: [ChartMarker]
    /// The legend's entry for the markers, when there are any (e.g. "○ breaking point").
    public var markerLabel: String

    /// A chart of `series` on `xAxis` and `yAxis`, with `bands` behind the lines, `references`
    /// across the plot and `markers` ringed (listed in the legend as `markerLabel`).
    public init(
        title: String, xAxis: ChartAxis, yAxis: ChartAxis, series: [Series], width: Double = 720, height: Double = 420,
        bands: [ChartBand] = [], references: [ReferenceLine] = [], markers: [ChartMarker] = [], markerLabel: String = "marked point"
    ) {
        self.title = title
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.series = series
        self.width = width
        self.height = height
        self.bands = bands
        self.references = references
        self.markers = markers
        self.markerLabel = markerLabel
    }

    /// The dash pattern of each series in turn, so that lines that coincide stay distinguishable.
    static let dashes = ["none", "8 4", "3 3", "10 3 2 3"]

    /// The chart as a standalone SVG document. Each series has its own dash pattern and marker
    /// size, so that series that coincide stay visible. Bands are drawn first, translucent, then
    /// the reference lines, the lines, and the rings of the markers.
    public func svg() -> String {
        let legend = series.map(\.label) + (markers.isEmpty ? [] : ["○ " + markerLabel])
        let frame = ChartFrame(width: width, height: height, legendLabels: legend)
        let points = series.flatMap(\.points).filter { xAxis.accepts($0.x) && yAxis.accepts($0.y) }
        let bandValues = bands.flatMap(\.spans).filter { xAxis.accepts($0.x) }.flatMap { [$0.low, $0.high] }.filter(yAxis.accepts)
        let xMapping = AxisMapping(axis: xAxis, values: points.map(\.x) + bands.flatMap(\.spans).map(\.x).filter(xAxis.accepts),
                                   start: frame.plotLeft + 8, end: frame.plotRight - 8)
        let yMapping = AxisMapping(axis: yAxis, values: points.map(\.y) + bandValues + references.map(\.value).filter(yAxis.accepts),
                                   start: frame.plotBottom, end: frame.plotTop)
        var svg = SVGDocument(width: width, height: height)
        frame.drawFrame(into: &svg, title: title, valueAxis: yAxis, mapping: yMapping, legend: legend)
        if !markers.isEmpty, let last = legend.indices.last {
            // The markers' legend entry is a ring, not a swatch: cover the swatch drawn for it.
            let y = frame.plotTop + 8 + Double(last) * 20
            svg.rectangle(x: frame.plotRight + 13, y: y - 10, width: 14, height: 14, fill: "white")
            svg.add("circle", [("cx", SVGDocument.number(frame.plotRight + 20)), ("cy", SVGDocument.number(y - 3)), ("r", "6"),
                               ("fill", "none"), ("stroke", Palette.axis), ("stroke-width", "2")])
        }
        for tick in xMapping.ticks {
            guard let x = xMapping.position(tick) else { continue }
            frame.drawHorizontalTick(into: &svg, at: x, value: tick)
        }
        frame.drawHorizontalLabel(into: &svg, axis: xAxis)
        for band in bands {
            let spans = band.spans.filter { xAxis.accepts($0.x) && yAxis.accepts($0.low) && yAxis.accepts($0.high) }
            let upper = spans.compactMap { span in xMapping.position(span.x).flatMap { x in yMapping.position(span.high).map { (x, $0) } } }
            let lower = spans.compactMap { span in xMapping.position(span.x).flatMap { x in yMapping.position(span.low).map { (x, $0) } } }
            guard upper.count > 1, upper.count == lower.count else { continue }
            let outline = (upper + lower.reversed()).map { "\(SVGDocument.number($0.0)),\(SVGDocument.number($0.1))" }
            svg.add("polygon", [("points", outline.joined(separator: " ")), ("fill", Palette.color(band.seriesIndex)),
                                ("fill-opacity", "0.18"), ("stroke", "none")])
        }
        for reference in references {
            guard yAxis.accepts(reference.value), let y = yMapping.position(reference.value) else { continue }
            frame.drawHorizontalReference(into: &svg, at: y, label: reference.label)
        }
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
        for marker in markers {
            guard xAxis.accepts(marker.x), yAxis.accepts(marker.y),
                  let x = xMapping.position(marker.x), let y = yMapping.position(marker.y) else { continue }
            svg.add("circle", [("cx", SVGDocument.number(x)), ("cy", SVGDocument.number(y)), ("r", "9"), ("fill", "none"),
                               ("stroke", Palette.color(marker.seriesIndex)), ("stroke-width", "2.5")])
        }
        return svg.rendered()
    }
}
