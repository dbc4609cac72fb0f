/// A labelled point of a ``ScatterChart``: one item measured on two metrics.
public struct ScatterPoint: Codable, Hashable, Sendable {
    /// The item's name, written beside its marker and in the legend.
    public var label: String
    /// The value on the horizontal axis.
    public var x: Double
    /// The value on the vertical axis.
    public var y: Double

    /// The point of `label` at (`x`, `y`).
    public init(label: String, x: Double, y: Double) {
        self.label = label
        self.x = x
        self.y = y
    }
}

/// A chart of labelled points, one per item (a strategy's input latency against its update
/// latency), each in its own color and named beside its marker (points at the same place share
/// one label; a label moves around its marker to keep clear of the others), with optional reference lines
/// across either axis (a frame interval). Either axis may be logarithmic (points a logarithmic axis
/// cannot show, ≤ 0, are left out).
///
/// ```swift
/// let chart = ScatterChart(
///     title: "Input against update latency",
///     xAxis: ChartAxis("update latency p99 (ms)"),
///     yAxis: ChartAxis("input latency p99 (ms)"),
///     points: [ScatterPoint(label: "lazy", x: 91, y: 68), ScatterPoint(label: "sliced", x: 153, y: 4)],
///     horizontalReferences: [ReferenceLine(label: "one frame", value: 16.7)]
/// )
/// try chart.svg().write(toFile: "latency.svg", atomically: true, encoding: .utf8)
/// ```
public struct ScatterChart: Codable, Hashable, Sendable {
    /// The title above the plot.
    public var title: String
    /// The horizontal axis.
    public var xAxis: ChartAxis
    /// The vertical axis.
    public var yAxis: ChartAxis
    /// The points, in legend order; each gets the palette's next color.
    public var points: [ScatterPoint]
    /// Lines across the plot at values of the vertical axis.
    public var horizontalReferences: [ReferenceLine]
    /// Lines up the plot at values of the horizontal axis.
    public var verticalReferences: [ReferenceLine]
    /// The document's width in pixels.
    public var width: Double
    /// The document's height in pixels.
    public var height: Double

    /// A chart of `points` on `xAxis` and `yAxis`, with reference lines across (`horizontalReferences`)
    /// and up (`verticalReferences`) the plot.
    public init(
        title: String, xAxis: ChartAxis, yAxis: ChartAxis, points: [ScatterPoint],
        horizontalReferences: [ReferenceLine] = [], verticalReferences: [ReferenceLine] = [],
        width: Double = 720, height: Double = 420
    ) {
        self.title = title
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.points = points
        self.horizontalReferences = horizontalReferences
        self.verticalReferences = verticalReferences
        self.width = width
        self.height = height
    }

    /// The chart as a standalone SVG document. Both axes start at 0 on a linear scale, so that
    /// distances from the origin compare; reference lines widen the axes to show them.
    public func svg() -> String {
        let frame = ChartFrame(width: width, height: height, legendLabels: points.map(\.label))
        let shown = points.filter { xAxis.accepts($0.x) && yAxis.accepts($0.y) }
        let xMapping = AxisMapping(axis: xAxis, values: shown.map(\.x) + verticalReferences.map(\.value),
                                   start: frame.plotLeft + 8, end: frame.plotRight - 8)
        let yMapping = AxisMapping(axis: yAxis, values: shown.map(\.y) + horizontalReferences.map(\.value),
                                   start: frame.plotBottom, end: frame.plotTop)
        var svg = SVGDocument(width: width, height: height)
        frame.drawFrame(into: &svg, title: title, valueAxis: yAxis, mapping: yMapping, legend: points.map(\.label))
        for tick in xMapping.ticks {
            guard let x = xMapping.position(tick) else { continue }
            frame.drawHorizontalTick(into: &svg, at: x, value: tick)
        }
        frame.drawHorizontalLabel(into: &svg, axis: xAxis)
        for reference in horizontalReferences {
            guard let y = yMapping.position(reference.value) else { continue }
            frame.drawHorizontalReference(into: &svg, at: y, label: reference.label)
        }
        for reference in verticalReferences {
            guard let x = xMapping.position(reference.value) else { continue }
            svg.line(x1: x, y1: frame.plotTop, x2: x, y2: frame.plotBottom, stroke: Palette.reference, dashed: true)
            svg.text(reference.label, x: x + 4, y: frame.plotTop + 12, size: 11)
        }
        // Points drawn at the same place share one label, their names joined.
        var labels: [(x: Double, y: Double, names: [String])] = []
        for (index, point) in points.enumerated() {
            guard xAxis.accepts(point.x), yAxis.accepts(point.y),
                  let x = xMapping.position(point.x), let y = yMapping.position(point.y) else { continue }
            svg.add("circle", [("cx", SVGDocument.number(x)), ("cy", SVGDocument.number(y)), ("r", "5"),
                               ("fill", Palette.color(index))])
            if let same = labels.firstIndex(where: { abs($0.x - x) < 1 && abs($0.y - y) < 1 }) {
                labels[same].names.append(point.label)
            } else {
                labels.append((x, y, [point.label]))
            }
        }
        var placed: [LabelBox] = []
        for label in labels {
            let text = label.names.joined(separator: ", ")
            let box = LabelBox.place(text, at: (label.x, label.y), avoiding: placed)
            placed.append(box)
            svg.text(text, x: box.left, y: box.baseline, size: 11)
        }
        return svg.rendered()
    }
}

/// Where a point's label is written: the first of a few places around the marker (above right,
/// below right, above left, below left) that overlaps no label already written, so that labels of
/// nearby points stay legible; the first place if every one overlaps.
private struct LabelBox {
    let left: Double
    let baseline: Double
    let width: Double

    /// The height of a line of 11-point text, and the width of one of its characters (estimated).
    static let height = 12.0, characterWidth = 6.2

    static func place(_ text: String, at point: (x: Double, y: Double), avoiding placed: [LabelBox]) -> LabelBox {
        let width = Double(text.count) * characterWidth
        let candidates = [(8.0, -6.0), (8, 16), (-8 - width, -6), (-8 - width, 16)].map { dx, dy in
            LabelBox(left: point.x + dx, baseline: point.y + dy, width: width)
        }
        return candidates.first { candidate in !placed.contains(where: candidate.overlaps) } ?? candidates[0]
    }

    func overlaps(_ other: LabelBox) -> Bool {
        left < other.left + other.width && other.left < left + width
            && baseline - Self.height < other.baseline && other.baseline - Self.height < baseline
    }
}
