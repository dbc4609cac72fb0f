import Scheduling
import Testing
import TestSupport
@testable import Views

/// View hosts under the real-time clock: the main-thread emulation, the display link and the
/// render thread all touch the host (what the thread sanitizer checks). Values and threads are
/// asserted, never durations.
@Suite struct ViewConcurrencyTests {
    /// Taps on the main thread and animation frames pulled on the render thread agree on the final
    /// display list under every built-in strategy.
    @Test(arguments: ["eager", "lazy", "async-pull"])
    func tapsAndAnimationsAcrossThreads(strategy: String) async throws {
        let host = ViewHost(rootView: ShrinkingList(), size: Size(width: 100, height: 100))
        let loop = try FrameLoop(target: host, strategy: strategy, clock: .realTime, frameRate: 240)
        let events = [10, 40, 70].map { frame in
            MainThreadEvent(frame: frame, name: "drop") { loop in
                host.tap("drop")
                loop.transaction("drop") { host.commitTransactions() }
            }
        }
        // A second of real time, waited for on a thread of its own (``onOwnThread``); then, on a
        // loaded machine whose threads fell behind, more frames until nothing is pending (at
        // most ten more seconds), so that the last slide has finished.
        let (result, settled) = try await onOwnThread {
            let result = try loop.run(frames: 240, events: events)
            var drains = 0
            while !loop.isQuiescent && drains < 100 {
                _ = try loop.run(frames: 24)
                drains += 1
            }
            return (result, loop.isQuiescent)
        }
        #expect(settled)
        #expect(result.renderedFrames >= 3)
        #expect(result.frames.allSatisfy { strategy == "async-pull" || $0.thread != .render })
        host.graph.withLock {
            #expect(host.displayList.leafCount == 1, "only the button's title is left")
        }
    }
}
