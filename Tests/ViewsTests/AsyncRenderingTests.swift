import Constraints
import Testing
@testable import Views
import Workloads

final class CompletionFlag: @unchecked Sendable {
    var isSet = false
}

/// The async-rendering examples of OpenSwiftUI's article "Async Rendering in UIKit Integration", rendered frame by frame the way a display link
/// would: try the render thread first, fall back to the main thread.
@Suite struct AsyncRenderingTests {
    /// Renders `frames` frames at 60 Hz; returns how many rendered asynchronously.
    private func run<Root: View>(_ host: ViewHost<Root>, frames: Int) -> (async: Int, main: Int) {
        var asyncFrames = 0, mainFrames = 0
        for frame in 0 ..< frames {
            let time = Double(frame) / 60
            if host.renderAsync(at: time) != nil {
                asyncFrames += 1
                if host.hasMainThreadWork { host.runMainThreadActions() }
            } else {
                host.render(at: time)
                mainFrames += 1
            }
        }
        return (asyncFrames, mainFrames)
    }

    /// The `ForEach` example's removal animation renders asynchronously, after the main thread
    /// applied the `onAppear` transaction; the row is gone once the 2 s transition ends.
    @Test func forEachExampleRendersAnimationFramesAsynchronously() {
        let host = ViewHost(rootView: AsyncRenderExample(), size: Size(width: 200, height: 200))
        #expect(host.asyncBlocker == .firstFrame)
        let counts = run(host, frames: 150)
        // Frame 0 (first render) and frame 1 (the onAppear transaction) need the main thread;
        // the 2-second slide (120 frames) and the frames after it render asynchronously.
        #expect(counts.main == 2)
        #expect(counts.async == 148)
        #expect(host.displayList.leafCount == 0)
        #expect(host.runningAnimations == 0)
    }

    /// Halfway through the slide, the row is drawn offset to the trailing side.
    @Test func forEachRowSlidesOut() {
        let host = ViewHost(rootView: AsyncRenderExample(), size: Size(width: 200, height: 200))
        _ = run(host, frames: 62)
        #expect(host.displayList.leafCount == 1)
        #expect(host.displayList.treeDescription.contains("#:offset ("))
        #expect(host.runningAnimations == 1)
    }

    /// The single-`Color` example never renders asynchronously: it has no dynamic container.
    @Test func plainColorExampleNeverRendersAsynchronously() {
        let flag = CompletionFlag()
        let host = ViewHost(rootView: NoAsyncRenderExample(onComplete: { flag.isSet = true }), size: Size(width: 100, height: 100))
        let counts = run(host, frames: 400)
        #expect(counts.async == 0)
        #expect(counts.main == 400)
        #expect(host.asyncBlocker == .noDynamicContainer)
        #expect(flag.isSet)
        #expect(host.displayList.treeDescription.contains("#FF0000"))
    }

    /// The color is interpolated while the 5-second animation runs, and the completion runs once
    /// the animation is logically complete (after 1 s), before it ends.
    @Test func plainColorAnimatesAndCompletesLogically() {
        let flag = CompletionFlag()
        let host = ViewHost(rootView: NoAsyncRenderExample(onComplete: { flag.isSet = true }), size: Size(width: 100, height: 100))
        host.render(at: 0)      // appears; onAppear queues the animated toggle
        host.render(at: 0.5)    // applies it: the animation starts at 0.5 s
        #expect(host.runningAnimations == 1)
        host.render(at: 1.0)
        #expect(!flag.isSet)
        #expect(!host.displayList.treeDescription.contains("#0000FF"))
        host.render(at: 1.6)
        #expect(flag.isSet)
        #expect(host.runningAnimations == 1)
        host.render(at: 5.6)
        #expect(host.runningAnimations == 0)
        #expect(host.displayList.treeDescription.contains("#FF0000"))
    }
}
