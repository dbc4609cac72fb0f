/// The common layout of every chart: a title on top, a plot area with a value axis on the left,
/// a category or value axis below, and a legend on the right.
struct ChartFrame {
    let width: Double
    let height: Double
    let left = 84.0
    let top = 44.0
    let bottom: Double
    let legendWidth: Double

    init(width: Double, height: Double, legendLabels: [String]) {
        self.width = width
        self.height = height
        bottom = 64
        let longest = legendLabels.map(\.count).max() ?? 0
        legendWidth = legendLabels.isEmpty ? 24 : min(260, 40 + Double(longest) * 6.6)
    }

    var plotLeft: Double { left }
    var plotRight: Double { width - legendWidth }
    var plotTop: Double { top }
    var plotBottom: Double { height - bottom }

    /// Draws the title, the value axis (gridlines, ticks, labels) and the legend.
    func drawFrame(into svg: inout SVGDocument, title: String, valueAxis: ChartAxis, mapping: AxisMapping,
                   legend: [String]) {
        svg.text(title, x: width / 2, y: 24, anchor: "middle", size: 15, weight: "bold")
        for tick in mapping.ticks {
            guard let y = mapping.position(tick) else { continue }
            svg.line(x1: plotLeft, y1: y, x2: plotRight, y2: y, stroke: Palette.grid)
            svg.text(NumberFormat.compact(tick), x: plotLeft - 6, y: y + 4, anchor: "end", size: 11)
        }
        svg.line(x1: plotLeft, y1: plotTop, x2: plotLeft, y2: plotBottom, stroke: Palette.axis)
        svg.line(x1: plotLeft, y1: plotBottom, x2: plotRight, y2: plotBottom, stroke: Palette.axis)
        let axisLabel = valueAxis.label + (valueAxis.scale == .logarithmic ? " (log scale)" : "")
        svg.text(axisLabel, x: 18, y: (plotTop + plotBottom) / 2, anchor: "middle", size: 12, rotate: true)
        for (index, label) in legend.enumerated() {
            let y = plotTop + 8 + Double(index) * 20
            svg.rectangle(x: plotRight + 14, y: y - 9, width: 12, height: 12, fill: Palette.color(index))
            svg.text(label, x: plotRight + 32, y: y + 1, size: 12)
        }
    }

    /// Draws a tick under the horizontal axis at `x`, labelled with `value`.
    func drawHorizontalTick(into svg: inout SVGDocument, at x: Double, value: Double) {
        svg.line(x1: x, y1: plotBottom, x2: x, y2: plotBottom + 5, stroke: Palette.axis)
        svg.text(NumberFormat.compact(value), x: x, y: plotBottom + 20, anchor: "middle", size: 11)
    }

    /// Draws a dashed horizontal reference line across the plot at `y`, labelled at its right end.
    func drawHorizontalReference(into svg: inout SVGDocument, at y: Double, label: String) {
        svg.line(x1: plotLeft, y1: y, x2: plotRight, y2: y, stroke: Palette.reference, dashed: true)
        svg.text(label, x: plotRight - 4, y: y - 4, anchor: "end", size: 11)
    }

    /// Draws the label under the horizontal axis.
    func drawHorizontalLabel(into svg: inout SVGDocument, axis: ChartAxis) {
        let label = axis.label + (axis.scale == .logarithmic ? " (log scale)" : "")
        svg.text(label, x: (plotLeft + plotRight) / 2, y: height - 16, anchor: "middle", size: 12)
    }
}
