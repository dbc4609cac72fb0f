import Dispatch

/// Wall-clock timing of repeated operations.
enum Timing {
    /// Monotonic nanoseconds.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Nanoseconds per call of `operation`, the median of `samples` samples. Each sample calls
    /// `operation` as many times as it takes to last at least `sampleNanoseconds` (the count is
    /// calibrated once), passing a running call number so that callers can cycle through
    /// precomputed steps.
    static func nanosecondsPerOperation(samples: Int, sampleNanoseconds: UInt64, _ operation: (Int) -> Void) -> Double {
        var call = 0
        var batch = 1
        while true {
            let start = now()
            for _ in 0 ..< batch { operation(call); call += 1 }
            let elapsed = now() - start
            if elapsed >= sampleNanoseconds / 4 || batch >= 1 << 24 {
                batch = max(1, Int(Double(batch) * Double(sampleNanoseconds) / Double(max(1, elapsed))))
                break
            }
            batch *= 4
        }
        var results: [Double] = []
        for _ in 0 ..< samples {
            let start = now()
            for _ in 0 ..< batch { operation(call); call += 1 }
            results.append(Double(now() - start) / Double(batch))
        }
        results.sort()
        return results[results.count / 2]
    }
}

/// How long and how large the experiments are: the full run, or the quick run for CI.
struct Budget: Sendable {
    /// Whether this is the quick run.
    let quick: Bool

    /// Timing samples per measurement.
    var samples: Int { quick ? 3 : 5 }
    /// Minimum duration of one timing sample.
    var sampleNanoseconds: UInt64 { quick ? 2_000_000 : 20_000_000 }

    /// Times `operation` with this budget's samples and durations.
    func nanosecondsPerOperation(_ operation: (Int) -> Void) -> Double {
        Timing.nanosecondsPerOperation(samples: samples, sampleNanoseconds: sampleNanoseconds, operation)
    }
}

/// Somewhere to put results computed only to be timed, so the optimiser cannot drop the work.
final class Sink {
    private(set) var total = 0

    func consume(_ value: Int) { total &+= value }
}
