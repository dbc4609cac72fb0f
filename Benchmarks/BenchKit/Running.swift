import Scheduling
import Workloads

/// Runs every selected workload under every selected strategy, one run at a time.
struct Runner {
    /// The workloads that can be selected by name.
    let workloads: [any Workload]
    /// Where strategies are looked up by name.
    let registry: StrategyRegistry

    /// What a benchmark produced: the runs that finished, and a sentence for each that failed.
    struct Outcome {
        var results: BenchResults
        var failures: [String]
    }

    /// Runs `options.workloads` × `options.strategies`, workload by workload, reporting progress
    /// on standard error. A run that fails is reported and left out; the others still run.
    func run(_ options: RunOptions) -> Outcome {
        let selected = options.workloads.compactMap { name in workloads.first { $0.name == name } }
        let plan = selected.flatMap { workload in
            options.strategies.map { (workload: workload, strategy: $0, frames: options.frames ?? workload.defaultFrames) }
        }
        let frames = plan.reduce(0) { $0 + $1.frames }
        let expectedSeconds = options.clock == .real ? Double(frames) / options.frameRate : 0
        var progress = Progress(total: plan.count, expectedSeconds: expectedSeconds)
        var outcome = Outcome(results: BenchResults(settings: .init(options), runs: []), failures: [])
        for (index, step) in plan.enumerated() {
            let name = step.workload.name
            progress.starting(index, workload: name, strategy: step.strategy)
            do {
                let run = try WorkloadRunner.run(
                    step.workload, strategy: step.strategy, registry: registry, clock: options.clock.mode,
                    frames: step.frames, frameRate: options.frameRate
                )
                let record = BenchRun(workload: name, strategy: step.strategy, frames: step.frames, result: run.result)
                outcome.results.runs.append(record)
            } catch {
                outcome.failures.append("\(name) × \(step.strategy): \(error)")
            }
        }
        progress.finished()
        return outcome
    }
}
