import ExtraStrategies
import Scheduling
import Testing
import Workloads

/// The strategies on the `scroll-feed` workload, a feed scrolled by one transaction per frame.
@Suite struct ScrollFeedTests {
    private func run(_ strategy: String, frames: Int = 90) throws -> WorkloadOutcome {
        let registry = StrategyRegistry()
        try registerExtraStrategies(in: registry)
        try registry.register("texture-without-range") { TextureStrategy(leadingScreenfuls: 0, trailingScreenfuls: 0) }
        let clock = ClockMode.virtual(CostModel(perFrame: .microseconds(500), perEvaluation: .microseconds(5)))
        return try WorkloadRunner.run(ScrollFeedWorkload(), strategy: strategy, registry: registry, clock: clock, frames: frames)
    }

    @Test func workingRangeMeasuresEveryRowBeforeItScrollsIntoView() throws {
        let lazy = try run("lazy")
        let texture = try run("texture")
        let withoutRange = try run("texture-without-range")
        let workflow = try run("workflow")
        #expect(texture.result.counters[TextureStrategy.rangeMissesCounter] == 0)
        #expect(texture.result.counters[TextureStrategy.prefetchedRowsCounter, default: 0] > 0)
        #expect(withoutRange.result.counters[TextureStrategy.rangeMissesCounter, default: 0] > 0)
        #expect(texture.output == lazy.output)
        #expect(withoutRange.output == lazy.output)
        #expect(workflow.output == lazy.output)
    }
}
