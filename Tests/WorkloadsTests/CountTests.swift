import Scheduling
import Testing
import Views
@testable import Workloads

/// Evaluation counts that show what each workload is for (virtual clock).
@Suite struct CountTests {
    /// A color-scheme switch re-resolves every text and color of the 2,100 views and evaluates no
    /// body.
    @Test func colorSchemeSwitchEvaluatesNoBody() async throws {
        // 3 frames: one switch, to dark mode, in frame 0.
        let (result, graph) = try await runCounting(ColorSchemeWorkload(), strategy: "lazy", frames: 3)
        #expect(result.transactions == 1)
        #expect(result.renderedFrames == 1)
        #expect(result.evaluations > 2_000)
        #expect(graph.bodyEvaluations.isEmpty, "\(graph.bodyEvaluations)")
    }

    /// The switches reach the screen: the texts turn white in dark mode and black again in light
    /// mode.
    @Test func colorSchemeSwitchesReachTheTexts() async throws {
        func textLine(frames: Int) async throws -> Substring {
            let outcome = try await runOnOwnThread(ColorSchemeWorkload(rows: 2), strategy: "lazy", clock: testClock, frames: frames)
            return try #require(outcome.output.treeDescription.split(separator: "\n").first { $0.contains("\"Item 1\"") })
        }
        // One switch (frame 0) in a 3-frame run; two (frames 0 and 6) in a 9-frame run.
        let afterOneSwitch = try await textLine(frames: 3)
        let afterTwoSwitches = try await textLine(frames: 9)
        #expect(afterOneSwitch.hasSuffix("#:color #FFFFFF)"))
        #expect(afterTwoSwitches.hasSuffix("#:color #000000)"))
    }

    /// One row's change costs the same number of evaluations in a list of 100 and of 1,000 rows.
    @Test func wideListWorkPerChangeDoesNotGrowWithTheList() async throws {
        // 8 frames: a change in each of frames 0 to 5.
        let small = try await runCounting(WideListWorkload(rows: 100), strategy: "lazy", frames: 8).result
        let large = try await runCounting(WideListWorkload(rows: 1_000), strategy: "lazy", frames: 8).result
        #expect(small.renderedFrames == 6 && large.renderedFrames == 6)
        #expect(small.evaluationsPerFrame == large.evaluationsPerFrame)
        #expect(large.evaluationsPerFrame < 40)
    }

    /// A leaf change 1,000 views down evaluates the leaf's body only.
    @Test func deepTreeLeafChangeEvaluatesOnlyTheLeafBody() async throws {
        let (result, graph) = try await runCounting(DeepTreeWorkload(), strategy: "lazy", frames: 8)
        #expect(result.renderedFrames == 6)
        #expect(graph.bodyEvaluations == ["DeepLeaf.body": 6])
        #expect(result.evaluationsPerFrame < 20)
    }

    /// Under `lazy`, k changes within a frame are coalesced: every affected node, the counter's body
    /// included, is evaluated once per frame, whatever k; `eager` evaluates the body once per change.
    @Test(arguments: [1, 10, 100])
    func burstIsCoalescedUnderLazy(changesPerFrame k: Int) async throws {
        // 8 frames: k taps in each of frames 0 to 5, the first at the vsync, the others after it.
        let (lazy, lazyGraph) = try await runCounting(BurstWorkload(changesPerFrame: k), strategy: "lazy", frames: 8)
        #expect(lazy.transactions == 6 * k)
        #expect(lazy.renderedFrames == (k == 1 ? 6 : 7))
        #expect(lazyGraph.bodyEvaluations == ["CounterButton.body": lazy.renderedFrames])
        #expect(lazyGraph.mostEvaluationsOfOneNode == lazy.renderedFrames)

        let (_, eagerGraph) = try await runCounting(BurstWorkload(changesPerFrame: k), strategy: "eager", frames: 8)
        #expect(eagerGraph.bodyEvaluations == ["CounterButton.body": 6 * k])
    }

    /// The counter's taps re-evaluate the counter's body only, never the screen's.
    @Test func counterTapEvaluatesOnlyTheCounterBody() async throws {
        // 10 taps a second at 60 Hz: frames 0, 6, 12 and 18 of a 24-frame run.
        let (result, graph) = try await runCounting(CounterWorkload(), strategy: "lazy", frames: 24)
        #expect(result.transactions == 4)
        #expect(graph.bodyEvaluations == ["CounterButton.body": 4])
    }
}
