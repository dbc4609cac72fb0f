import Foundation
import Synchronization

/// The virtual clock: a deterministic discrete-event simulation of the main thread, the
/// display-link (render) thread, background threads and the update lock, in which code runs
/// instantly and time advances only by the ``CostModel`` and by events' synthetic costs.
///
/// Everything runs on the thread that called ``FrameLoop/run(frames:events:)``, one job at a time,
/// in virtual-time order, so a run gives exactly the same frames, misses and evaluation counts
/// every time. The rules of the simulation:
///
/// - A job posted to a thread waits until the thread has finished its earlier jobs, spends its
///   synthetic cost (not holding the lock), then runs its closure. Jobs it posts arrive at the
///   virtual time it has reached when it posts them.
/// - Inside ``FrameLoop/withLock(_:)`` a job first waits until the lock is free in virtual time,
///   then holds it for the evaluations and node creations it does there (what the ``CostModel``
///   charges for them, metered by ``EvaluationMeter``) and, for a frame render,
///   ``CostModel/perFrame``. Work outside that lock costs nothing.
/// - A frame commits at the virtual time its render finished; until then later ticks are coalesced.
/// - The display link ticks on its vsync grid; a tick that finds the render thread busy is
///   coalesced. A tick's job costs ``CostModel/wakeUp`` before its handler runs, and a job posted
///   from one thread to another arrives ``CostModel/threadHandOff`` after it was posted. A
///   workload's event costs ``CostModel/perEvent`` besides its stated cost, plus
///   ``CostModel/syntheticWorkOverrun`` when that cost is above zero; one that arrives at an idle
///   main thread starts ``CostModel/eventWakeUp`` later (waiting, not busy). At equal times,
///   commits come first, then arrivals, then jobs, then ticks.
///
/// Calling into the loop from another thread while a virtual run is in progress is a programming
/// error and stops the program with a message.
final class VirtualClock: FrameClock, @unchecked Sendable {
    private let graph: Graph
    private let grid: VsyncGrid
    private let perFrame: Int64
    private let wakeUp: Int64
    private let handOff: Int64
    /// ``CostModel/perEvent``, in nanoseconds.
    private let perEvent: Int64
    /// ``CostModel/eventWakeUp``, in nanoseconds.
    private let eventWakeUp: Int64
    /// ``CostModel/syntheticWorkOverrun``, in nanoseconds.
    private let workOverrun: Int64
    /// ``CostModel/warmWakeUp``, in nanoseconds, or `nil`.
    private let warmWakeUp: Int64?
    /// ``CostModel/warmWindow``, in nanoseconds.
    private let warmWindow: Int64
    /// When the last job of any thread of the loop ended (nanoseconds), or `nil` before the first.
    @exclusivity(unchecked) private var lastJobEnd: Int64?
    /// `pthread_self()` of the thread running the simulation, or 0 between runs.
    private let owner = Atomic<UInt>(0)
    private let stopping = Atomic<Bool>(false)

    // Simulation state, confined to the thread running the simulation (times in nanoseconds).
    @exclusivity(unchecked) private var time: Int64 = 0
    @exclusivity(unchecked) private var timeline = Timeline()
    @exclusivity(unchecked) private var lockFreeAt: Int64 = 0
    private let main: SimulatedThread
    private let render: SimulatedThread
    @exclusivity(unchecked) private var ticks: Range<Int> = 0 ..< 0
    @exclusivity(unchecked) private var ticksCovered = 0
    @exclusivity(unchecked) private var displayLinkCoalesced = 0

    // The job being executed, and its thread.
    @exclusivity(unchecked) private var inJob = false
    @exclusivity(unchecked) private var runningThread: SimulatedThread?
    @exclusivity(unchecked) private var cursor: Int64 = 0
    @exclusivity(unchecked) private var lockDepth = 0
    /// What the current locked section's work has cost so far.
    @exclusivity(unchecked) private var meter: EvaluationMeter
    /// The loop being run.
    @exclusivity(unchecked) private var loop: FrameLoop?

    init(graph: Graph, grid: VsyncGrid, costModel: CostModel) {
        self.graph = graph
        self.grid = grid
        perFrame = costModel.perFrame.inNanoseconds
        wakeUp = costModel.wakeUp.inNanoseconds
        handOff = costModel.threadHandOff.inNanoseconds
        perEvent = costModel.perEvent.inNanoseconds
        eventWakeUp = costModel.eventWakeUp.inNanoseconds
        workOverrun = costModel.syntheticWorkOverrun.inNanoseconds
        warmWakeUp = costModel.warmWakeUp?.inNanoseconds
        warmWindow = costModel.warmWindow.inNanoseconds
        meter = EvaluationMeter(graph: graph, model: costModel)
        main = SimulatedThread(role: .main)
        render = SimulatedThread(role: .render)
    }

    var mainThread: any LoopThread { ThreadHandle(clock: self, thread: main) }

    func makeThread(role: ThreadRole) -> any LoopThread {
        ThreadHandle(clock: self, thread: SimulatedThread(role: role))
    }

    var now: Int64 {
        checkThread()
        guard inJob else { return time }
        // Inside the update lock the evaluations done so far are charged when the lock is given
        // back; count them here, so that a deadline checked between evaluations sees time pass.
        guard lockDepth > 0 else { return cursor }
        return cursor + meter.costSinceStart()
    }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        checkThread()
        guard inJob else { return try graph.withLock(body) }
        return try graph.withLock {
            if lockDepth == 0 {
                meter.start()
                cursor = max(cursor, lockFreeAt)
            }
            lockDepth += 1
            defer {
                lockDepth -= 1
                if lockDepth == 0 {
                    chargeEvaluations()
                    lockFreeAt = cursor
                }
            }
            return try body()
        }
    }

    func chargeFrame() {
        if inJob { cursor += perFrame }
    }

    var defersCommits: Bool {
        checkThread()
        return inJob && cursor > time
    }

    func atCommit(_ action: @escaping @Sendable () -> Void) {
        checkThread()
        if inJob && cursor > time {
            schedule(.commit(action), at: cursor)
        } else {
            action()
        }
    }

    func nextTickIndex() -> Int {
        max(ticks.lowerBound + ticksCovered, grid.firstIndex(atOrAfter: time))
    }

    func run(ticks: Range<Int>, events: [ScheduledEvent], loop: FrameLoop) -> (ticks: Int, coalesced: Int) {
        owner.store(currentThreadID, ordering: .sequentiallyConsistent)
        defer { owner.store(0, ordering: .sequentiallyConsistent) }
        stopping.store(false, ordering: .sequentiallyConsistent)
        self.loop = loop
        let previousRole = RoleToken.current
        defer {
            self.loop = nil
            RoleToken.restore(previousRole)
        }
        self.ticks = ticks
        ticksCovered = 0
        displayLinkCoalesced = 0
        lastJobEnd = nil
        for event in events {
            let cost = event.cost + perEvent + (event.cost > 0 ? workOverrun : 0)
            schedule(.arrival(Job(cost: cost, work: .closure(event.action), isScripted: true), main), at: event.time)
        }
        if !ticks.isEmpty { schedule(.tick(ticks.lowerBound), at: grid.time(of: ticks.lowerBound)) }
        while let (time, event) = timeline.next() {
            self.time = time
            switch event {
            case .commit(let action): action()
            case .arrival(let job, let thread): arrive(job, on: thread)
            case .act(let thread): execute(on: thread)
            case .tick(let index): tick(index)
            }
        }
        return (ticksCovered, displayLinkCoalesced)
    }

    func wakeDisplayLink() {}

    func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
    }

    var mainThreadBusyTime: Int64 { main.busyTime }

    var vsyncsCome: Int { 0 }

    // MARK: Simulation

    /// Posts a job to `thread`, arriving at the virtual time the posting job has reached, plus
    /// the thread hand-off when it is posted from another thread. A job arriving at the time being
    /// processed arrives at once: every arrival and job start scheduled for that time was processed
    /// before.
    fileprivate func post(_ job: Job, to thread: SimulatedThread) {
        checkThread()
        let delay = inJob && runningThread !== thread ? handOff : 0
        let at = (inJob ? cursor : time) + delay
        if at > time {
            schedule(.arrival(job, thread), at: at)
        } else {
            arrive(job, on: thread)
        }
    }

    /// A job arrives at `thread`; a workload's event that finds the thread idle waits for its
    /// wake-up first.
    private func arrive(_ job: Job, on thread: SimulatedThread) {
        if job.isScripted && stopping.load(ordering: .relaxed) { return }
        var job = job
        if job.isScripted && !thread.isBusy(at: time) { job.wakeUp = wakeUp(idle: eventWakeUp) }
        thread.waiting.append(job)
        if !thread.isScheduled { scheduleNextJob(on: thread) }
    }

    /// Starts the next waiting job of `thread` once the thread is free: its wake-up (not busy
    /// time), its synthetic cost, then its closure.
    private func scheduleNextJob(on thread: SimulatedThread) {
        thread.isScheduled = true
        let start = max(time, thread.busyUntil)
        let job = thread.waiting[thread.nextWaiting]
        schedule(.act(thread), at: start + job.wakeUp + job.cost)
    }

    private func execute(on thread: SimulatedThread) {
        let job = thread.waiting[thread.nextWaiting]
        thread.nextWaiting += 1
        if thread.nextWaiting == thread.waiting.count {
            thread.waiting.removeAll(keepingCapacity: true)
            thread.nextWaiting = 0
        }
        let end: Int64
        switch job.work {
        case .closure(let body): end = runJob(on: thread, body)
        case .tick(let tick): end = runJob(on: thread) { _ = loop?.handleTick(tick) }
        }
        thread.busyTime += job.cost + (end - time)
        thread.busyUntil = end
        lastJobEnd = max(lastJobEnd ?? end, end)
        thread.isScheduled = false
        if thread.nextWaiting < thread.waiting.count { scheduleNextJob(on: thread) }
    }

    /// Runs a job's closure on `thread` from the current time; returns the virtual time it reached.
    private func runJob(on thread: SimulatedThread, _ body: () -> Void) -> Int64 {
        inJob = true
        runningThread = thread
        cursor = time
        lockDepth = 0
        _ = thread.token.install()
        body()
        inJob = false
        runningThread = nil
        return cursor
    }

    private func tick(_ index: Int) {
        guard !stopping.load(ordering: .relaxed) else { return }
        ticksCovered = index - ticks.lowerBound + 1
        if index + 1 < ticks.upperBound { schedule(.tick(index + 1), at: grid.time(of: index + 1)) }
        if render.isBusy(at: time) {
            displayLinkCoalesced += 1
            return
        }
        post(Job(cost: wakeUp(idle: wakeUp), work: .tick(Tick(index: index, grid: grid)), isScripted: false), to: render)
    }

    /// The wake-up of a thread woken now: `idle`, or ``CostModel/warmWakeUp`` if that is smaller
    /// and a job of the loop ended (or is running) less than ``CostModel/warmWindow`` ago.
    private func wakeUp(idle: Int64) -> Int64 {
        guard let warmWakeUp, let lastJobEnd, time - lastJobEnd < warmWindow else { return idle }
        return min(idle, warmWakeUp)
    }

    /// Adds the work done since the locked section started to the current job's virtual time.
    /// Call with the graph's lock held.
    private func chargeEvaluations() {
        cursor += meter.costSinceStart()
        meter.start()
    }

    private func schedule(_ event: Event, at time: Int64) {
        timeline.schedule(event, at: time)
    }

    private func checkThread() {
        let owner = owner.load(ordering: .sequentiallyConsistent)
        guard owner == 0 || owner == currentThreadID else {
            preconditionFailure("Scheduling: a virtual-clock frame loop was used from another thread during a run; "
                + "under the virtual clock, everything runs on the thread that called run(frames:events:)")
        }
    }
}

/// The calling thread's id.
private var currentThreadID: UInt { UInt(pthread_self()) }

/// A job of a simulated thread.
private struct Job {
    /// What a job runs after its synthetic work.
    enum Work {
        case closure(@Sendable () -> Void)
        /// The display link's tick handler.
        case tick(Tick)
    }

    /// Synthetic work, in nanoseconds.
    var cost: Int64
    var work: Work
    /// A workload's event, dropped if it has not arrived when the run is stopped.
    var isScripted: Bool
    /// The wait before the job starts, in nanoseconds, not counted as busy time: the thread's
    /// wake-up (``CostModel/eventWakeUp``), set when the job arrives at an idle thread.
    var wakeUp: Int64 = 0
}

/// Something that happens at a point of the simulation's time line.
private enum Event {
    /// A frame commits.
    case commit(@Sendable () -> Void)
    /// A job arrives at a thread.
    case arrival(Job, SimulatedThread)
    /// A thread runs its next job's closure.
    case act(SimulatedThread)
    /// The display link's vsync with this index.
    case tick(Int)

    /// The order of events at equal times.
    var phase: Int {
        switch self {
        case .commit: 0
        case .arrival: 1
        case .act: 2
        case .tick: 3
        }
    }
}

/// The simulation's time line: events ordered by time, then phase, then insertion. The heap holds
/// plain numbers and the events wait in a side table, so reordering the heap copies no closures.
private struct Timeline {
    private struct Entry: Comparable {
        var time: Int64
        /// Phase in the high bits, insertion order below.
        var rank: Int
        var slot: Int

        static func < (lhs: Entry, rhs: Entry) -> Bool { (lhs.time, lhs.rank) < (rhs.time, rhs.rank) }
    }

    private var heap = PriorityQueue<Entry>()
    private var events: [Event?] = []
    private var freeSlots: [Int] = []
    private var sequence = 0

    mutating func schedule(_ event: Event, at time: Int64) {
        sequence += 1
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            events[slot] = event
        } else {
            slot = events.count
            events.append(event)
        }
        heap.insert(Entry(time: time, rank: event.phase << 56 | sequence, slot: slot))
    }

    /// Removes and returns the earliest event.
    mutating func next() -> (Int64, Event)? {
        guard let entry = heap.popMin() else { return nil }
        let event = events[entry.slot].take()!
        freeSlots.append(entry.slot)
        return (entry.time, event)
    }
}

/// A simulated serial thread: its waiting jobs and when it is next free. Confined to the thread
/// running the simulation.
private final class SimulatedThread: @unchecked Sendable {
    let role: ThreadRole
    let token: RoleToken
    @exclusivity(unchecked) var waiting: [Job] = []
    @exclusivity(unchecked) var nextWaiting = 0
    /// Whether the next waiting job has been scheduled to run.
    @exclusivity(unchecked) var isScheduled = false
    @exclusivity(unchecked) var busyUntil: Int64 = 0
    @exclusivity(unchecked) var busyTime: Int64 = 0

    init(role: ThreadRole) {
        self.role = role
        token = RoleToken(role)
    }

    /// Whether the thread is running or has work waiting at `time`.
    func isBusy(at time: Int64) -> Bool {
        isScheduled || busyUntil > time || nextWaiting < waiting.count
    }
}

/// The ``LoopThread`` face of a simulated thread.
private struct ThreadHandle: LoopThread {
    let clock: VirtualClock
    let thread: SimulatedThread

    var role: ThreadRole { thread.role }

    func post(_ job: @escaping @Sendable () -> Void) {
        clock.post(Job(cost: 0, work: .closure(job), isScripted: false), to: thread)
    }
}
