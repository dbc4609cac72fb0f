@testable import Reproductions
import Scheduling
import Testing
import Views

@Suite struct OpenSwiftUIAsyncTests {
    private let context = RunContext(quick: true) { _ in }

    @Test func everyClaimHoldsAndIsGated() {
        let results = Paper.openSwiftUIAsync.run(context)
        #expect(results.claims.count == 4)
        for claim in results.claims {
            #expect(claim.verdict == .held, "\(claim.statement): \(claim.evidence)")
            #expect(claim.isGated)
        }
    }

    /// Every example runs under every strategy with both loads, and all strategies end on the
    /// same display list: they differ in where and when they render, never in what.
    @Test func strategiesDifferInSchedulingNotOutput() {
        let experiment = AsyncRendering.run(context, registry: StrategyRegistry())
        #expect(Array(experiment.strategies.prefix(3)) == ["eager", "lazy", "async-pull"])
        #expect(experiment.runs.count == ArticleExample.allCases.count * 2 * experiment.strategies.count)
        for example in ArticleExample.allCases {
            let outputs = Set(experiment.runs.filter { $0.example == example }.map(\.output))
            #expect(outputs.count == 1, "\(example.title)")
        }
        #expect(experiment.run(of: .forEach, load: .idle, strategy: "async-pull")?.output.leafCount == 0)
    }

    @Test func virtualClockRunsAreRepeatable() {
        let first = AsyncRendering.run(context, registry: StrategyRegistry())
        let second = AsyncRendering.run(context, registry: StrategyRegistry())
        #expect(first.table == second.table)
    }

    @Test func busyMainThreadLoadIsSeededAndBounded() {
        let events = MainThreadLoad.busy.events(frames: 600)
        #expect(events.count == 600)
        #expect(events.map(\.cost) == MainThreadLoad.busy.events(frames: 600).map(\.cost))
        #expect(events.allSatisfy { $0.cost >= .zero && $0.cost <= .milliseconds(24) && $0.offset == .zero })
        let mean = events.map(\.cost).reduce(Duration.zero, +) / events.count
        #expect(mean > .milliseconds(10) && mean < .milliseconds(14))
        #expect(MainThreadLoad.idle.events(frames: 600).isEmpty)
    }
}
