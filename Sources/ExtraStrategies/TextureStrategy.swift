import Foundation
import Scheduling

/// `texture`: Texture's (AsyncDisplayKit's) pipeline. Content is measured off the main thread, on
/// one serial background thread, and committed on the main thread in the order the changes were
/// made; a scrolling list also gets a *working range* of rows measured before they scroll into
/// view.
///
/// Each change goes through `ASDataController`'s change-set pipeline:
///
/// 1. On the background thread ``measuringThreadName`` (Texture's serial editing queue), the
///    transaction is applied and the new or changed content measured, in one locked section, so
///    that no frame shows the change unmeasured: for a ``WorkingRangeTarget``, the visible rows
///    not measured yet (then the rest of its working range, one row per locked section, so that
///    a frame waits for one row at most); for any other target, every observed output
///    (``RenderTarget/updateOutputs()``: the measurement and display passes Texture runs off the
///    main thread).
/// 2. Back on the main thread (Texture's main serial queue), the change is committed: a frame is
///    requested, which presents it.
///
/// Both threads are serial, so changes are measured and committed in FIFO order, and a frame shows
/// a prefix of the changes in the order they were made. (The graph is one: a frame that renders
/// between a change's measurement and its commit, an animation's, already shows the change.) The
/// first frame's content is all new, so the background thread measures it too, every observed
/// output and a list's working range, before the main thread presents it (Texture's initial data
/// load is a change set like any other). Later frames render on the main thread, where only what
/// depends on the frame's time is left to evaluate.
///
/// For a ``WorkingRangeTarget`` (a scrolling list), after each frame the background thread
/// measures the rows around the visible ones, as `ASRangeController` does: ``leadingScreenfuls``
/// screens in the direction of scroll and ``trailingScreenfuls`` behind. The run's counters
/// (``RunResult/counters``) report ``prefetchedRowsCounter``, the rows measured on the background
/// thread, and ``rangeMissesCounter``, the rows that became visible before they were measured, so
/// that the frame showing them had to measure them on the main thread. A list scrolling by less
/// than the leading buffer per frame has no range misses. To tell, each frame asks the list which
/// of its rows are measured just before rendering (``WorkingRangeTarget/rowCount`` queries, no
/// evaluation).
///
/// Under the virtual clock every step is a job of a simulated thread, so a run is exactly
/// repeatable. The strategy keeps per-loop state (its background thread, the last visible rows):
/// use one instance per frame loop, as ``StrategyRegistry`` factories do.
public final class TextureStrategy: UpdateStrategy {
    /// `"texture"`.
    public static let name = "texture"
    /// The strategy's registered name, `"texture"`.
    public var name: String { Self.name }

    /// The name (and ``ThreadRole``) of the background thread that measures.
    public static let measuringThreadName = "texture-measure"
    /// The counter of rows that became visible before they were measured.
    public static let rangeMissesCounter = "range-misses"
    /// The counter of rows the working range measured on the background thread.
    public static let prefetchedRowsCounter = "prefetched-rows"

    /// Screenfuls of rows measured ahead of the visible ones, in the direction of scroll.
    public var leadingScreenfuls: Double { workingRange.leadingScreenfuls }
    /// Screenfuls of rows kept measured behind the visible ones.
    public var trailingScreenfuls: Double { workingRange.trailingScreenfuls }

    private let workingRange: WorkingRange
    private let state = Protected(State())
    /// Held while rows are measured and while a frame is presented, so that the rows a frame finds
    /// unmeasured are still unmeasured when it renders: its range misses are exact under the
    /// real-time clock too. Always taken before the update lock.
    private let presenting = NSLock()

    private struct State {
        /// The loop the strategy serves, and its background thread.
        weak var loop: FrameLoop?
        var measuringThread: (any LoopThread)?
        /// Whether a frame was started: the first one is measured in the background.
        var hasStarted = false
        /// The visible rows after the last presented frame, `nil` before the first.
        var visibleRows: Range<Int>?
        var scrollingForward = true
    }

    /// Makes the strategy with a working range of `leadingScreenfuls` screens ahead and
    /// `trailingScreenfuls` behind (Texture's defaults: 2 and 1). A working range of 0 and 0
    /// measures only the visible rows of a change.
    ///
    /// - Precondition: both are finite and non-negative.
    public init(leadingScreenfuls: Double = 2, trailingScreenfuls: Double = 1) {
        precondition(leadingScreenfuls.isFinite && leadingScreenfuls >= 0 && trailingScreenfuls.isFinite
            && trailingScreenfuls >= 0, "TextureStrategy: screenfuls must be finite and non-negative")
        workingRange = WorkingRange(leadingScreenfuls: leadingScreenfuls, trailingScreenfuls: trailingScreenfuls)
    }

    /// Applies and measures the transaction on the background thread, then commits it on the main
    /// thread by requesting a frame.
    public func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        measuringThread(of: loop).post {
            self.measure(transaction, loop: loop)
            loop.mainThread.post { loop.requestFrame() }
        }
    }

    /// Presents the frame on the main thread; the first frame is measured on the background
    /// thread before.
    public func displayLinkFired(_ frame: Frame, loop: FrameLoop) {
        let isFirst = state.withLock { state in
            defer { state.hasStarted = true }
            return !state.hasStarted
        }
        guard isFirst else {
            loop.mainThread.post { self.present(frame, loop: loop) }
            return
        }
        measuringThread(of: loop).post {
            self.measureFirstFrame(loop)
            loop.mainThread.post { self.present(frame, loop: loop) }
        }
    }

    // MARK: Steps

    /// Applies `transaction` and measures the new or changed content in the same locked section
    /// (on the background thread, so that no frame shows the change unmeasured): a list's working
    /// range, or every observed output of another target.
    private func measure(_ transaction: Transaction, loop: FrameLoop) {
        if let list = loop.target as? any WorkingRangeTarget {
            measureWorkingRange(of: list, loop: loop, applying: transaction)
        } else {
            loop.withLock {
                loop.apply(transaction)
                loop.target.updateOutputs()
            }
        }
    }

    /// Measures the content of the first frame, which is all new (on the background thread): every
    /// observed output and, for a list, its working range.
    private func measureFirstFrame(_ loop: FrameLoop) {
        loop.withLock { loop.target.updateOutputs() }
        if let list = loop.target as? any WorkingRangeTarget {
            measureWorkingRange(of: list, loop: loop)
        }
    }

    /// Applies `transaction`, if any, then measures the rows of the list's working range that are
    /// not measured yet, nearest first (on the background thread).
    private func measureWorkingRange(of list: any WorkingRangeTarget, loop: FrameLoop, applying transaction: Transaction? = nil) {
        let scrollingForward = state.withLock { $0.scrollingForward }
        // The change and the rows it makes visible in one locked section, so that no frame shows
        // the change unmeasured; then the rest of the range one row per hold of the lock, so that
        // a frame waits for one row's measurement at most.
        var measured = 0
        let ranges = presenting.withLock {
            loop.withLock {
                if let transaction { loop.apply(transaction) }
                for row in list.visibleRows where !list.isMeasured(row) {
                    list.measure(rows: row ..< row + 1)
                    measured += 1
                }
                return workingRange.rows(
                    around: list.visibleRows, scrollingForward: scrollingForward,
                    rowsPerScreen: list.rowsPerScreen, rowCount: list.rowCount
                )
            }
        }
        for row in ranges.joined() {
            let didMeasure = presenting.withLock {
                loop.withLock {
                    guard !list.isMeasured(row) else { return false }
                    list.measure(rows: row ..< row + 1)
                    return true
                }
            }
            if didMeasure { measured += 1 }
        }
        loop.count(Self.prefetchedRowsCounter, by: measured)
    }

    /// Renders the frame (on the main thread). For a list, also counts the rows that became visible
    /// unmeasured, and then has the background thread measure the new working range.
    private func present(_ frame: Frame, loop: FrameLoop) {
        guard let list = loop.target as? any WorkingRangeTarget else {
            frame.render()
            return
        }
        let misses = presenting.withLock {
            let wasMeasured = loop.withLock { (0 ..< list.rowCount).map(list.isMeasured) }
            frame.render()
            let visible = loop.withLock { list.visibleRows }
            let previous = state.withLock { state in
                defer { state.visibleRows = visible }
                if let previous = state.visibleRows, previous.lowerBound != visible.lowerBound {
                    state.scrollingForward = visible.lowerBound > previous.lowerBound
                }
                return state.visibleRows ?? 0 ..< 0
            }
            return visible.count { row in
                !previous.contains(row) && !(row < wasMeasured.count && wasMeasured[row])
            }
        }
        loop.count(Self.rangeMissesCounter, by: misses)
        measuringThread(of: loop).post { self.measureWorkingRange(of: list, loop: loop) }
    }

    /// The background thread of `loop`, made on first use.
    private func measuringThread(of loop: FrameLoop) -> any LoopThread {
        state.withLock { state in
            if let thread = state.measuringThread {
                precondition(state.loop === loop, "TextureStrategy: an instance serves one frame loop; make one per loop")
                return thread
            }
            let thread = loop.makeBackgroundThread(named: Self.measuringThreadName)
            state.loop = loop
            state.measuringThread = thread
            return thread
        }
    }
}
