import ArgumentParsing
import Foundation
import OwnProcess

/// What one process measured of a timed workload: `engine-bench time NAME` prints it, and
/// `engine-bench` pools the measurements of several such processes (``timeInOwnProcesses(_:processes:options:)``).
///
/// A process's runs share its heap, its code layout and the state of the machine while it runs,
/// so their spread understates the spread between processes: five runs of one process called a
/// workload within its target in one invocation and over it in the next.
struct ProcessTiming {
    /// The engine's timed runs.
    let engine: Timing
    /// The plain-Swift floor's timed runs.
    let floor: Timing

    /// The engine's and the floor's runs, measured in this process.
    init(engine: Timing, floor: Timing) {
        self.engine = engine
        self.floor = floor
    }

    /// What `engine-bench time` prints: the engine's evaluations per iteration, its runs and the
    /// floor's runs (nanoseconds per iteration), separated by spaces.
    var printed: String {
        ([engine.workPerIteration] + engine.runs + floor.runs).map { "\($0)" }.joined(separator: " ")
    }

    /// Reads ``printed`` back, for `repeats` runs each of the engine and the floor; `nil` when the
    /// count of numbers is not that.
    init?(printed numbers: [Double], repeats: Int) {
        guard repeats > 0, numbers.count == 1 + 2 * repeats else { return nil }
        engine = Timing(runs: Array(numbers[1 ... repeats]), workPerIteration: numbers[0])
        floor = Timing(runs: Array(numbers[(1 + repeats)...]), workPerIteration: 0)
    }
}

/// Verifies `workload` and times it and its floor in this process; exits with status 1 if the
/// engine computes a wrong result.
///
/// - Parameter publishedBatches: how many iterations of the workload's published run to check;
///   `nil` for all of it.
func measureInThisProcess(_ workload: Workload, settings: MeasureSettings, publishedBatches: Int?) -> ProcessTiming {
    let engine = workload.makeEngine()
    let floor = workload.makeFloor()
    let failure = verify(workload, engine: engine, floor: floor)
        ?? workload.published.flatMap { verify(workload, published: $0, batches: publishedBatches) }
    if let failure {
        printError("engine-bench: verification failed: \(failure)")
        exit(1)
    }
    return ProcessTiming(
        engine: measure(settings, from: 3, workCounter: { engine.graph.statistics.evaluations }, engine.step),
        floor: measure(settings, from: 3, floor)
    )
}

/// The arguments of a run that ``timeCommand(_:)`` takes too: `--quick` and `--iterations N`.
func timingArguments(_ options: Options) -> [String] {
    (options.quick ? ["--quick"] : []) + (options.iterations.map { ["--iterations", "\($0)"] } ?? [])
}

/// The settings and the published iterations to check of a run with `--quick` (`quick`) and
/// `--iterations` (`iterations`).
func timingSettings(quick: Bool, iterations: Int?) -> (settings: MeasureSettings, publishedBatches: Int?) {
    var settings = quick ? MeasureSettings.quick : MeasureSettings()
    settings.fixedIterations = iterations
    // Short runs check a short stretch of a published run (as long as one timed run), against the model.
    return (settings, iterations ?? (quick ? 6_000 : nil))
}

/// Measures the timed workloads `workloads` in `processes` processes each (`engine-bench time NAME`),
/// in rounds, a process for each workload per round, so that a change in the machine's load during
/// the run falls on every workload; returns each workload's row of the runs of all its processes.
func timeInOwnProcesses(_ workloads: [Workload], processes: Int, options: Options) -> [ResultRow] {
    let repeats = timingSettings(quick: options.quick, iterations: options.iterations).settings.repeats
    var measured = [[ProcessTiming]](repeating: [], count: workloads.count)
    for round in 1 ... processes {
        for (index, workload) in workloads.enumerated() {
            printError("running \(workload.name) (process \(round) of \(processes))…")
            let arguments = ["time", workload.name] + timingArguments(options)
            let numbers = numbersPrintedByOwnProcess(arguments, tool: "engine-bench", count: 1 + 2 * repeats)
            // The count, all that ``ProcessTiming/init(printed:repeats:)`` checks, was checked above.
            measured[index].append(ProcessTiming(printed: numbers, repeats: repeats)!)
        }
    }
    return zip(workloads, measured).map { workload, timings in
        let engine = Timing(pooling: timings.map(\.engine))
        let floor = Timing(pooling: timings.map(\.floor))
        return ResultRow(
            workload: workload.name, unit: .nanosecondsPerIteration,
            median: engine.medianNanoseconds, minimum: engine.minimumNanoseconds, maximum: engine.maximumNanoseconds,
            evaluationsPerIteration: engine.workPerIteration, floor: floor.medianNanoseconds,
            target: workload.targetNanoseconds
        )
    }
}

/// `engine-bench time NAME`: verifies and times timed workload NAME and its floor in this process
/// and prints ``ProcessTiming/printed``; exits with status 1 if the engine computes a wrong result.
func timeCommand(_ parsed: ParsedArguments) -> Never {
    let workload = Workload.all.first { $0.name == parsed.arguments[0] }!
    let (settings, publishedBatches) = timingSettings(quick: parsed.has("--quick"), iterations: parsed.integer("--iterations"))
    print(measureInThisProcess(workload, settings: settings, publishedBatches: publishedBatches).printed)
    exit(0)
}
