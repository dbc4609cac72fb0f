import ArgumentParsing
import Constraints
import Foundation
import Reporting

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Runs one iteration of the engine and of the floor for two input values and compares results,
/// then checks the number of closures the second iteration ran. Returns a description of the
/// first disagreement, or `nil`.
func verify(_ workload: Workload, engine: EngineCase, floor: (Int) -> Int) -> String? {
    var evaluations = 0
    for value in [1, 2] {
        let before = engine.graph.statistics.evaluations
        let result = engine.step(value), expected = floor(value)
        evaluations = engine.graph.statistics.evaluations - before
        if result != expected {
            return "\(workload.name): the engine computed \(result) for input \(value), the floor \(expected)"
        }
    }
    if evaluations != workload.expectedEvaluations {
        return "\(workload.name): an iteration ran \(evaluations) closures, expected \(workload.expectedEvaluations)"
    }
    return nil
}

/// Repeats a workload's published run on the engine: all of it for a full run, checked against the
/// published figures; `batches` iterations of it when given (short runs), checked against the
/// plain-Swift model. Returns a description of the first disagreement, or `nil`.
func verify(_ workload: Workload, published: PublishedRun, batches: Int?) -> String? {
    let count = batches ?? published.batches
    let engine = published.runEngine(count)
    let expected = batches == nil ? (published.result, published.evaluations) : published.runModel(count)
    guard engine != expected else { return nil }
    let source = batches == nil ? "published" : "plain-Swift model"
    return "\(workload.name): \(count) iterations gave \(engine.result) and ran \(engine.evaluations) "
        + "closures; the \(source) figures are \(expected.0) and \(expected.1)"
}

/// Measures `workload` and its floor; exits with status 1 if the engine computes a wrong result.
///
/// - Parameter publishedBatches: how many iterations of the workload's published run to check;
///   `nil` for all of it.
func run(_ workload: Workload, settings: MeasureSettings, publishedBatches: Int?) -> ResultRow {
    let engine = workload.makeEngine()
    let floor = workload.makeFloor()
    let failure = verify(workload, engine: engine, floor: floor)
        ?? workload.published.flatMap { verify(workload, published: $0, batches: publishedBatches) }
    if let failure {
        printError("engine-bench: verification failed: \(failure)")
        exit(1)
    }
    let timing = measure(settings, from: 3, workCounter: { engine.graph.statistics.evaluations }, engine.step)
    let floorTiming = measure(settings, from: 3, floor)
    return ResultRow(
        workload: workload.name, unit: .nanosecondsPerIteration,
        median: timing.medianNanoseconds, minimum: timing.minimumNanoseconds, maximum: timing.maximumNanoseconds,
        evaluationsPerIteration: timing.workPerIteration, floor: floorTiming.medianNanoseconds,
        target: workload.targetNanoseconds
    )
}

let parsed = Options.spec.parseOrExit(CommandLine.arguments.dropFirst())
switch parsed.subcommand {
case "instructions": instructionsCommand(parsed)
case "steps": stepsCommand(parsed)
case "reactivity": reactivityCommand(parsed)
case "memory": memoryCommand(parsed)
default: break
}

let options = Options(parsed)
if options.list {
    for workload in Workload.all { print("\(workload.name): \(workload.summary)") }
    for workload in MemoryWorkload.all { print("\(workload.name): \(workload.summary)") }
    exit(0)
}

var settings = options.quick ? MeasureSettings.quick : MeasureSettings()
settings.fixedIterations = options.iterations

// Memory first, each workload in a process of its own (see `MemoryWorkload.measureInOwnProcess`).
var memoryRows: [ResultRow] = []
for workload in MemoryWorkload.all where options.selects(workload.name) {
    printError("running \(workload.name)…")
    memoryRows.append(ResultRow(
        workload: workload.name, unit: .bytesPerNode, median: workload.measureInOwnProcess(), target: workload.targetBytesPerNode
    ))
}

var timedRows: [ResultRow] = []
for workload in Workload.all where options.selects(workload.name) {
    printError("running \(workload.name)…")
    // Short runs check a short stretch of a published run (as long as one timed run), against the model.
    let publishedBatches = options.iterations ?? (options.quick ? 6_000 : nil)
    timedRows.append(run(workload, settings: settings, publishedBatches: publishedBatches))
}

print(options.format.render(timedRows + memoryRows))
if let readme = options.readme {
    let command = "swift run -c release engine-bench --readme \(readme)"
    let table = ReportFormat.markdown.render(timedRows + memoryRows)
    do {
        try GeneratedRegion.update(fileAt: readme, name: "ENGINE-BENCH", with: table + "\nGenerated by `\(command)` (\(machineDescription())).")
    } catch {
        printError("engine-bench: \(error)")
        exit(1)
    }
}
