import Dispatch
import Reporting

/// Wall-clock timing of repeated operations.
enum Timing {
    /// Monotonic nanoseconds.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Nanoseconds per call of each of `operations`, `rounds` times: `result[operation][round]`.
    ///
    /// Each operation is first calibrated: a sample calls it as many times as it takes to last at
    /// least `sampleNanoseconds`. Then each round times one sample of every operation in turn (the
    /// fastest of its ``partsPerSample`` parts, per call),
    /// alternating the order from round to round, so that the machine's drift and load fall on all
    /// operations alike and a ratio taken within a round compares like with like. Each operation
    /// gets its own running call number, so that callers can cycle through precomputed steps.
    /// Parts each timing sample is split into (see ``interleaved(rounds:sampleNanoseconds:_:)``).
    static let partsPerSample = 4

    static func interleaved(rounds: Int, sampleNanoseconds: UInt64, _ operations: [(Int) -> Void]) -> [[Double]] {
        var calls = Array(repeating: 0, count: operations.count)
        var batches: [Int] = []
        for (index, operation) in operations.enumerated() {
            var batch = 1
            while true {
                let start = now()
                for _ in 0 ..< batch { operation(calls[index]); calls[index] += 1 }
                let elapsed = now() - start
                if elapsed >= sampleNanoseconds / 4 || batch >= 1 << 24 {
                    batches.append(max(1, Int(Double(batch) * Double(sampleNanoseconds) / Double(max(1, elapsed)))))
                    break
                }
                batch *= 4
            }
        }
        var results = Array(repeating: [Double](), count: operations.count)
        for round in 0 ..< rounds {
            let order = round % 2 == 0 ? Array(operations.indices) : operations.indices.reversed()
            for index in order {
                // The sample is split in parts and the fastest part kept: on a shared machine a
                // part is often slowed by another process, never sped up.
                let part = max(1, batches[index] / partsPerSample)
                var fastest = Double.infinity
                for _ in 0 ..< partsPerSample {
                    let start = now()
                    for _ in 0 ..< part { operations[index](calls[index]); calls[index] += 1 }
                    fastest = min(fastest, Double(now() - start) / Double(part))
                }
                results[index].append(fastest)
            }
        }
        return results
    }
}

/// How long and how large the timings are: the full run, or the quick run for CI.
public struct Budget: Sendable {
    /// Whether this is the quick run.
    public let quick: Bool

    /// Timing rounds per measurement: enough for a 95 % interval of the median in the full run.
    public var rounds: Int { quick ? 5 : 21 }
    /// Minimum duration of one timing sample.
    public var sampleNanoseconds: UInt64 { quick ? 2_000_000 : 20_000_000 }

    /// Nanoseconds per call of `operation`: the median of ``samples(_:)``.
    public func nanosecondsPerOperation(_ operation: @escaping (Int) -> Void) -> Double {
        median(samples(operation))
    }

    /// Nanoseconds per call of `operation`, one sample per round (see ``interleaved(_:)``).
    public func samples(_ operation: @escaping (Int) -> Void) -> [Double] {
        interleaved([operation])[0]
    }

    /// Nanoseconds per call of each of `operations`, `result[operation][round]`, timed in
    /// interleaved rounds (``Timing/interleaved(rounds:sampleNanoseconds:_:)``).
    public func interleaved(_ operations: [(Int) -> Void]) -> [[Double]] {
        Timing.interleaved(rounds: rounds, sampleNanoseconds: sampleNanoseconds, operations)
    }
}

/// The median of `samples` (which must not be empty).
func median(_ samples: [Double]) -> Double { MedianEstimate(samples).median }

/// Somewhere to put results computed only to be timed, so the optimiser cannot drop the work.
final class Sink {
    private(set) var total = 0

    func consume(_ value: Int) { total &+= value }
}
