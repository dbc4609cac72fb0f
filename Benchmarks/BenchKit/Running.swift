import Reporting
import Scheduling
import Views
import Workloads

/// Runs every selected workload under every selected strategy, repeatedly, and checks that every
/// run did its job (``Workloads/RunDefect``) and that every strategy ends on the same screen.
struct Runner {
    /// The workloads that can be selected by name.
    let workloads: [any Workload]
    /// Where strategies are looked up by name.
    let registry: StrategyRegistry

    /// What a benchmark produced: the runs that finished and did their job, and a sentence for
    /// each failure (a run that threw, a run with defects, a workload whose events missed, or
    /// strategies that ended a workload on different screens), naming the workload and strategy.
    struct Outcome {
        var results: BenchResults
        var failures: [String]
        /// The strategies whose runs failed (threw, or had defects), per workload, each with its
        /// sentence in ``failures``.
        var failedRuns: [FailedRun] = []
        /// Sentences about workloads whose screens could be compared with no other strategy's.
        var notes: [String] = []
        /// How long the runs took, in seconds of wall-clock time.
        var seconds = 0.0
        /// Whether the runs stopped early (``Interruption``, or a run that made no progress,
        /// ``stalled``); ``results`` then holds the runs and repetitions that finished.
        var interrupted = false
        /// Whether a run made no progress for ``RunOptions/stallWindow`` (``RunWatchdog``): it was
        /// abandoned, its sentence is in ``failures`` (not ``failedRuns``: it is no strategy's
        /// breaking point), and no run started after it (``interrupted`` is set too).
        var stalled = false
        /// The runs started, and the runs asked for.
        var runsStarted = 0, runsAsked = 0
    }

    /// Runs `options.workloads` × `options.strategies`, workload by workload, each
    /// `options.repetitions` times, round-robin across the strategies (repetition 1 of every
    /// strategy, then repetition 2, …) so that machine noise falls on all of them alike. Reports
    /// progress on standard error. A run that fails is reported and left out; the others still run.
    /// Before each run it asks `shouldStop`; once that says yes, it runs nothing more and returns
    /// what finished, marked interrupted and incomplete. A run that makes no progress for
    /// `options.stallWindow` (``RunWatchdog``) is abandoned, and the runs stop there the same way,
    /// marked stalled too.
    func run(_ options: RunOptions, shouldStop: () -> Bool = { Interruption.isRequested }) -> Outcome {
        let selected = options.workloads.compactMap { name in workloads.first { $0.name == name } }
        let repetitions = options.repetitions
        let frames = selected.count * options.framesPerRun * options.strategies.count * repetitions
        let expectedSeconds = options.clock == .real ? Double(frames) / options.frameRate : 0
        var progress = Progress(total: selected.count * options.strategies.count * repetitions, expectedSeconds: expectedSeconds)
        var outcome = Outcome(results: BenchResults(settings: .init(options), runs: []), failures: [])
        outcome.runsAsked = progress.total
        var index = 0
        let watchdog = RunWatchdog(window: options.stallWindow)
        let clock = options.clock.mode(costs: options.costs), frameRate = options.frameRate
        for workload in selected where !outcome.interrupted {
            let name = workload.name
            let frames = options.framesPerRun
            var results: [String: [RunResult]] = [:]
            var screens: [(strategy: String, screen: DisplayList)] = []
            var failed: Set<String> = []
            rounds: for _ in 0 ..< repetitions {
                for strategy in options.strategies where !failed.contains(strategy) {
                    if shouldStop() {
                        outcome.interrupted = true
                        break rounds
                    }
                    progress.starting(index, workload: name, strategy: strategy)
                    index += 1
                    do {
                        let run = try watchdog.run { [registry] loopMade in
                            try WorkloadRunner.run(
                                workload, strategy: strategy, registry: registry, clock: clock, frames: frames, frameRate: frameRate,
                                loopMade: loopMade
                            )
                        }
                        if let workloadError = run.defects.first(where: \.isWorkloadError) {
                            // The same under every strategy: report it once and run the workload no more.
                            outcome.failures.append("\(name): \(workloadError)")
                            failed.formUnion(options.strategies)
                            break rounds
                        }
                        if !run.defects.isEmpty {
                            failed.insert(strategy)
                            outcome.fail(FailedRun(workload: name, strategy: strategy, sentence: "\(name) × \(strategy): "
                                + run.defects.map(\.description).joined(separator: "; ")))
                            continue
                        }
                        results[strategy, default: []].append(run.result)
                        screens.append((strategy, run.output))
                    } catch let stall as RunStall {
                        outcome.failures.append("\(name) × \(strategy): \(stall)")
                        (outcome.stalled, outcome.interrupted) = (true, true)
                        break rounds
                    } catch {
                        failed.insert(strategy)
                        outcome.fail(FailedRun(workload: name, strategy: strategy, sentence: "\(name) × \(strategy): \(error)"))
                    }
                }
            }
            if let mismatch = Self.mismatch(of: screens) {
                outcome.failures.append("\(name): \(mismatch)")
            } else if Set(screens.map(\.strategy)).count == 1 {
                outcome.notes.append("\(name): only \(screens[0].strategy) finished it, so its final screen was compared with no other strategy's")
            }
            for strategy in options.strategies {
                guard let runs = results[strategy], !failed.contains(strategy) else { continue }
                outcome.results.runs.append(BenchRun(workload: name, strategy: strategy, frames: frames, repetitions: runs))
            }
        }
        outcome.runsStarted = index
        outcome.results.complete = !outcome.interrupted
        outcome.seconds = progress.finished(runs: index)
        return outcome
    }

    /// A sentence naming the strategies whose final screens differ, or `nil` if all agree.
    static func mismatch(of screens: [(strategy: String, screen: DisplayList)]) -> String? {
        var groups: [(screen: DisplayList, strategies: [String])] = []
        for (strategy, screen) in screens {
            if let index = groups.firstIndex(where: { $0.screen == screen }) {
                if !groups[index].strategies.contains(strategy) { groups[index].strategies.append(strategy) }
            } else {
                groups.append((screen, [strategy]))
            }
        }
        guard groups.count > 1 else { return nil }
        let described = groups.map { $0.strategies.joined(separator: ", ") }
        return "the final display lists differ after the drain: " + described.map { "{\($0)}" }.joined(separator: " vs ")
            + " (each group ended on one screen)"
    }
}

/// A strategy whose run of a workload failed: it threw, or did not do its job (drew nothing,
/// committed fewer frames than the workload needs, left events unhandled).
struct FailedRun: Equatable, Sendable {
    var workload: String
    var strategy: String
    /// The sentence reported for it, naming the workload and strategy.
    var sentence: String
}

extension Runner.Outcome {
    /// Records a failed run: its sentence among the failures, and the run among the failed ones.
    mutating func fail(_ run: FailedRun) {
        failures.append(run.sentence)
        failedRuns.append(run)
    }
}
