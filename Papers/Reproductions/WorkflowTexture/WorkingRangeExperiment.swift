import ExtraStrategies
import Reporting
import Scheduling
import Workloads

/// Experiment 2 (claims 3 to 5): the `scroll-feed` workload scrolled at steady speeds under `texture` with
/// Texture's default working range, with smaller ones and with none, through a frame loop on the
/// virtual clock (exact, repeatable counts).
struct WorkingRange {
    /// A working range (`ASRangeTuningParameters`): screenfuls measured ahead, in the direction of
    /// scroll, and kept measured behind.
    struct RangeSetting: Hashable {
        let leadingScreenfuls: Double
        let trailingScreenfuls: Double

        /// Texture's default: 2 screenfuls ahead, 1 behind.
        static let textureDefault = RangeSetting(leadingScreenfuls: 2, trailingScreenfuls: 1)
        /// No working range: only the visible rows of a change are measured in the background.
        static let disabled = RangeSetting(leadingScreenfuls: 0, trailingScreenfuls: 0)

        /// `leading 2, trailing 1`.
        var title: String {
            "leading \(NumberFormat.compact(leadingScreenfuls)), trailing \(NumberFormat.compact(trailingScreenfuls))"
        }

        /// Rows measured ahead on a screen of `rowsPerScreen` rows (whole rows, rounded up, as the
        /// strategy counts them).
        func leadingRows(rowsPerScreen: Int) -> Int {
            Int((leadingScreenfuls * Double(rowsPerScreen)).rounded(.up))
        }
    }

    /// One run: the feed scrolled at one speed under `texture` with one working range.
    struct Run {
        let setting: RangeSetting
        let pointsPerSecond: Double
        let rowsPerScreen: Int
        /// The rows the feed moved per scroll step, from the first visible row at the end of the run.
        let rowsPerFrame: Double
        /// Whether the feed's last row was measured or shown: the scroll came near the end, where
        /// the workload turns it back, so its speed may not have been steady.
        let reachedEnd: Bool
        let result: RunResult

        /// Rows that scrolled into view before they were measured.
        var rangeMisses: Int { result.counters[TextureStrategy.rangeMissesCounter] ?? 0 }
        /// Rows the working range measured on the background thread.
        var prefetchedRows: Int { result.counters[TextureStrategy.prefetchedRowsCounter] ?? 0 }
        /// Rows measured ahead by this run's working range.
        var leadingRows: Int { setting.leadingRows(rowsPerScreen: rowsPerScreen) }
        /// Whether the feed scrolls no further per frame than the working range measures ahead.
        var isWithinLead: Bool { rowsPerFrame <= Double(leadingRows) }

        /// Rule evaluations per rendered frame done by the main thread's renders: the rows it had
        /// to build and measure itself, plus the frame's own work.
        var mainThreadEvaluationsPerFrame: Double {
            let frames = result.frames.filter { $0.thread == .main }
            return frames.isEmpty ? 0 : Double(frames.map(\.evaluations).reduce(0, +)) / Double(frames.count)
        }
    }

    /// The working ranges compared: Texture's default, two smaller ones with its 2:1 ratio, none.
    static let settings: [RangeSetting] = [
        .textureDefault,
        RangeSetting(leadingScreenfuls: 1, trailingScreenfuls: 0.5),
        RangeSetting(leadingScreenfuls: 0.5, trailingScreenfuls: 0.25),
        .disabled,
    ]
    /// Scroll speeds in points per second, from a slow drag (the workload's default) to flings
    /// several screens per frame.
    static let speeds: [Double] = [1_500, 6_000, 24_000, 48_000, 96_000, 192_000]
    /// Rows in the feed: enough that no run comes near the end, where the workload would turn the
    /// scroll back (each run checks, ``Run/reachedEnd``).
    static let rows = 4_000

    let frames: Int
    let runs: [Run]

    /// Every working range at every speed.
    static func run(_ context: RunContext) -> WorkingRange {
        let frames = context.quick ? 30 : 60
        let runs = settings.flatMap { setting in
            speeds.compactMap { speed in run(setting, pointsPerSecond: speed, frames: frames, context) }
        }
        return WorkingRange(frames: frames, runs: runs)
    }

    /// The feed scrolled at `pointsPerSecond` for `frames` frames under `texture` with `setting`;
    /// `nil`, with the reason logged, if the run could not be made.
    static func run(_ setting: RangeSetting, pointsPerSecond speed: Double, frames: Int, _ context: RunContext) -> Run? {
        context.log("scroll feed at \(NumberFormat.grouped(Int(speed))) pt/s, \(setting.title)")
        let workload = ScrollFeedWorkload(rows: rows, pointsPerSecond: speed)
        let instance = workload.makeInstance(frames: frames, frameRate: WorkflowTexture.frameRate)
        guard let list = instance.target as? any WorkingRangeTarget else {
            context.log("the scroll feed's target has no working-range view")
            return nil
        }
        let strategy = TextureStrategy(leadingScreenfuls: setting.leadingScreenfuls, trailingScreenfuls: setting.trailingScreenfuls)
        do {
            let loop = try FrameLoop(target: list, strategy: strategy, clock: .virtual(WorkflowTexture.costModel),
                                     frameRate: WorkflowTexture.frameRate)
            let result = try loop.run(frames: frames, events: instance.events)
            let (firstVisible, rowsPerScreen, reachedEnd) = loop.withLock {
                (list.visibleRows.lowerBound, list.rowsPerScreen, list.isMeasured(list.rowCount - 1))
            }
            return Run(setting: setting, pointsPerSecond: speed, rowsPerScreen: rowsPerScreen,
                       rowsPerFrame: Double(firstVisible) / Double(max(1, result.transactions)),
                       reachedEnd: reachedEnd, result: result)
        } catch {
            context.log("texture failed: \(error)")
            return nil
        }
    }

    /// The runs with `setting`, slowest first.
    func runs(with setting: RangeSetting) -> [Run] {
        runs.filter { $0.setting == setting }.sorted { $0.pointsPerSecond < $1.pointsPerSecond }
    }

    /// What the speeds mean for the feed, in numbers: rows per screen and rows per frame.
    var summary: String {
        let rowsPerScreen = runs.first?.rowsPerScreen ?? 0
        let rates = runs.map(\.rowsPerFrame)
        return "A screen of the feed holds \(rowsPerScreen) rows, so Texture's default range measures "
            + "\(RangeSetting.textureDefault.leadingRows(rowsPerScreen: rowsPerScreen)) rows ahead. At \(NumberFormat.compact(WorkflowTexture.frameRate)) Hz "
            + "the speeds move the feed \(NumberFormat.fixed(rates.min() ?? 0, decimals: 1)) to \(NumberFormat.fixed(rates.max() ?? 0, decimals: 1)) "
            + "rows per frame. No run came near the end of the feed's \(NumberFormat.grouped(Self.rows)) rows"
            + (runs.contains(where: \.reachedEnd) ? " except \(runs.filter(\.reachedEnd).count) (see the claims)" : "")
            + ". Range misses are rows shown before they were measured; prefetched rows, rows the working range measured on the "
            + "background thread; main-thread evaluations, those of the main thread's renders (building and measuring missed rows included)."
    }

    /// The experiment's section: its claims, a summary, the table and the chart.
    var report: Report {
        var report = Report(claims: claims)
        report.paragraph(summary)
        report.table(table, file: "working-range")
        report.chart(chart.svg(), file: "range-misses", caption: "Range misses by scroll speed and working range")
        return report
    }

    var table: Table {
        Table(title: "Range misses while scrolling the feed under texture (virtual clock, 60 Hz, \(frames) frames)", rows: runs, columns: [
            .init("working range (screenfuls)") { .text($0.setting.title) }, .init("rows ahead", alignment: .right) { .integer($0.leadingRows) },
            .init("speed (pt/s)", alignment: .right) { .integer(Int($0.pointsPerSecond)) },
            .init("rows per frame", decimals: 1) { .number($0.rowsPerFrame) },
            .init("screens per frame", decimals: 2) { .number($0.rowsPerFrame / Double(max(1, $0.rowsPerScreen))) },
            .init("frames", alignment: .right) { .integer($0.result.renderedFrames) },
            .init("range misses", alignment: .right) { .integer($0.rangeMisses) },
            .init("prefetched rows", alignment: .right) { .integer($0.prefetchedRows) },
            .init("main-thread evaluations per frame", decimals: 1) { .number($0.mainThreadEvaluationsPerFrame) },
            .init("late frames", alignment: .right) { .integer($0.result.lateFrames) },
        ])
    }

    /// Range misses by speed, one bar per working range.
    var chart: BarChart {
        BarChart(
            title: "Rows shown before they were measured, by scroll speed (\(frames) frames)",
            valueAxis: ChartAxis("range misses"),
            seriesLabels: Self.settings.map(\.title),
            groups: Self.speeds.map { speed in
                BarGroup(label: "\(NumberFormat.compact(speed)) pt/s", values: Self.settings.map { setting in
                    Double(runs.first { $0.setting == setting && $0.pointsPerSecond == speed }?.rangeMisses ?? 0)
                })
            }
        )
    }
}

/// Experiment 2 (claims 3 to 5): working ranges while scrolling.
struct WorkingRangeExperiment: Experiment {
    let title = "Experiment 2: working ranges while scrolling"

    func run(_ context: RunContext) -> Report {
        WorkingRange.run(context).report
    }
}
