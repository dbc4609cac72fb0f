import Foundation
import Reporting
import Scheduling
import Workloads

/// The main job (`bench` with no workload named): the default sweeps, chosen so that each built-in
/// strategy's claim shows or fails somewhere, on the clock asked for (with the virtual clock's
/// companion of a real-clock run), written to `bench-results/` (or `--output DIR`) as results,
/// charts and a report that leads with the findings.
enum MainJob {
    /// The folder written unless `--output` says otherwise.
    static let defaultOutput = "bench-results"

    /// The default sweeps, by workload: the parameter swept and its loads, and the claim it tests.
    ///
    /// - `heavy-update` by rows: `sliced` keeps events under a frame where `lazy`, `eager` and
    ///   `async-pull` hold the main thread for a whole update; it pays in update latency. `workflow`,
    ///   which re-renders every row per change, breaks first.
    /// - `busy-main` by the main thread's busy share: `async-pull` renders animation frames on the
    ///   render thread, unaffected; main-thread renders miss their vsyncs once the rest of the frame
    ///   is too short.
    /// - `main-thread-stall` by stall length: a stalled main thread misses vsyncs, the render thread not.
    /// - `expensive-feed` by caption lines: `texture` measures rows ahead; strategies that build
    ///   rows on the frame that shows them miss vsyncs.
    /// - `burst-10` by taps per frame: `eager` renders after every change and falls behind where
    ///   `lazy` coalesces a frame's changes.
    static let sweeps: [(workload: String, parameter: String, loads: [Double])] = [
        ("heavy-update", "rows", [250, 500, 1_000, 2_000, 4_000]),
        ("busy-main", "busy-percent", [70, 90, 95, 98, 100]),
        ("main-thread-stall", "stall-ms", [10, 25, 50, 100, 200]),
        ("expensive-feed", "caption-lines", [25, 50, 100, 150, 300]),
        ("burst-10", "taps-per-frame", [10, 100, 500, 1_000, 2_000]),
    ]

    /// Repetitions per point on the real clock unless `--repetitions` says: 3 keeps the main job
    /// within 10 minutes on 2 cores; [min, max] of 3 covers the median with 75 % probability.
    static let realClockRepetitions = 3

    /// The plans of the main job among `workloads`: the default sweeps of those present, then
    /// every other workload (one of an outside package) that declares a load parameter, swept
    /// over its first parameter's declared loads.
    static func plans(_ workloads: [any Workload]) throws -> [SweepRunner.Plan] {
        var plans: [SweepRunner.Plan] = []
        for sweep in sweeps {
            guard let workload = workloads.first(where: { $0.name == sweep.workload }) else { continue }
            plans.append(try SweepRunner.Plan(workload, parameter: sweep.parameter, loads: sweep.loads))
        }
        let builtIn = Set(WorkloadCatalog.names)
        for workload in workloads where !builtIn.contains(workload.name) && !workload.loadParameters.isEmpty && workload.isInDefaultSet {
            plans.append(try SweepRunner.Plan(workload))
        }
        return plans
    }
}

/// Runs sweeps on a clock and, for the real clock, on the virtual one too, and puts their results,
/// findings and report together.
struct SweepJob {
    let registry: StrategyRegistry
    let plans: [SweepRunner.Plan]

    /// What the job produced.
    struct Outcome {
        var report: SweepReport
        var failures: [String]
        var notes: [String]
        /// Whether SIGINT or SIGTERM, or a run that made no progress, stopped the job (the report
        /// holds what finished).
        var interrupted: Bool
        /// Whether a run made no progress (``Runner/Outcome/stalled``); ``interrupted`` is set too.
        var stalled: Bool
    }

    /// Runs the plans with `options` (and on the virtual clock too when `options` asks for the real
    /// one), finds the breaking points, compares the clocks and states the findings.
    func run(_ options: RunOptions, command: String) -> Outcome {
        let started = ContinuousClock.now
        var (sweeps, failures, notes, interrupted, stalled) = runAll(options)
        var virtual: BenchResults?
        var validation: SweepValidation?
        if options.clock == .real && !interrupted {
            var virtualOptions = options
            (virtualOptions.clock, virtualOptions.repetitionCount) = (.virtual, nil)
            printError("\(toolName): the same sweeps on the virtual clock, for comparison")
            let companion = runAll(virtualOptions)
            (interrupted, stalled) = (companion.interrupted, companion.stalled)
            failures += companion.failures.map { "virtual clock: " + $0 }
            for index in sweeps.indices {
                if let model = companion.sweeps.first(where: { $0.workload == sweeps[index].workload && $0.parameter == sweeps[index].parameter }) {
                    sweeps[index].compare(with: model)
                }
            }
            virtual = Self.results(companion.sweeps, options: virtualOptions)
            validation = SweepValidation(real: sweeps, virtual: companion.sweeps)
        }
        let fidelity = Dictionary(uniqueKeysWithValues: sweeps.compactMap { sweep in
            validation?.fidelity(of: sweep.workload).map { (sweep.workload, $0) }
        })
        let seconds = (ContinuousClock.now - started).inMilliseconds / 1_000
        var results = Self.results(sweeps, options: options)
        results.complete = !interrupted
        let report = SweepReport(
            results: results, virtual: virtual, findings: Findings(sweeps, fidelity: fidelity),
            validation: validation, command: command, seconds: seconds
        )
        return Outcome(report: report, failures: failures, notes: notes, interrupted: interrupted, stalled: stalled)
    }

    /// Every plan run with `options`.
    private func runAll(_ options: RunOptions) -> (sweeps: [Sweep], failures: [String], notes: [String], interrupted: Bool, stalled: Bool) {
        var sweeps: [Sweep] = [], failures: [String] = [], notes: [String] = []
        for plan in plans {
            let outcome = SweepRunner(registry: registry).run(plan, options: options)
            sweeps.append(outcome.sweep)
            failures += outcome.failures
            notes += outcome.notes
            if outcome.interrupted { return (sweeps, failures, notes, true, outcome.stalled) }
        }
        return (sweeps, failures, notes, false, false)
    }

    /// The results document of `sweeps`: the sweeps, and as `runs[]` their points at each
    /// workload's default load.
    static func results(_ sweeps: [Sweep], options: RunOptions) -> BenchResults {
        let runs = sweeps.flatMap { sweep in sweep.points.filter { $0.load == sweep.defaultLoad }.map(\.run) }
        var results = BenchResults(settings: .init(options), runs: runs)
        results.sweeps = sweeps
        return results
    }
}
