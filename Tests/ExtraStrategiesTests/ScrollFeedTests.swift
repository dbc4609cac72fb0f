import ExtraStrategies
import Scheduling
import Testing
import TestSupport
import Workloads

/// The strategies on the `scroll-feed` workload, a feed scrolled by one transaction per frame.
@Suite struct ScrollFeedTests {
    /// A 90-frame run under `strategy`, on a thread of its own (``onOwnThread``).
    private func run(_ strategy: String, frames: Int = 90) async throws -> WorkloadOutcome {
        try await onOwnThread {
            let registry = StrategyRegistry()
            try registerExtraStrategies(in: registry)
            try registry.register("texture-without-range") { TextureStrategy(leadingScreenfuls: 0, trailingScreenfuls: 0) }
            let clock = ClockMode.virtual(CostModel(perFrame: .microseconds(500), perEvaluation: .microseconds(5)))
            return try WorkloadRunner.run(ScrollFeedWorkload(), strategy: strategy, registry: registry, clock: clock, frames: frames)
        }
    }

    @Test func workingRangeMeasuresEveryRowBeforeItScrollsIntoView() async throws {
        let lazy = try await run("lazy")
        let texture = try await run("texture")
        let withoutRange = try await run("texture-without-range")
        let workflow = try await run("workflow")
        #expect(texture.result.counters[TextureStrategy.rangeMissesCounter] == 0)
        #expect(texture.result.counters[TextureStrategy.prefetchedRowsCounter, default: 0] > 0)
        #expect(withoutRange.result.counters[TextureStrategy.rangeMissesCounter, default: 0] > 0)
        #expect(texture.output == lazy.output)
        #expect(withoutRange.output == lazy.output)
        #expect(workflow.output == lazy.output)
    }
}
