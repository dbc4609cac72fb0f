import ExtraStrategies
@testable import Reproductions
import Scheduling
import Testing
import Views

@Suite struct WorkflowTextureTests {
    private static let context = RunContext(quick: true) { _ in }
    /// One quick run of each experiment, shared by the tests that only read them.
    private static let scaling: RerenderScaling = {
        let registry = StrategyRegistry()
        try? registerExtraStrategies(in: registry)
        return RerenderScaling.run(context, registry: registry)
    }()
    private static let ranges = WorkingRange.run(context)

    @Test func everyClaimHoldsAndIsGated() {
        let claims = Self.scaling.claims + Self.ranges.claims
        #expect(claims.count == 5)
        for claim in claims {
            #expect(claim.verdict == .held, "\(claim.statement): \(claim.evidence)")
            #expect(claim.isGated)
        }
    }

    /// The paper runs its two experiments, whose sections carry every claim, table and chart
    /// (checked on the runs above rather than a second run of the paper).
    @Test func sourceWritesItsTablesAndCharts() {
        #expect(Paper.workflowTexture.experiments.map(\.title) == [RerenderScalingExperiment().title, WorkingRangeExperiment().title])
        var results = Self.scaling.report
        results.append(Self.ranges.report)
        #expect(results.claims.count == 5)
        #expect(results.files.map(\.name) == [
            "rerender-scaling.csv", "evaluations-wide-list.svg", "evaluations-deep-tree.svg",
            "working-range.csv", "range-misses.svg",
        ])
    }

    /// Every shape runs at each of its sizes under every strategy, and all strategies end on the
    /// same display list: they differ in what a change costs, never in what is shown.
    @Test func strategiesDifferInCostNotOutput() {
        let strategies = [RerenderScaling.fullRerender] + RerenderScaling.incremental
        for shape in TreeShape.allCases {
            let sizes = shape.sizes(quick: true)
            for size in sizes {
                let runs = Self.scaling.runs.filter { $0.shape == shape && $0.size == size }
                #expect(runs.map(\.strategy) == strategies, "\(shape.title), \(size)")
                #expect(Set(runs.map(\.output)).count == 1, "\(shape.title), \(size)")
                #expect(runs.allSatisfy { $0.result.transactions == RerenderScaling.changes })
            }
        }
    }

    /// A full re-render evaluates most of the graph; an incremental change a handful of nodes.
    @Test func workflowEvaluatesNearlyTheWholeGraph() {
        for run in Self.scaling.runs {
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
    @Test func workingRangeRunsAreCompleteAndMonotonic() {
        for setting in WorkingRange.settings {
            let runs = Self.ranges.runs(with: setting)
            #expect(runs.map(\.pointsPerSecond) == WorkingRange.speeds)
            #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.rangeMisses <= $1.rangeMisses })
            #expect(runs.allSatisfy { !$0.reachedEnd })
        }
        #expect(Self.ranges.runs(with: .disabled).allSatisfy { $0.prefetchedRows == 0 })
    }

    /// A run on the virtual clock gives the same result again (one of the experiment's runs, a
    /// fast scroll with Texture's default range, repeated).
    @Test func virtualClockRunsAreRepeatable() throws {
        let first = try #require(Self.ranges.runs.first { $0.setting == .textureDefault && $0.pointsPerSecond == 48_000 })
        let again = try #require(WorkingRange.run(.textureDefault, pointsPerSecond: 48_000, frames: Self.ranges.frames, Self.context))
        #expect(again.result == first.result)
        #expect(again.rowsPerFrame == first.rowsPerFrame && again.reachedEnd == first.reachedEnd)
    }
}
