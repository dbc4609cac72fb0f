import Foundation
import Scheduling

/// Gives up on a run that makes no progress, so that a stuck strategy ends the tool instead of
/// hanging it on either clock.
///
/// A run makes progress while its loop moves (``Scheduling/FrameLoop/progress``): a frame
/// completed, rendered or skipped, a main-thread event handled, or, on the real clock, one of the
/// run's vsyncs come. The watchdog runs the run on a thread of its own and reads that count from
/// the calling thread; when it has stood still for ``window`` of real time, the run is abandoned,
/// stuck as it is, and ``run(_:)`` throws ``RunStall``. A slow run is never given up on while it
/// keeps moving, however long it lasts: a run can move only so far (a frame per tick, each event
/// once, its own vsyncs), so one that keeps moving ends; and an idle stretch of a run's script is
/// its vsyncs coming. The time before the loop is made, in which the workload builds its tree, is
/// not watched: no strategy runs then.
struct RunWatchdog: Sendable {
    /// How long a run may make no progress, in real time, before the watchdog gives up on it.
    let window: Duration

    /// The window once a signal asked the tool to stop (``Interruption``): 10 s.
    static let windowAfterInterrupt = Duration.seconds(10)

    /// The stack of a run's thread, in bytes: 8 MiB, like a main thread's.
    private static let stackSize = 8 << 20

    /// Runs `body` on a thread of its own, handing it a function to call with the run's loop once
    /// the loop is made, and waits; returns what `body` returns, or throws what it throws.
    ///
    /// - Throws: ``RunStall`` when the loop's progress stood still for ``window``; the run's
    ///   threads are then left as they are (stuck), and nothing more is heard of them.
    func run<Value: Sendable>(_ body: @escaping @Sendable (_ loopMade: @escaping @Sendable (FrameLoop) -> Void) throws -> Value) throws -> Value {
        let watched = WatchedRun<Value>()
        let thread = Thread { watched.finish(with: Result { try body(watched.follow) }) }
        thread.name = "bench run"
        thread.stackSize = Self.stackSize
        thread.start()
        // Ten looks per window, and at least one a second.
        let interval = min(window / 10, .seconds(1))
        var lastProgress: Int?
        var lastMoved = ContinuousClock.now
        while true {
            if let result = watched.wait(for: interval) { return try result.get() }
            let progress = watched.progress
            // Once a signal asked the tool to stop, the user waits for this run: a stuck one is
            // given up after a short window, so that what finished is written soon.
            let limit = Interruption.isRequested ? min(window, Self.windowAfterInterrupt) : window
            // Before the loop is made, its workload is being built: not watched.
            if progress == nil || progress != lastProgress {
                (lastProgress, lastMoved) = (progress, .now)
            } else if ContinuousClock.now - lastMoved >= limit {
                throw RunStall(window: limit)
            }
        }
    }
}

/// A run on its own thread, shared with the watchdog waiting for it: the loop it made and, once
/// it has returned, what it returned. (``Scheduling/Protected``, not `Mutex`, so that the thread
/// sanitizer sees the lock.)
private final class WatchedRun<Value: Sendable>: Sendable {
    private let state = Protected<(loop: FrameLoop?, result: Result<Value, any Error>?)>((nil, nil))
    private let finished = DispatchSemaphore(value: 0)

    /// Records the run's loop, whose steps the watchdog counts.
    @Sendable func follow(_ loop: FrameLoop) {
        state.withLock { $0.loop = loop }
    }

    /// The progress of the run's loop, or `nil` before the loop is made.
    var progress: Int? {
        state.withLock { $0.loop }?.progress
    }

    /// Records what the run returned or threw, lets go of the run's loop, and wakes the watchdog.
    ///
    /// The loop holds the run's graph. Let go here, on the run's thread before the watchdog
    /// wakes, the graph's teardown is over when ``RunWatchdog/run(_:)`` returns. Held until this
    /// object went, it was torn down by whichever thread let go of it last: at times the run's
    /// thread while the tool's main thread went on to exit, which cut the teardown short, so that
    /// callgrind counted a varying part of it (a color-scheme switch of `views-bench instructions`
    /// read 1.61 M or 2.12 M instructions from the same binary).
    func finish(with result: Result<Value, any Error>) {
        let loop = state.withLock { state in
            state.result = result
            return state.loop.take()
        }
        _ = consume loop
        finished.signal()
    }

    /// Waits up to `interval` for the run to return; its result if it has.
    func wait(for interval: Duration) -> Result<Value, any Error>? {
        guard finished.wait(timeout: .now() + .nanoseconds(Int(max(0, interval.inNanoseconds)))) == .success else { return nil }
        return state.withLock { $0.result }
    }
}

/// A run that made no progress (no frame completed, no main-thread event handled, none of its
/// vsyncs to come) for the watchdog's window: its strategy is stuck.
struct RunStall: Error, CustomStringConvertible {
    /// The window the run stood still for.
    let window: Duration

    /// What no progress means, the likely causes, and what became of the run.
    var description: String {
        "made no progress for \(Self.format(window)) of real time (no frame completed, rendered or skipped, and no "
            + "main-thread event handled): its strategy is stuck. Likely causes: it blocks the main thread from the display "
            + "link's thread (rule 3 of Docs/WritingAScheduler.md in the Constraints package), keeps posting main-thread "
            + "work without completing a frame, or never completes a frame it was handed (render or skip it). The run was "
            + "abandoned and no run started after it. If one step of it (a frame, an event's handler) can really take that "
            + "long, raise --stall-seconds"
    }

    /// `window` in seconds or, under a second, milliseconds: "900 s", "50 ms".
    private static func format(_ window: Duration) -> String {
        let milliseconds = window.inMilliseconds
        return milliseconds >= 1_000 ? String(format: "%g s", milliseconds / 1_000) : String(format: "%g ms", milliseconds)
    }
}
