import Reporting
import Scheduling

extension BenchResults {
    /// The strategies of the runs, in run order.
    var strategies: [String] { runs.map(\.strategy).uniqued() }
    /// The workloads of the runs, in run order.
    var workloads: [String] { runs.map(\.workload).uniqued() }

    /// A grouped bar chart of the median of `metric`: one group per workload, one bar per
    /// strategy. A run that is missing (it failed) has no bar.
    func barChart(of metric: Metric) -> BarChart {
        let strategies = strategies
        return BarChart(
            title: metric.title,
            valueAxis: ChartAxis(metric.unit, scale: metric.scale),
            seriesLabels: strategies,
            groups: workloads.map { workload in
                BarGroup(label: workload, values: strategies.map { strategy in
                    run(workload, strategy)?.estimate(of: metric)?.median ?? .nan
                })
            },
            references: metric.guide.lines(frameRate: settings.frameRate),
            width: max(720, 110 * Double(workloads.count) + 200)
        )
    }

    /// The run of `workload` under `strategy`, if there is one.
    func run(_ workload: String, _ strategy: String) -> BenchRun? {
        runs.first { $0.workload == workload && $0.strategy == strategy }
    }

    /// The frame-time timeline of `run`: one stacked bar per vsync interval of the run, split into
    /// the wait for a thread and the render, on the main thread or off it.
    func timeline(of run: BenchRun) -> TimelineChart {
        let frames = run.result.frames
        let count = max(run.result.ticks, (frames.map(\.tick).max() ?? -1) + 1)
        var waiting = [Double](repeating: 0, count: count)
        var onMain = waiting
        var offMain = waiting
        for frame in frames {
            waiting[frame.tick] = frame.renderStartMilliseconds - frame.timestampMilliseconds
            if frame.thread == .main {
                onMain[frame.tick] = frame.renderMilliseconds
            } else {
                offMain[frame.tick] = frame.renderMilliseconds
            }
        }
        return TimelineChart(
            title: "Frame time: \(run.workload) × \(run.strategy)",
            frameAxis: ChartAxis("vsync interval"),
            valueAxis: ChartAxis("ms from vsync to commit"),
            series: [
                TimelineSeries(label: "waiting", values: waiting),
                TimelineSeries(label: "main-thread render", values: onMain),
                TimelineSeries(label: "off-main render", values: offMain),
            ],
            references: Metric.Guide.frameDeadline.lines(frameRate: settings.frameRate)
        )
    }
}

extension Metric {
    /// The horizontal reference lines drawn across a metric's chart.
    enum Guide: Sendable {
        case none
        /// The frame deadline: one vsync interval.
        case frameDeadline
        /// Apple's hitch-ratio bands: good up to 5 ms/s, critical above 10 ms/s.
        case hitchThresholds

        /// The lines, for a display link at `frameRate` Hz.
        func lines(frameRate: Double) -> [ReferenceLine] {
            switch self {
            case .none:
                return []
            case .frameDeadline:
                let interval = 1_000 / frameRate
                return [ReferenceLine(label: "deadline \(NumberFormat.fixed(interval, decimals: 1)) ms", value: interval)]
            case .hitchThresholds:
                return [ReferenceLine(label: "good ≤ 5", value: 5), ReferenceLine(label: "critical > 10", value: 10)]
            }
        }
    }
}

extension Array where Element: Hashable {
    /// The elements without repetitions, in order of first appearance.
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
