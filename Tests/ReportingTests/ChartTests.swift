import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Reporting
import Testing

/// Whether `svg` is well-formed XML, according to Foundation's parser.
private func isWellFormed(_ svg: String) -> Bool {
    XMLParser(data: Data(svg.utf8)).parse()
}

private let lineChart = LineChart(
    title: "Cost <per> change & more",
    xAxis: ChartAxis("nodes", scale: .logarithmic),
    yAxis: ChartAxis("ns", scale: .logarithmic),
    series: [
        Series(label: "mark-sweep", points: [ChartPoint(x: 100, y: 50), ChartPoint(x: 10_000, y: 60)]),
        Series(label: "from scratch", points: [ChartPoint(x: 100, y: 0), ChartPoint(x: 1_000, y: 900), ChartPoint(x: 10_000, y: 9_000)]),
    ],
    width: 400, height: 240
)

@Suite struct ChartTests {
    @Test func everyChartIsWellFormedAndDeterministic() {
        let bars = BarChart(
            title: "Per shape", valueAxis: ChartAxis("ns"), seriesLabels: ["a", "b"],
            groups: [BarGroup(label: "chain", values: [3, 4.5]), BarGroup(label: "fan-out", values: [10, -1])],
            references: [ReferenceLine(label: "budget", value: 8)]
        )
        let logBars = BarChart(title: "Log", valueAxis: ChartAxis("ns", scale: .logarithmic), seriesLabels: ["a"],
                               groups: [BarGroup(label: "x", values: [0, 20, 3_000])])
        let timeline = TimelineChart(
            title: "Frames", valueAxis: ChartAxis("ms"),
            series: [TimelineSeries(label: "evaluate", values: [4, 9, 20]), TimelineSeries(label: "commit", values: [1, 2])],
            references: [ReferenceLine(label: "16.7 ms", value: 16.7)]
        )
        for svg in [lineChart.svg(), bars.svg(), logBars.svg(), timeline.svg()] {
            #expect(isWellFormed(svg))
            #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
        }
        #expect(lineChart.svg() == lineChart.svg())
        #expect(timeline.totals == [5, 11, 20])
        // A zero on a log axis has no bar, but is marked.
        #expect(logBars.svg().contains(">0</text>"))
    }

    @Test func textIsEscaped() {
        #expect(lineChart.svg().contains("Cost &lt;per&gt; change &amp; more"))
    }

    @Test func logarithmicAxesTickAtPowersOfTenAndSkipNonPositiveValues() {
        let svg = lineChart.svg()
        for label in [">100<", ">1k<", ">10k<", ">10<"] { #expect(svg.contains(label)) }
        // The point at y = 0 cannot be drawn on a log axis: 2 + 2 of the 5 points are drawn.
        #expect(svg.components(separatedBy: "<circle").count - 1 == 4)
    }

    @Test func lineChartMatchesGoldenOutput() {
        #expect(lineChart.svg() == goldenLineChart)
    }
}

/// The exact bytes of `lineChart`; regenerate deliberately if the drawing changes.
private let goldenLineChart = """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" width="400" height="240" viewBox="0 0 400 240" font-family="Helvetica, Arial, sans-serif">
    <rect x="0" y="0" width="400" height="240" fill="#ffffff"/>
    <text x="200" y="24" text-anchor="middle" font-size="15" font-weight="bold">Cost &lt;per&gt; change &amp; more</text>
    <line x1="84" y1="176" x2="280.8" y2="176" stroke="#e5e5e5" stroke-width="1"/>
    <text x="78" y="180" text-anchor="end" font-size="11">10</text>
    <line x1="84" y1="132" x2="280.8" y2="132" stroke="#e5e5e5" stroke-width="1"/>
    <text x="78" y="136" text-anchor="end" font-size="11">100</text>
    <line x1="84" y1="88" x2="280.8" y2="88" stroke="#e5e5e5" stroke-width="1"/>
    <text x="78" y="92" text-anchor="end" font-size="11">1k</text>
    <line x1="84" y1="44" x2="280.8" y2="44" stroke="#e5e5e5" stroke-width="1"/>
    <text x="78" y="48" text-anchor="end" font-size="11">10k</text>
    <line x1="84" y1="44" x2="84" y2="176" stroke="#333333" stroke-width="1"/>
    <line x1="84" y1="176" x2="280.8" y2="176" stroke="#333333" stroke-width="1"/>
    <text x="18" y="110" text-anchor="middle" font-size="12" transform="rotate(-90 18 110)">ns (log scale)</text>
    <rect x="294.8" y="43" width="12" height="12" fill="#0072B2"/>
    <text x="312.8" y="53" text-anchor="start" font-size="12">mark-sweep</text>
    <rect x="294.8" y="63" width="12" height="12" fill="#E69F00"/>
    <text x="312.8" y="73" text-anchor="start" font-size="12">from scratch</text>
    <line x1="92" y1="176" x2="92" y2="181" stroke="#333333" stroke-width="1"/>
    <text x="92" y="196" text-anchor="middle" font-size="11">100</text>
    <line x1="119.2" y1="176" x2="119.2" y2="181" stroke="#333333" stroke-width="1"/>
    <text x="119.2" y="196" text-anchor="middle" font-size="11">200</text>
    <line x1="155.2" y1="176" x2="155.2" y2="181" stroke="#333333" stroke-width="1"/>
    <text x="155.2" y="196" text-anchor="middle" font-size="11">500</text>
    <line x1="182.4" y1="176" x2="182.4" y2="181" stroke="#333333" stroke-width="1"/>
    <text x="182.4" y="196" text-anchor="middle" font-size="11">1k</text>
    <line x1="209.6" y1="176" x2="209.6" y2="181" stroke="#333333" stroke-width="1"/>
    <text x="209.6" y="196" text-anchor="middle" font-size="11">2k</text>
    <line x1="245.6" y1="176" x2="245.6" y2="181" stroke="#333333" stroke-width="1"/>
    <text x="245.6" y="196" text-anchor="middle" font-size="11">5k</text>
    <line x1="272.8" y1="176" x2="272.8" y2="181" stroke="#333333" stroke-width="1"/>
    <text x="272.8" y="196" text-anchor="middle" font-size="11">10k</text>
    <text x="182.4" y="224" text-anchor="middle" font-size="12">nodes (log scale)</text>
    <polyline points="92,145.2 272.8,141.8" fill="none" stroke="#0072B2" stroke-width="2" stroke-dasharray="none"/>
    <circle cx="92" cy="145.2" r="5" fill="#0072B2"/>
    <circle cx="272.8" cy="141.8" r="5" fill="#0072B2"/>
    <polyline points="182.4,90 272.8,46" fill="none" stroke="#E69F00" stroke-width="2" stroke-dasharray="8 4"/>
    <circle cx="182.4" cy="90" r="4" fill="#E69F00"/>
    <circle cx="272.8" cy="46" r="4" fill="#E69F00"/>
    </svg>

    """

@Suite struct ScatterChartTests {
    private let chart = ScatterChart(
        title: "Input <against> update latency",
        xAxis: ChartAxis("update latency p99 (ms)"),
        yAxis: ChartAxis("input latency p99 (ms)"),
        points: [
            ScatterPoint(label: "lazy", x: 91.4, y: 67.9),
            ScatterPoint(label: "async-pull", x: 91.4, y: 67.9),
            ScatterPoint(label: "sliced", x: 152.8, y: 4.2),
        ],
        horizontalReferences: [ReferenceLine(label: "one frame", value: 16.7)],
        verticalReferences: [ReferenceLine(label: "200 ms", value: 200)]
    )

    @Test func isWellFormedAndDeterministic() {
        let svg = chart.svg()
        #expect(isWellFormed(svg))
        #expect(svg == chart.svg())
        #expect(svg.contains("Input &lt;against&gt; update latency"))
        #expect(svg.components(separatedBy: "<circle").count - 1 == 3)
    }

    @Test func pointsAtTheSamePlaceShareALabel() {
        let svg = chart.svg()
        #expect(svg.contains(">lazy, async-pull</text>"))
        #expect(svg.contains(">sliced</text>"))
        #expect(svg.contains(">one frame</text>") && svg.contains(">200 ms</text>"))
    }
}
