import Constraints
import Scheduling
import Testing
@testable import Views
import Workloads

/// View hosts driven by the scheduling strategies through a frame loop (virtual clock).
@Suite struct SchedulingIntegrationTests {
    private let clock = ClockMode.virtual(CostModel(perFrame: .microseconds(200), perEvaluation: .microseconds(2)))

    /// The OpenSwiftUI async-rendering article's `ForEach` example under `async-pull`: after the first frame and the `onAppear`
    /// transaction (main thread), the removal animation renders on the render thread.
    @Test func forEachExampleRendersAsynchronouslyUnderAsyncPull() throws {
        let host = ViewHost(rootView: AsyncRenderExample(), size: Size(width: 200, height: 200))
        let loop = try FrameLoop(target: host, strategy: "async-pull", clock: clock, frameRate: 60)
        let result = try loop.run(frames: 150)
        #expect(result.mainThreadFrames == 2)
        #expect(result.asyncFrames == result.renderedFrames - 2)
        #expect(result.asyncFrames >= 119)
        #expect(host.displayList.leafCount == 0)
    }

    /// The plain-`Color` example never renders asynchronously, and says why.
    @Test func plainColorExampleFallsBackEveryFrame() throws {
        let host = ViewHost(rootView: NoAsyncRenderExample(), size: Size(width: 100, height: 100))
        let loop = try FrameLoop(target: host, strategy: "async-pull", clock: clock, frameRate: 60)
        let result = try loop.run(frames: 120)
        #expect(result.asyncFrames == 0)
        #expect(result.renderedFrames > 60)
        #expect(result.fallbacks[.noDynamicContainer, default: 0] > 0)
    }

    /// The counter's taps, as main-thread events, give the same final display list under every
    /// strategy; only `eager` evaluates once per tap instead of once per frame.
    @Test func counterTapsGiveTheSameOutputUnderEveryStrategy() throws {
        var lists: [String: DisplayList] = [:]
        for strategy in StrategyRegistry.shared.names {
            let log = BodyLog()
            let host = ViewHost(rootView: CounterScreen(log: log), size: Size(width: 300, height: 100))
            let loop = try FrameLoop(target: host, strategy: strategy, clock: clock, frameRate: 60)
            // Three taps inside frame 2, one in frame 5.
            let events = [2, 2, 2, 5].enumerated().map { index, frame in
                MainThreadEvent(frame: frame, offset: .milliseconds(1 + index), name: "tap") { loop in
                    host.tap("increment")
                    loop.transaction("tap") { host.commitTransactions() }
                }
            }
            _ = try loop.run(frames: 8, events: events)
            lists[strategy] = host.displayList
            #expect(host.displayList.treeDescription.contains("\"4\""))
            #expect(log.count("Counter") == (strategy == "eager" ? 5 : 3), "strategy \(strategy): \(log.count("Counter"))")
        }
        #expect(Set(lists.values).count == 1)
    }
}

/// A counter with a label (the talk's first example).
struct CounterScreen: View {
    let log: BodyLog
    var body: some View {
        HStack {
            CounterView(log: log)
            Text("Hello, world")
        }
    }
}

struct CounterView: View {
    let log: BodyLog
    @State var count = 0
    var body: some View {
        let _ = log.record("Counter")
        Button("\(count)") { count += 1 }
            .accessibilityIdentifier("increment")
    }
}
