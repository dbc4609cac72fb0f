import Reporting

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Reads the monotonic clock, in nanoseconds.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Makes `value` observable, so the optimizer cannot delete the computation that produced it.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// How long to warm up and how many iterations to time.
struct MeasureSettings {
    /// Timed runs in each process.
    var repeats = 5
    /// Each timed run lasts at least this long (ignored when ``fixedIterations`` is set).
    var repeatNanoseconds: UInt64 = 200_000_000
    /// Warm-up time, which also estimates the cost of one iteration.
    var warmupNanoseconds: UInt64 = 50_000_000
    /// Iterations per timed run, instead of calibrating to ``repeatNanoseconds``; the warm-up then
    /// runs the same number of iterations once, so that runs are reproducible (for callgrind).
    var fixedIterations: Int?

    /// The settings of `--quick`: short runs for a smoke test.
    static let quick = MeasureSettings(repeats: 5, repeatNanoseconds: 10_000_000, warmupNanoseconds: 5_000_000)
}

/// The outcome of timing one iteration body: its timed runs, from one process or pooled from
/// several.
struct Timing {
    /// Nanoseconds per iteration of each timed run, fastest first.
    let runs: [Double]
    /// Growth of the work counter over the timed runs, divided by the iterations timed.
    let workPerIteration: Double

    /// Sorts `runs` (at least one).
    init(runs: [Double], workPerIteration: Double) {
        precondition(!runs.isEmpty, "engine-bench: a timing has at least one run")
        self.runs = runs.sorted()
        self.workPerIteration = workPerIteration
    }

    /// The runs of `timings` (at least one) together, and their mean work per iteration.
    init(pooling timings: [Timing]) {
        self.init(
            runs: timings.flatMap(\.runs),
            workPerIteration: timings.map(\.workPerIteration).reduce(0, +) / Double(timings.count)
        )
    }

    /// The median run, in nanoseconds per iteration (``MedianEstimate``'s).
    var medianNanoseconds: Double { MedianEstimate(runs).median }

    /// The fastest run, in nanoseconds per iteration.
    var minimumNanoseconds: Double { runs[0] }

    /// The slowest run, in nanoseconds per iteration.
    var maximumNanoseconds: Double { runs[runs.count - 1] }
}

/// Times `step`, which performs one iteration for the value it is given.
///
/// Every call receives a new value (`first`, `first + 1`, …) so that inputs always change.
///
/// - Parameters:
///   - workCounter: sampled before and after the timed runs (not the warm-up); for the engine it
///     returns the graph's evaluation count.
func measure(
    _ settings: MeasureSettings,
    from first: Int,
    workCounter: () -> Int = { 0 },
    _ step: (Int) -> Int
) -> Timing {
    var next = first
    let iterations: Int
    if let fixed = settings.fixedIterations {
        _ = timeIterations(step, from: next, count: fixed)
        next += fixed
        iterations = fixed
    } else {
        var batch = 1, warmed = 0
        var spent: UInt64 = 0
        while spent < settings.warmupNanoseconds {
            spent += timeIterations(step, from: next, count: batch)
            next += batch
            warmed += batch
            batch *= 2
        }
        let estimate = max(Double(spent) / Double(warmed), 1)
        iterations = max(1, Int((Double(settings.repeatNanoseconds) / estimate).rounded(.up)))
    }

    let workBefore = workCounter()
    var perIteration: [Double] = []
    for _ in 0 ..< settings.repeats {
        let elapsed = timeIterations(step, from: next, count: iterations)
        next += iterations
        perIteration.append(Double(elapsed) / Double(iterations))
    }
    let work = workCounter() - workBefore
    return Timing(runs: perIteration, workPerIteration: Double(work) / Double(iterations * settings.repeats))
}

/// Runs `step` for `count` consecutive values starting at `first`; returns the elapsed nanoseconds.
@inline(never)
func timeIterations(_ step: (Int) -> Int, from first: Int, count: Int) -> UInt64 {
    var checksum = 0
    let start = monotonicNanoseconds()
    for value in first ..< first + count {
        checksum &+= step(value)
    }
    let elapsed = monotonicNanoseconds() - start
    blackHole(checksum)
    return elapsed
}
