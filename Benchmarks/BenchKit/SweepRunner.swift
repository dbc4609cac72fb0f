import ArgumentParsing
import Foundation
import Reporting
import Scheduling
import Workloads

/// Runs sweeps: a workload at each of a series of loads under every selected strategy, each load
/// the way `bench` runs a workload (repetitions round-robin across the strategies, the drain, the
/// same-screen check), then finds where each strategy breaks.
struct SweepRunner {
    /// Where strategies are looked up by name.
    let registry: StrategyRegistry

    /// One sweep to run: a workload, the parameter varied and its values.
    struct Plan: Sendable {
        let workload: any Workload
        let parameter: LoadParameter
        /// The loads, ascending.
        let loads: [Double]

        /// `workload`'s sweep of `parameter` (its first parameter if `nil`) over `loads` (its
        /// declared sweep if `nil`).
        ///
        /// - Throws: ``ArgumentError`` when the workload declares no such parameter (or none at all),
        ///   or a load is not one of its values.
        init(_ workload: any Workload, parameter name: String? = nil, loads: [Double]? = nil) throws {
            let declared = workload.loadParameters
            guard let parameter = name.map({ name in declared.first { $0.name == name } }) ?? declared.first else {
                if declared.isEmpty { throw ArgumentError.badValue(option: "--workload", value: workload.name, expected: "a workload that declares a load parameter (see --list)") }
                throw ArgumentError.unknownName(option: "--load", kind: "load parameter of \(workload.name)", name: name ?? "", known: declared.map(\.name))
            }
            let values = Array(Set(loads ?? parameter.sweepValues)).sorted()
            for value in values {
                if let problem = parameter.problem(with: value) {
                    throw LoadChoice.rejected(value, of: parameter.name, by: workload.name, problem: problem)
                }
            }
            (self.workload, self.parameter, self.loads) = (workload, parameter, values)
        }
    }

    /// What a sweep produced.
    struct Outcome {
        var sweep: Sweep
        /// Runs that failed or strategies that ended a load on different screens, each a sentence
        /// naming the load.
        var failures: [String] = []
        var notes: [String] = []
        /// Wall-clock seconds the runs took.
        var seconds = 0.0
        /// Whether SIGINT or SIGTERM, or a run that made no progress, stopped the sweep: it holds the
        /// loads and repetitions that finished.
        var interrupted = false
        /// Whether a run made no progress (``Runner/Outcome/stalled``); ``interrupted`` is set too.
        var stalled = false
    }

    /// Runs `plan` with `options`' strategies, clock, frames and repetitions, load by load from the
    /// smallest, announcing each load on standard error.
    func run(_ plan: Plan, options: RunOptions) -> Outcome {
        let workload = plan.workload
        var outcome = Outcome(sweep: Sweep(
            workload: workload.name, parameter: plan.parameter.name, unit: plan.parameter.unit, clock: options.clock.rawValue,
            frameRate: options.frameRate, loads: plan.loads,
            defaultLoad: plan.loads.contains(plan.parameter.defaultValue) ? plan.parameter.defaultValue : nil,
            points: [], breakingPoints: []
        ))
        for load in plan.loads where !outcome.interrupted {
            let described = plan.parameter.describe(load)
            let scaled: any Workload
            do {
                scaled = try workload.setting(plan.parameter.name, to: load)
            } catch {
                outcome.failures.append("\(workload.name) at \(described): \(error)")
                continue
            }
            printError("\(toolName): \(workload.name) at \(described)")
            var loadOptions = options
            loadOptions.workloads = [scaled.name]
            let ran = Runner(workloads: [scaled], registry: registry).run(loadOptions)
            // A strategy that did its job at a smaller load and fails at this one is overloaded
            // here: it breaks at this load on every criterion (``BreakingPoint/find(in:loads:strategies:frameRate:failed:)``),
            // which the findings state, and the run is a note. Failing at the smallest load, it
            // never worked: that is a failure of the comparison.
            let overloaded = load == plan.loads.first ? [] : ran.failedRuns
            outcome.sweep.failedPoints += overloaded.map { SweepFailure(load: load, strategy: $0.strategy) }
            let overloadedSentences = Set(overloaded.map(\.sentence))
            let sentence = { (failure: String) in "\(workload.name) at \(described): " + failure.replacingOccurrences(of: "\(scaled.name): ", with: "") }
            outcome.failures += ran.failures.filter { !overloadedSentences.contains($0) }.map(sentence)
            outcome.notes += overloaded.map { "\(sentence($0.sentence)) (counted as broken at this load on every criterion)" }
            outcome.notes += ran.notes.map { "at \(described): " + $0 }
            outcome.seconds += ran.seconds
            outcome.sweep.points += ran.results.runs.map { SweepPoint(load: load, run: $0) }
            (outcome.interrupted, outcome.stalled) = (ran.interrupted, ran.stalled)
        }
        outcome.sweep.breakingPoints = BreakingPoint.find(
            in: outcome.sweep.points, loads: plan.loads, strategies: options.strategies, frameRate: options.frameRate,
            failed: outcome.sweep.failedPoints
        )
        return outcome
    }
}
