import ExtraStrategies
@testable import Reproductions
import Scheduling
import Testing
import TestSupport
import Views

@Suite struct WorkflowTextureTests {
    private static let context = RunContext(quick: true) { _ in }
    /// One quick run of each experiment, shared by the tests that only read them, made once on a
    /// thread of its own (``onOwnThread``) while the tests that need it wait without holding a
    /// thread of the shared pool.
    private static let runs = Task {
        try await onOwnThread {
            let registry = StrategyRegistry()
            try registerExtraStrategies(in: registry)
            return (scaling: RerenderScaling.run(context, registry: registry), ranges: WorkingRange.run(context))
        }
    }
    private static var scaling: RerenderScaling { get async throws { try await runs.value.scaling } }
    private static var ranges: WorkingRange { get async throws { try await runs.value.ranges } }

    @Test func everyClaimHoldsAndIsGated() async throws {
        let scaling = try await Self.scaling
        let ranges = try await Self.ranges
        let claims = scaling.claims + ranges.claims
        #expect(claims.count == 5)
        for claim in claims {
            #expect(claim.verdict == .held, "\(claim.statement): \(claim.evidence)")
            #expect(claim.isGated)
        }
    }

    /// The paper runs its two experiments, whose sections carry every claim, table and chart
    /// (checked on the runs above rather than a second run of the paper).
    @Test func sourceWritesItsTablesAndCharts() async throws {
        let scaling = try await Self.scaling
        let ranges = try await Self.ranges
        #expect(Paper.workflowTexture.experiments.map(\.title) == [RerenderScalingExperiment().title, WorkingRangeExperiment().title])
        var results = scaling.report
        results.append(ranges.report)
        #expect(results.claims.count == 5)
        #expect(results.files.map(\.name) == [
            "rerender-scaling.csv", "evaluations-wide-list.svg", "evaluations-deep-tree.svg",
            "working-range.csv", "range-misses.svg",
        ])
    }

    /// Every shape runs at each of its sizes under every strategy, and all strategies end on the
    /// same display list: they differ in what a change costs, never in what is shown.
    @Test func strategiesDifferInCostNotOutput() async throws {
        let scaling = try await Self.scaling
        let strategies = [RerenderScaling.fullRerender] + RerenderScaling.incremental
        for shape in TreeShape.allCases {
            let sizes = shape.sizes(quick: true)
            for size in sizes {
                let runs = scaling.runs.filter { $0.shape == shape && $0.size == size }
                #expect(runs.map(\.strategy) == strategies, "\(shape.title), \(size)")
                #expect(Set(runs.map(\.output)).count == 1, "\(shape.title), \(size)")
                #expect(runs.allSatisfy { $0.result.transactions == RerenderScaling.changes })
            }
        }
    }

    /// A full re-render evaluates most of the graph; an incremental change a handful of nodes.
    @Test func workflowEvaluatesNearlyTheWholeGraph() async throws {
        let scaling = try await Self.scaling
        for run in scaling.runs {
            if run.strategy == RerenderScaling.fullRerender {
                #expect(run.evaluationsPerChange >= 0.8 * Double(run.nodes) && run.evaluationsPerChange <= Double(run.nodes))
            } else {
                #expect(run.evaluationsPerChange < 50)
            }
        }
    }

    @Test func shapesAreTheWorkloadsAtAnySize() {
        for shape in TreeShape.allCases {
            #expect(shape.workload(size: 7).name == shape.fileName)
            #expect(shape.sizes(quick: true).max() ?? 0 <= shape.sizes(quick: false).max() ?? 0)
            #expect(shape.sizes(quick: false) == shape.sizes(quick: false).sorted())
        }
    }

    @Test func workingRangeCountsWholeRowsAhead() {
        typealias Setting = WorkingRange.RangeSetting
        #expect(Setting.textureDefault.leadingRows(rowsPerScreen: 14) == 28)
        #expect(Setting(leadingScreenfuls: 0.5, trailingScreenfuls: 0.25).leadingRows(rowsPerScreen: 13) == 7)
        #expect(Setting.disabled.leadingRows(rowsPerScreen: 14) == 0)
        #expect(Setting.textureDefault.title == "leading 2, trailing 1")
    }

    /// Every setting runs at every speed; without a range nothing is prefetched, and faster
    /// scrolling never misses fewer rows.
    @Test func workingRangeRunsAreCompleteAndMonotonic() async throws {
        let ranges = try await Self.ranges
        for setting in WorkingRange.settings {
            let runs = ranges.runs(with: setting)
            #expect(runs.map(\.pointsPerSecond) == WorkingRange.speeds)
            #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.rangeMisses <= $1.rangeMisses })
            #expect(runs.allSatisfy { !$0.reachedEnd })
        }
        #expect(ranges.runs(with: .disabled).allSatisfy { $0.prefetchedRows == 0 })
    }

    /// A run on the virtual clock gives the same result again (one of the experiment's runs, a
    /// fast scroll with Texture's default range, repeated).
    @Test func virtualClockRunsAreRepeatable() async throws {
        let ranges = try await Self.ranges
        let first = try #require(ranges.runs.first { $0.setting == .textureDefault && $0.pointsPerSecond == 48_000 })
        let frames = ranges.frames
        let again = try #require(try await onOwnThread { WorkingRange.run(.textureDefault, pointsPerSecond: 48_000, frames: frames, Self.context) })
        #expect(again.result == first.result)
        #expect(again.rowsPerFrame == first.rowsPerFrame && again.reachedEnd == first.reachedEnd)
    }
}
