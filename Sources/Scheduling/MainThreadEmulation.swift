import Foundation

/// Main-thread emulation for the real-time clock: a real thread running a serial job loop, like a
/// UI main thread's run loop. Event handlers, state changes and main-thread renders run on it; the
/// same class runs background threads under another role.
///
/// A job can arrive at a given time (a timer, a scripted user event) and can carry synthetic work:
/// the thread stays busy that long before running the job's closure. The work is spent asleep,
/// not spinning, so that a busy main thread does not take a core away from the render thread on a
/// small machine; for scheduling purposes the thread is just as unavailable.
final class EmulatedThread: LoopThread {
    let role: ThreadRole
    private let jobs = JobLoop()

    /// Starts a thread whose jobs report `role`.
    init(role: ThreadRole) {
        self.role = role
        let jobs = jobs
        let token = RoleToken(role)
        let thread = Thread {
            _ = token.install()
            jobs.run()
        }
        thread.name = role.rawValue
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    deinit { jobs.stop() }

    func post(_ job: @escaping @Sendable () -> Void) {
        jobs.add(readyAt: uptimeNanoseconds(), cost: 0, tag: nil, body: job)
    }

    /// Posts a job that arrives at `readyAt` (uptime nanoseconds) and first keeps the thread busy
    /// for `cost`; `tag` lets ``removeJobs(tagged:)`` withdraw it before it arrives.
    func post(readyAt: UInt64, cost: Int64, tag: Int, body: (@Sendable () -> Void)?) {
        jobs.add(readyAt: readyAt, cost: UInt64(cost), tag: tag, body: body)
    }

    /// Withdraws the jobs posted with `tag` that have not arrived yet.
    func removeJobs(tagged tag: Int) { jobs.remove(tag: tag) }

    /// Whether the thread is neither running a job nor has one that has arrived.
    var isIdle: Bool { jobs.isIdle }

    /// How many jobs the thread has finished.
    var completedJobs: Int { jobs.completed }

    /// The total time spent running jobs, synthetic work included, in nanoseconds.
    var busyTime: Int64 { jobs.busyTime }
}

/// The monotonic clock shared by the real-time pieces (the one `DispatchTime` and semaphore
/// timeouts use).
func uptimeNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// The queue and loop of an ``EmulatedThread``, shared between the thread and its owner.
private final class JobLoop: Sendable {
    struct Job: Comparable, Sendable {
        var readyAt: UInt64
        var sequence: Int
        var cost: UInt64
        var tag: Int?
        var body: (@Sendable () -> Void)?

        static func < (lhs: Job, rhs: Job) -> Bool { (lhs.readyAt, lhs.sequence) < (rhs.readyAt, rhs.sequence) }
        static func == (lhs: Job, rhs: Job) -> Bool { lhs.sequence == rhs.sequence }
    }

    struct State {
        var queue = PriorityQueue<Job>()
        var sequence = 0
        var stopped = false
        var running = false
        /// The loop is asleep until this time (or a wake-up), if it is asleep.
        var sleepingUntil: UInt64?
        var completed = 0
        var busyNanoseconds: UInt64 = 0
    }

    private enum Step {
        case run(Job)
        case sleep(until: UInt64?)
        case exit
    }

    private let state = Protected(State())
    private let wakeup = DispatchSemaphore(value: 0)

    func add(readyAt: UInt64, cost: UInt64, tag: Int?, body: (@Sendable () -> Void)?) {
        let wake = state.withLock { state in
            state.sequence += 1
            state.queue.insert(Job(readyAt: readyAt, sequence: state.sequence, cost: cost, tag: tag, body: body))
            guard let until = state.sleepingUntil, readyAt < until else { return false }
            state.sleepingUntil = nil
            return true
        }
        if wake { wakeup.signal() }
    }

    func remove(tag: Int) {
        let now = uptimeNanoseconds()
        state.withLock { $0.queue.removeAll { $0.tag == tag && $0.readyAt > now } }
    }

    func stop() {
        state.withLock { state in
            state.stopped = true
            state.queue = PriorityQueue()
        }
        wakeup.signal()
    }

    var isIdle: Bool {
        let now = uptimeNanoseconds()
        return state.withLock { state in
            !state.running && !(state.queue.min.map { $0.readyAt <= now } ?? false)
        }
    }

    var completed: Int { state.withLock { $0.completed } }

    var busyTime: Int64 { Int64(state.withLock { $0.busyNanoseconds }) }

    /// The job loop: runs jobs in arrival order until stopped.
    func run() {
        let busy = DispatchSemaphore(value: 0)
        while let job = nextJob() {
            let start = uptimeNanoseconds()
            if job.cost > 0 { _ = busy.wait(timeout: DispatchTime(uptimeNanoseconds: start + job.cost)) }
            job.body?()
            let end = uptimeNanoseconds()
            state.withLock { state in
                state.running = false
                state.completed += 1
                state.busyNanoseconds += end - start
            }
        }
    }

    private func nextJob() -> Job? {
        while true {
            let step = state.withLock { state -> Step in
                if state.stopped { return .exit }
                if let head = state.queue.min, head.readyAt <= uptimeNanoseconds() {
                    state.running = true
                    return .run(state.queue.popMin()!)
                }
                let until = state.queue.min?.readyAt
                state.sleepingUntil = until ?? .max
                return .sleep(until: until)
            }
            switch step {
            case .exit:
                return nil
            case .run(let job):
                return job
            case .sleep(let until):
                _ = wakeup.wait(timeout: until.map { DispatchTime(uptimeNanoseconds: $0) } ?? .distantFuture)
                state.withLock { $0.sleepingUntil = nil }
            }
        }
    }
}
