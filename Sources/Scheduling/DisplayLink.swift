import Foundation
import Synchronization

/// The real-time display link: a thread that wakes at each vsync of a fixed grid and hands the
/// tick to the frame loop. It is also the render thread: asynchronous renders run on it, inside
/// the tick handler.
///
/// - Deadlines are absolute (`origin + n / frameRate`), so sleeping late never shifts later ticks.
/// - Ticks that pass while the handler is still rendering a frame are coalesced, never queued: the
///   link goes on with the next vsync. Ticks missed because the thread woke late are skipped.
/// - When the handler reports that no frame was requested, the link pauses until ``resume()``
///   and then continues with the next vsync.
///
/// One display link serves one run: it covers the ticks it was made for, then its thread exits.
final class DisplayLink: Sendable {
    private let origin: UInt64
    private let grid: VsyncGrid
    private let ticks: Range<Int>
    private let handler: @Sendable (Tick) -> TickDisposition
    private let wakeup = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let stopped = Atomic<Bool>(false)
    private let outcome = Protected((ticks: 0, coalesced: 0))

    /// A link whose tick `n` fires at `origin` (uptime nanoseconds) plus the grid's time of `n`,
    /// for the ticks in `ticks`.
    init(origin: UInt64, grid: VsyncGrid, ticks: Range<Int>, handler: @escaping @Sendable (Tick) -> TickDisposition) {
        self.origin = origin
        self.grid = grid
        self.ticks = ticks
        self.handler = handler
    }

    /// Starts the link's thread.
    func start() {
        let thread = Thread { self.loop() }
        thread.name = "display-link"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    /// Resumes a paused link at the next vsync.
    func resume() { wakeup.signal() }

    /// Ends the link after the current tick.
    func stop() {
        stopped.store(true, ordering: .sequentiallyConsistent)
        wakeup.signal()
    }

    /// Waits until the link's thread has exited; returns how many ticks it covered and how many
    /// it coalesced.
    func waitUntilFinished() -> (ticks: Int, coalesced: Int) {
        finished.wait()
        return outcome.withLock { $0 }
    }

    private func loop() {
        let token = RoleToken(.render)
        let previousRole = token.install()
        var index = ticks.lowerBound
        var coalesced = 0
        while index < ticks.upperBound && sleep(until: deadline(of: index)) {
            // A late wake-up skips to the latest vsync; the ticks it missed had nothing to deliver.
            index = max(index, vsync(at: uptimeNanoseconds()))
            guard index < ticks.upperBound else { break }
            switch handler(Tick(index: index, grid: grid)) {
            case .idle:
                _ = wakeup.wait(timeout: DispatchTime(uptimeNanoseconds: deadline(of: ticks.upperBound)))
                index = max(index + 1, vsync(at: uptimeNanoseconds()) + 1)
            case .coalesced:
                index += 1
            case .delivered:
                // Ticks that passed while the frame rendered on this thread are coalesced; the
                // link goes on with the next vsync.
                let latest = min(vsync(at: uptimeNanoseconds()), ticks.upperBound - 1)
                coalesced += max(0, latest - index)
                index = max(index, latest) + 1
            }
        }
        let covered = isStopped ? min(ticks.upperBound, vsync(at: uptimeNanoseconds()) + 1) : ticks.upperBound
        outcome.withLock { $0 = (max(0, covered - ticks.lowerBound), coalesced) }
        RoleToken.restore(previousRole)
        finished.signal()
    }

    private var isStopped: Bool { stopped.load(ordering: .sequentiallyConsistent) }

    /// Sleeps until `deadline`; returns `false` if the link was stopped.
    private func sleep(until deadline: UInt64) -> Bool {
        while !isStopped && uptimeNanoseconds() < deadline {
            _ = wakeup.wait(timeout: DispatchTime(uptimeNanoseconds: deadline))
        }
        return !isStopped
    }

    private func deadline(of index: Int) -> UInt64 {
        origin + UInt64(grid.time(of: index))
    }

    /// The index of the latest vsync at or before `uptime`.
    private func vsync(at uptime: UInt64) -> Int {
        grid.index(at: Int64(uptime - origin))
    }
}
