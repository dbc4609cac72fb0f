import Constraints
import Foundation
import Reporting

/// The command line of `engine-bench`.
struct Options {
    var workloads: [String] = []
    var iterations: Int?
    var format = ReportFormat.markdown
    var quick = false
    var readme: String?
    var list = false
    var help = false

    /// Every workload name, in report order.
    static let names = Workload.all.map(\.name) + MemoryWorkload.all.map(\.name)

    static let usage = """
        USAGE: engine-bench [options]
               engine-bench instructions [--workload NAME]... [--readme PATH]
               engine-bench steps WORKLOAD N
               engine-bench reactivity [--suite sbench|kairo]... [--test SUITE/NAME]...

        Times the constraint engine on fixed workloads and compares each with a plain-Swift floor.

        OPTIONS:
          --workload NAME     Run only NAME (repeatable; see --list). Default: all.
          --iterations N      Time N iterations per run instead of calibrating to 200 ms (and
                              check N iterations of a published run rather than all of it).
          --quick             Short runs, for a smoke test.
          --format FORMAT     markdown (default), csv or json.
          --readme PATH       Also write the Markdown table into the ENGINE-BENCH region of PATH.
          --list              List the workloads and exit.
          --help              Show this help and exit.

        engine-bench instructions counts with callgrind the instructions per iteration and per
        evaluation of each timed workload, and per operation of each lifecycle operation (op-*:
        batches, flushes, making and cancelling nodes; see engine-bench instructions --help);
        engine-bench steps, which it runs, builds and checks a workload's graph and runs N
        iterations of the engine alone, untimed, printing the evaluations they ran (for an
        operation, performs it N times and checks the result). engine-bench reactivity runs
        js-reactivity-benchmark's sbench and kairo suites (see engine-bench reactivity --help).
        """

    /// Parses `arguments` (without the program name); exits with status 2 on a usage error.
    init(_ arguments: [String]) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--workload":
                let name = Self.value(of: argument, from: &remaining)
                guard Self.names.contains(name) else {
                    usageError("unknown workload '\(name)'; known: \(Self.names.joined(separator: ", "))")
                }
                workloads.append(name)
            case "--iterations":
                let text = Self.value(of: argument, from: &remaining)
                guard let count = Int(text), count > 0 else {
                    usageError("--iterations needs a positive whole number, not '\(text)'")
                }
                iterations = count
            case "--format":
                let text = Self.value(of: argument, from: &remaining)
                guard let format = ReportFormat(rawValue: text) else {
                    usageError("unknown format '\(text)'; use markdown, csv or json")
                }
                self.format = format
            case "--readme": readme = Self.value(of: argument, from: &remaining)
            case "--quick": quick = true
            case "--list": list = true
            case "--help", "-h": help = true
            default: usageError("unknown option '\(argument)'")
            }
        }
    }

    private static func value(of option: String, from remaining: inout ArraySlice<String>) -> String {
        guard let value = remaining.popFirst() else { usageError("\(option) needs a value") }
        return value
    }

    /// Whether the workload called `name` should run.
    func selects(_ name: String) -> Bool {
        workloads.isEmpty || workloads.contains(name)
    }
}

/// Prints `message` and a hint to standard error and exits with status 2.
func usageError(_ message: String) -> Never {
    printError("engine-bench: \(message)\nRun 'engine-bench --help' for usage.")
    exit(2)
}

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
        median: timing.medianNanoseconds, minimum: timing.minimumNanoseconds,
        evaluationsPerIteration: timing.workPerIteration, floor: floorTiming.medianNanoseconds,
        target: workload.targetNanoseconds
    )
}

switch CommandLine.arguments.dropFirst().first {
case "instructions": instructionsCommand(CommandLine.arguments.dropFirst(2))
case "steps": stepsCommand(CommandLine.arguments.dropFirst(2))
case "reactivity": reactivityCommand(CommandLine.arguments.dropFirst(2))
default: break
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
if options.help {
    print(Options.usage)
    exit(0)
}
if options.list {
    for workload in Workload.all { print("\(workload.name): \(workload.summary)") }
    for workload in MemoryWorkload.all { print("\(workload.name): \(workload.summary)") }
    exit(0)
}

var settings = options.quick ? MeasureSettings.quick : MeasureSettings()
settings.fixedIterations = options.iterations

// Memory first, while the heap holds nothing freed by other workloads.
var memoryRows: [ResultRow] = []
for workload in MemoryWorkload.all where options.selects(workload.name) {
    printError("running \(workload.name)…")
    guard let bytes = workload.bytesPerNode() else {
        printError("engine-bench: verification failed: \(workload.name): wrong value at the chain's tail")
        exit(1)
    }
    memoryRows.append(ResultRow(
        workload: workload.name, unit: .bytesPerNode, median: bytes, target: workload.targetBytesPerNode
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
