import Foundation
import Synchronization

/// The real-time clock: an emulated main thread, background threads and, during a run, a
/// ``DisplayLink`` whose thread is the render thread. Work costs what it really takes.
final class RealTimeClock: FrameClock {
    private let graph: Graph
    private let grid: VsyncGrid
    /// Uptime (nanoseconds) at which the clock started: time zero of every tick.
    private let origin = uptimeNanoseconds()
    private let main = EmulatedThread(role: .main)
    private let backgroundThreads = Protected<[EmulatedThread]>([])
    private let displayLink = Protected<DisplayLink?>(nil)
    private let runCount = Atomic<Int>(0)
    /// The last tick of the run in progress, or of the last run (-1 before the first).
    private let lastTick = Atomic<Int>(-1)

    init(graph: Graph, grid: VsyncGrid) {
        self.graph = graph
        self.grid = grid
    }

    var mainThread: any LoopThread { main }

    func makeThread(role: ThreadRole) -> any LoopThread {
        let thread = EmulatedThread(role: role)
        backgroundThreads.withLock { $0.append(thread) }
        return thread
    }

    var now: Int64 { Int64(uptimeNanoseconds() - origin) }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try graph.withLock(body)
    }

    func chargeFrame() {}

    var defersCommits: Bool { false }

    func atCommit(_ action: @escaping @Sendable () -> Void) { action() }

    func nextTickIndex() -> Int {
        grid.index(at: now) + 1
    }

    func run(ticks: Range<Int>, events: [ScheduledEvent], loop: FrameLoop) -> (ticks: Int, coalesced: Int) {
        let tag = runCount.add(1, ordering: .relaxed).newValue
        lastTick.store(ticks.upperBound - 1, ordering: .relaxed)
        for event in events {
            main.post(readyAt: origin + UInt64(event.time), cost: event.cost, tag: tag, body: event.action)
        }
        let link = DisplayLink(origin: origin, grid: grid, ticks: ticks) { loop.handleTick($0) }
        displayLink.withLock { $0 = link }
        link.start()
        let outcome = link.waitUntilFinished()
        displayLink.withLock { $0 = nil }
        main.removeJobs(tagged: tag)
        waitUntilSettled(loop)
        return outcome
    }

    func wakeDisplayLink() {
        displayLink.withLock { $0 }?.resume()
    }

    func stop() {
        displayLink.withLock { $0 }?.stop()
    }

    var mainThreadBusyTime: Int64 { main.busyTime }

    var vsyncsCome: Int { min(grid.index(at: now), lastTick.load(ordering: .relaxed)) }

    /// Waits until no frame is in flight and every thread is idle, twice in a row with no job run
    /// in between (a job may post to a thread that was already checked).
    private func waitUntilSettled(_ loop: FrameLoop) {
        var previousCount = -1
        while true {
            let threads = [main] + backgroundThreads.withLock { $0 }
            let count = threads.reduce(0) { $0 + $1.completedJobs }
            let settled = !loop.isFrameInFlight && threads.allSatisfy(\.isIdle)
            if settled && count == previousCount { return }
            previousCount = settled ? count : -1
            usleep(200)
        }
    }
}
