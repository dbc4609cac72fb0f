import Foundation
import Synchronization

/// Ends a run that never ends. A strategy that waits on the main thread from the display link's
/// (rule 3 of `Docs/WritingAScheduler.md`), or that posts main-thread work forever, keeps a run
/// from ever returning, and nothing outside the run's own threads can stop it; so when one run
/// has taken far longer than any run should (``limit(frames:frameRate:)``), the watchdog writes
/// which run it was and why that happens, and ends the process with status 1, rather than leave
/// the tool (and a CI job) hanging.
final class RunWatchdog: Sendable {
    /// The run being watched: its label, its limit in seconds and the uptime (nanoseconds) at
    /// which it has run that long.
    private let watched = Mutex<(label: String, seconds: Double, deadline: UInt64)?>(nil)
    /// What the watchdog does when a run passes its deadline, given the run's label and limit in
    /// seconds: by default, ``endProcess(label:seconds:)``.
    private let onExpiry: @Sendable (String, Double) -> Void
    /// How often the watchdog looks.
    private let interval: Double

    /// The watchdog of the tool's runs.
    static let shared = RunWatchdog()

    init(checkingEvery interval: Double = 1, onExpiry: @escaping @Sendable (String, Double) -> Void = RunWatchdog.endProcess) {
        self.interval = interval
        self.onExpiry = onExpiry
        // The thread holds the watchdog weakly, and ends once the watchdog is gone.
        let thread = Thread { [weak self] in
            while let watchdog = self {
                let interval = watchdog.interval
                withExtendedLifetime(watchdog) {}
                Thread.sleep(forTimeInterval: interval)
                self?.actOnExpiredRun()
            }
        }
        thread.name = "bench run watchdog"
        thread.start()
    }

    /// The longest a run of `frames` frames at `frameRate` may take on either clock before the
    /// watchdog ends it: two minutes, plus thirty times the time its frames and its longest drain
    /// (``WorkloadRunner/drainLimit``) take on the real clock, far more than any run that ends
    /// takes (building a large workload's tree included).
    static func limit(frames: Int, frameRate: Double, drainSeconds: Double) -> Double {
        120 + 30 * (Double(frames) / frameRate + drainSeconds)
    }

    /// Runs `body`, labelled `label` (the workload and the strategy), under the watchdog: if it
    /// has not returned after `seconds`, the watchdog acts.
    func watch<Result>(_ label: String, seconds: Double, _ body: () throws -> Result) rethrows -> Result {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        watched.withLock { $0 = (label, seconds, deadline) }
        defer { watched.withLock { $0 = nil } }
        return try body()
    }

    /// What the watchdog's thread does every ``interval`` seconds: acts, once, on a run past its
    /// deadline.
    private func actOnExpiredRun() {
        let now = DispatchTime.now().uptimeNanoseconds
        let expired = watched.withLock { run -> (label: String, seconds: Double)? in
            guard let current = run, now >= current.deadline else { return nil }
            run = nil
            return (current.label, current.seconds)
        }
        if let expired { onExpiry(expired.label, expired.seconds) }
    }

    /// Writes which run never ended and why that happens, and ends the process with status 1 at
    /// once (`_exit`: the run's threads are stuck, and may hold what an orderly exit would wait for).
    @Sendable static func endProcess(label: String, seconds: Double) {
        printError("\(toolName): \(label) has not ended after \(Int(seconds)) seconds, far longer than any run takes: "
            + "a strategy that waits on the main thread from another (Docs/WritingAScheduler.md, rule 3), or that keeps "
            + "posting main-thread work, never lets a run end; the results of the runs before it are not written")
        _exit(1)
    }
}
