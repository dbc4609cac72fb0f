import Foundation
import Reporting

/// Reports on standard error which run is under way, as `[12/55] wide-list × texture…`, for
/// benchmarks long enough to need it: those expected to take over a second (real-clock runs last
/// their frames' worth of vsyncs) or that have already taken one.
///
/// On a terminal each report overwrites the previous one; otherwise each is a line of its own.
struct Progress {
    /// The runs expected.
    let total: Int
    private let expectedSeconds: Double
    private let started = ContinuousClock.now
    private let overwrites = isatty(STDERR_FILENO) != 0
    private var shown = false

    /// Progress over `total` runs expected to take `expectedSeconds` at least.
    init(total: Int, expectedSeconds: Double) {
        self.total = total
        self.expectedSeconds = expectedSeconds
    }

    private var elapsed: Duration { ContinuousClock.now - started }

    /// Announces run `index` (counted from 0) of `workload` under `strategy`, and when the runs
    /// are expected to end, so that a long run shows how long it will take.
    mutating func starting(_ index: Int, workload: String, strategy: String) {
        guard expectedSeconds > 1 || elapsed > .seconds(1) else { return }
        shown = true
        let remaining = expectedSeconds * Double(total - index) / Double(max(1, total))
        let eta = remaining >= 5 ? " (at least \(Int(remaining.rounded())) s to go)" : ""
        let message = "[\(index + 1)/\(total)] \(workload) × \(strategy)…\(eta)"
        printError(overwrites ? "\r\u{1B}[K" + message : message, terminator: overwrites ? "" : "\n")
    }

    /// Clears the last report and, if any was shown, says how long the `runs` made took; returns
    /// that, in seconds.
    @discardableResult
    func finished(runs: Int) -> Double {
        let seconds = elapsed.inMilliseconds / 1_000
        if shown {
            let summary = "\(NumberFormat.counted(runs, "run")) in \(String(format: "%.1f", seconds)) s"
            printError(overwrites ? "\r\u{1B}[K" + summary : summary)
        }
        return seconds
    }
}

/// Writes `message` to standard error.
func printError(_ message: String, terminator: String = "\n") {
    FileHandle.standardError.write(Data((message + terminator).utf8))
}
