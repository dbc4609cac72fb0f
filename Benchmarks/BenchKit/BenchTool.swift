import ArgumentParsing
import Foundation
import Reporting
import Scheduling
import Workloads

/// The `bench` command line: parses the arguments, runs the benchmark, the comparison or the
/// calibration, prints and writes the results, and turns the outcome into an exit status.
///
/// A package of your own gets the same table, JSON, charts, `compare` and `calibrate` for its own
/// strategies and workloads by building the tool from its own registry and list of workloads:
///
/// ```swift
/// import BenchKit, ExtraStrategies, Foundation, Scheduling, Workloads
///
/// let tool = BenchTool(workloads: WorkloadCatalog.all + [MyWorkload()]) { registry in
///     try registerExtraStrategies(in: registry)      // workflow, texture and sliced
///     try registry.register("mine") { MyStrategy() }
/// }
/// exit(tool.main(arguments: Array(CommandLine.arguments.dropFirst())))
/// ```
///
/// A registration that throws (a name registered twice, or one that is not a name) and a list of
/// workloads that is wrong (``WorkloadCatalog/problems(in:)``: a name two workloads share, one
/// that is not a name, a load parameter whose definition is wrong) make ``main(arguments:)``
/// print what is wrong, a line each, and return 2 before it runs or lists anything, rather than
/// crash at the top level with a backtrace or fail after a run.
/// Strategies are looked up in the tool's registry only (not in ``StrategyRegistry/shared``); the
/// built-in `eager`, `lazy` and `async-pull` are in every registry.
public struct BenchTool {
    /// The workloads that can be run, in report order.
    let workloads: [any Workload]
    /// The strategies that can be run.
    let registry: StrategyRegistry
    /// What is wrong with the workloads and the strategies' registration, a line each, reported by
    /// ``main(arguments:)``; empty when nothing is.
    let registrationProblems: [String]

    /// A tool running `workloads` under the strategies of `registry`.
    public init(workloads: [any Workload], registry: StrategyRegistry) {
        self.workloads = workloads
        self.registry = registry
        registrationProblems = WorkloadCatalog.problems(in: workloads)
    }

    /// A tool running `workloads` under the built-in strategies and those `register` adds to the
    /// tool's registry. If `register` throws, ``main(arguments:)`` reports the error and returns 2.
    public init(workloads: [any Workload], registering register: (StrategyRegistry) throws -> Void) {
        let registry = StrategyRegistry()
        var problems = WorkloadCatalog.problems(in: workloads)
        do {
            try register(registry)
        } catch {
            problems.append("\(error)")
        }
        self.workloads = workloads
        self.registry = registry
        registrationProblems = problems
    }

    /// The registered strategies in report order: the built-in ones from the simplest, then the
    /// others by name.
    var strategyNames: [String] {
        let builtIn = [EagerStrategy.name, LazyStrategy.name, AsyncPullStrategy.name]
        let names = registry.names
        return builtIn.filter(names.contains) + names.filter { !builtIn.contains($0) }
    }

    /// Runs the tool with `arguments` (without the program name); returns the exit status.
    public func main(arguments: [String]) -> Int32 {
        if !registrationProblems.isEmpty {
            for problem in registrationProblems { printError("\(toolName): cannot set up the tool: \(problem)") }
            return ExitStatus.usage
        }
        do {
            let parser = OptionParser(workloadNames: workloads.map(\.name), strategyNames: strategyNames,
                                  defaultWorkloadNames: workloads.filter(\.isInDefaultSet).map(\.name))
            switch try parser.parse(arguments) {
            case .help(let text):
                print(text)
                return ExitStatus.success
            case .list:
                printList()
                return 0
            case .compare(let baseline, let candidate, let format):
                return try compare(baseline, candidate, format: format)
            case .compareStrategies(let file, let baseline, let format):
                let comparison = try Comparison(strategiesOf: BenchResults(contentsOf: file), against: baseline, name: file)
                return show(comparison, format: format)
            case .calibrate(let output, let writesDefault, let repetitions):
                return try calibrate(output: output, writesDefault: writesDefault, repetitions: repetitions)
            case .run(let options) where !options.namesWorkloads:
                return try runMainJob(options, command: (["swift run -c release \(toolName)"] + arguments.map(quoted)).joined(separator: " "))
            case .run(let options):
                return try atLoad(options).run(options, command: (["swift run -c release \(toolName)"] + arguments.map(quoted)).joined(separator: " "))
            case .sweep(let options):
                return try runSweep(options, command: (["swift run -c release \(toolName)"] + arguments.map(quoted)).joined(separator: " "))
            }
        } catch {
            printError(ArgumentError.line(for: error, tool: toolName))
            return ExitStatus.usage
        }
    }

    private func printList() {
        let width = workloads.map(\.name.count).max() ?? 0
        print("Workloads (what they exercise):")
        for workload in workloads {
            let note = workload.isInDefaultSet ? "" : " (run only when named)"
            print("  " + workload.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + workload.summary + note)
            for parameter in workload.loadParameters {
                let values = parameter.sweepValues.map(LoadParameter.format).joined(separator: ", ")
                print("  " + String(repeating: " ", count: width + 2) + "--load \(parameter.name)=V: \(parameter.summary); "
                      + "default \(LoadParameter.format(parameter.defaultValue)), \(LoadParameter.format(parameter.range.lowerBound)) to "
                      + "\(LoadParameter.format(parameter.range.upperBound)); swept at \(values)")
            }
        }
        print("Strategies:")
        for name in strategyNames { print("  " + name) }
    }

    /// Runs the benchmark; `command` is how to run it again, for the README. SIGINT or SIGTERM
    /// stops it after the run in progress (``Interruption``): what finished is printed and written,
    /// marked incomplete, and the status is ``Interruption/exitStatus``. A run that makes no
    /// progress (``RunWatchdog``) stops it the same way, but it is a failure: the status is 1.
    func run(_ options: RunOptions, command: String) throws(UsageError) -> Int32 {
        let readme = try options.readme.map { path throws(UsageError) in try Readme(checking: path) }
        let output = try options.output.map { path throws(UsageError) in try OutputDirectory(creatingAt: path) }
        let handlers = Interruption.install()
        defer { Interruption.restore(handlers) }
        let outcome = Runner(workloads: workloads, registry: registry).run(options)
        let results = outcome.results
        print(rendered(results, options), terminator: "")
        for note in outcome.notes { printError("\(toolName): note: " + note) }
        var status: Int32 = 0
        var failures = outcome.failures
        // Whether a run for the README (after the runs asked for) made no progress.
        var readmeRunStalled = false
        do {
            if let output {
                if outcome.interrupted {
                    try output.writeResults(results)
                    printError("\(toolName): wrote the results that finished to \(output.url.path)/ (\"complete\": false)")
                } else {
                    try output.write(results)
                    printError("\(toolName): wrote \(output.url.path)/")
                    if let readme {
                        let stalls = try update(readme, options: options, outcome: outcome, output: output, command: command)
                        readmeRunStalled = !stalls.isEmpty
                        failures += stalls
                    }
                }
            }
        } catch {
            printError("\(toolName): \(error)")
            status = 2
        }
        reportFailures(failures, status: &status)
        if outcome.interrupted {
            printError("\(toolName): \(outcome.stalled ? "stopped" : "interrupted") after \(NumberFormat.counted(outcome.runsStarted, "run")) of \(NumberFormat.grouped(outcome.runsAsked))")
        }
        // A run that made no progress is a failure (status 1 above), even if a signal came too.
        if outcome.stalled || readmeRunStalled { return status }
        // Interrupted during the runs, or during the README's runs after them.
        return Interruption.isRequested || outcome.interrupted ? Interruption.exitStatus : status
    }

    /// The results as printed on standard output in `options.format`.
    private func rendered(_ results: BenchResults, _ options: RunOptions) -> String {
        switch options.format {
        case .json: JSONText.encode(results)
        case .csv: results.measurementsCSV
        case .table: results.terminalTable(wide: options.wide).plainText()
        case .markdown: results.table.markdown()
        }
    }

    /// Rewrites `readme`'s region with the results of `outcome`, written to `output`: runs the
    /// virtual clock's companion of a real-clock run first, and the deadline section. When a run
    /// of its own makes no progress, it leaves the README as it was and returns the failures of
    /// those runs, for the caller to report; otherwise none. Interrupted by a signal during those
    /// runs, it leaves the README as it was too.
    private func update(_ readme: Readme, options: RunOptions, outcome: Runner.Outcome, output: OutputDirectory, command: String) throws -> [String] {
        let results = outcome.results
        // The README's summary puts the virtual clock beside real runs: run it too.
        var virtual: (results: BenchResults, seconds: Double)?
        if options.clock == .real {
            var virtualOptions = options
            (virtualOptions.clock, virtualOptions.repetitionCount) = (.virtual, nil)
            let companion = Runner(workloads: workloads, registry: registry).run(virtualOptions)
            guard !companion.interrupted else {
                let cause = companion.stalled ? "a run made no progress" : "interrupted"
                printError("\(toolName): \(cause) during the virtual clock's runs for the README: the README was not rewritten")
                return companion.stalled ? companion.failures.map { "virtual clock: " + $0 } : []
            }
            try output.write(virtual: companion.results, against: results)
            printError("\(toolName): wrote the virtual clock's results and the validation report to \(output.url.path)/")
            virtual = (companion.results, companion.seconds)
        }
        var stalls: [String] = []
        let deadline = deadlineSection(options, results: results, virtual: virtual?.results, stalls: &stalls)
        guard stalls.isEmpty else {
            printError("\(toolName): a run made no progress during the virtual clock's runs of \(DeadlineSection.workload) for the README: the README was not rewritten")
            return stalls
        }
        // A signal during the deadline section's own runs leaves it with the runs that finished:
        // the README is rewritten only from complete runs.
        guard !Interruption.isRequested else {
            printError("\(toolName): interrupted during the runs for the README: the README was not rewritten")
            return []
        }
        if let deadline { try output.write(deadline) }
        try readme.update(with: results, seconds: outcome.seconds, virtual: virtual, deadline: deadline,
                          charts: output, command: command)
        printError("\(toolName): rewrote the \(Readme.regionName) region of \(readme.url.path)")
        return []
    }

    /// The README's section on `heavy-update` (``DeadlineSection``): from the results when they
    /// hold it (`results`, or `virtual`, the virtual clock's companion of a real run), otherwise
    /// from a virtual-clock run of it under `options`' strategies, made here. `nil` when the tool
    /// has no such workload, or when a run made here made no progress: the failures of those runs
    /// are then in `stalls`.
    private func deadlineSection(_ options: RunOptions, results: BenchResults, virtual: BenchResults?, stalls: inout [String]) -> DeadlineSection? {
        let real = options.clock == .real ? results : nil
        if let section = DeadlineSection(virtual: virtual ?? results, real: real) { return section }
        guard workloads.contains(where: { $0.name == DeadlineSection.workload }) else { return nil }
        var deadlineOptions = options
        (deadlineOptions.workloads, deadlineOptions.clock, deadlineOptions.repetitionCount) = ([DeadlineSection.workload], .virtual, nil)
        let outcome = Runner(workloads: workloads, registry: registry).run(deadlineOptions)
        if outcome.stalled {
            stalls = outcome.failures.map { "virtual clock: " + $0 }
            return nil
        }
        for failure in outcome.failures { printError("\(toolName): " + failure) }
        return DeadlineSection(virtual: outcome.results, real: real)
    }

    private func compare(_ baseline: String, _ candidate: String, format: OutputFormat) throws(UsageError) -> Int32 {
        let comparison = Comparison(
            baseline: try BenchResults(contentsOf: baseline),
            candidate: try BenchResults(contentsOf: candidate),
            names: (baseline, candidate)
        )
        return show(comparison, format: format)
    }

    /// Prints `comparison` in `format`, and its notes on standard error.
    private func show(_ comparison: Comparison, format: OutputFormat) -> Int32 {
        for note in comparison.notes { printError("\(toolName): note: " + note) }
        print(comparison.rendered(as: format), terminator: "")
        return 0
    }

    private func calibrate(output: String?, writesDefault: Bool, repetitions: Int) throws(UsageError) -> Int32 {
        if writesDefault && !FileManager.default.fileExists(atPath: Calibration.defaultProfilePath) {
            throw .badPath("--default rewrites \(Calibration.defaultProfilePath): run bench calibrate from this package's root")
        }
        // A bad --output is reported before the minutes of measuring, not after.
        for path in [output, writesDefault ? Calibration.defaultProfilePath : nil].compactMap({ $0 }) {
            do {
                try FileSystem.checkWritableFile(path)
            } catch {
                throw .badPath(error.description)
            }
        }
        let profile: CostProfile
        do {
            var calibration = Calibration(workloads: workloads, registry: registry)
            calibration.extraLoads = Calibration.sweptLoads(of: workloads)
            profile = try calibration.measure(repetitions: repetitions, frames: 120)
        } catch {
            printError("\(toolName): calibration failed: \(error)")
            return 1
        }
        print(JSONText.encode(profile), terminator: "")
        do {
            if let output { try FileSystem.write(JSONText.encode(profile), to: output) }
            if writesDefault { try FileSystem.write(Calibration.defaultProfileSource(profile), to: Calibration.defaultProfilePath) }
        } catch {
            printError("\(toolName): \(error)")
            return 2
        }
        return 0
    }

    /// `argument` as typed in a shell: quoted when it holds anything but letters, digits and `-_./=`.
    private func quoted(_ argument: String) -> String {
        let plain = !argument.isEmpty && argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=".contains($0) }
        return plain ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Prints the runs that did not do their job (a failed guard, an event that hit nothing, screens
/// that differ), one a line, and raises `status` to 1 if there is any.
func reportFailures(_ failures: [String], status: inout Int32) {
    guard !failures.isEmpty else { return }
    printError("\(toolName): \(NumberFormat.counted(failures.count, "failure")):")
    for failure in failures { printError("  " + failure) }
    status = max(status, 1)
}
