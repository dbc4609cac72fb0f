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
        // First the first frame, so that the button the events tap has been rendered: on a
        // loaded machine the render thread may not have drawn it by frame 10. Then a second of
        // real time with the taps, waited for on a thread of its own (``onOwnThread``); then,
        // if the threads fell behind, more frames until nothing is pending (at most ten more
        // seconds), so that the last slide has finished.
        let (result, settled) = try await onOwnThread {
            _ = try loop.run(frames: 24)
            _ = try loop.runUntilQuiescent(step: 24, limit: 2_400)
            let result = try loop.run(frames: 240, events: events)
            _ = try loop.runUntilQuiescent(step: 24, limit: 2_400)
            return (result, loop.isQuiescent)
        }
        #expect(host.diagnostics.isEmpty, "every tap found its button")
        #expect(settled)
        #expect(result.renderedFrames >= 3)
        #expect(result.frames.allSatisfy { strategy == "async-pull" || $0.thread != .render })
        host.graph.withLock {
            #expect(host.displayList.leafCount == 1, "only the button's title is left")
        }
    }
}
