import Reporting

/// The charts of a sweep, one per breaking criterion's metric: the load on x, the metric on y,
/// one line per strategy (the virtual clock's, when there is one), the real clock's interval of
/// the median as a band in the strategy's color, each strategy's breaking point ringed, and the
/// criterion's threshold (the frame interval, three of them, or 5 % of vsyncs) drawn across.
struct SweepCharts {
    /// The sweep on the clock the run asked for.
    let sweep: Sweep
    /// The same sweep on the virtual clock, when `sweep` is a real-clock one run with its companion.
    let virtual: Sweep?

    /// The criteria charted, in order.
    static let criteria: [BreakingCriterion] = [.inputLatency, .missedVsyncs, .updateLatency]

    /// The chart's file name: `<workload>--<criterion>.svg`.
    static func file(_ workload: String, _ criterion: BreakingCriterion) -> String {
        "\(workload)--\(criterion.rawValue).svg"
    }

    /// The chart of `criterion`.
    func chart(_ criterion: BreakingCriterion) -> LineChart {
        let metric = criterion.metric
        let strategies = sweep.strategies
        let lineSource = virtual ?? sweep
        let hasBands = sweep.clock == "real"
        let series = strategies.map { strategy in
            Series(label: strategy, points: lineSource.loads.compactMap { load in
                guard let value = lineSource.point(strategy, at: load)?.run.estimate(of: metric)?.median, !value.isNaN else { return nil }
                return ChartPoint(x: load, y: value)
            })
        }
        let bands = hasBands ? strategies.enumerated().map { index, strategy in
            ChartBand(seriesIndex: index, spans: sweep.loads.compactMap { load in
                sweep.point(strategy, at: load)?.run.estimate(of: metric).map { ChartBand.Span(x: load, low: $0.low, high: $0.high) }
            })
        } : []
        let markers = strategies.enumerated().compactMap { index, strategy -> ChartMarker? in
            guard let load = sweep.breakingPoint(strategy, criterion)?.load,
                  let value = sweep.point(strategy, at: load)?.run.estimate(of: metric)?.median else { return nil }
            return ChartMarker(seriesIndex: index, x: load, y: value)
        }
        let interval = 1_000 / sweep.frameRate
        let references: [ReferenceLine] = switch criterion {
        case .inputLatency: [ReferenceLine(label: "one frame interval", value: interval)]
        case .updateLatency: [ReferenceLine(label: "one frame interval", value: interval), ReferenceLine(label: "three frame intervals", value: 3 * interval)]
        case .missedVsyncs: [ReferenceLine(label: "5 % of vsyncs", value: 100 * BreakingCriterion.missedVsyncShare)]
        }
        let loads = sweep.loads
        let spansDecade = (loads.first ?? 0) > 0 && (loads.last ?? 0) / (loads.first ?? 1) >= 10
        let clocks = hasBands ? (virtual == nil ? "real clock: median and 95 % interval" : "lines: virtual clock; bands: real clock's 95 % interval")
            : "virtual clock"
        return LineChart(
            title: "\(sweep.workload): \(metric.title.lowercased()) (\(clocks))",
            xAxis: ChartAxis(sweep.parameter == sweep.unit ? sweep.unit : "\(sweep.parameter) (\(sweep.unit))", scale: spansDecade ? .logarithmic : .linear),
            yAxis: ChartAxis(metric.unit, scale: criterion == .missedVsyncs ? .linear : .logarithmic),
            series: series, width: 760, height: 420,
            bands: bands, references: references, markers: markers, markerLabel: "breaking point"
        )
    }
}
