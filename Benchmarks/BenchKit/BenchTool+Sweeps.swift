import ArgumentParsing
import Foundation
import Reporting
import Workloads

extension BenchTool {
    /// The main job: the default sweeps (``MainJob``), written to `--output DIR` or
    /// `bench-results/`, the findings printed. A tool none of whose default workloads declares a
    /// load parameter (an outside package's) runs each of them once instead, as with `--workload`.
    func runMainJob(_ options: RunOptions, command: String) throws -> Int32 {
        let plans = try MainJob.plans(workloads.filter { options.workloads.contains($0.name) })
        guard !plans.isEmpty else { return try run(options, command: command) }
        var options = options
        if options.clock == .real && options.repetitionCount == nil { options.repetitionCount = MainJob.realClockRepetitions }
        return try runSweeps(plans, options: options, output: options.output ?? MainJob.defaultOutput, command: command)
    }

    /// `bench sweep`: each named workload swept over `--load` or its declared loads.
    func runSweep(_ options: RunOptions, command: String) throws -> Int32 {
        let plans = try options.workloads.map { name throws in
            try SweepRunner.Plan(workload(named: name), parameter: options.load?.name, loads: options.load?.values)
        }
        return try runSweeps(plans, options: options, output: options.output, command: command)
    }

    /// The tool with the named workloads at `options.load`, for a single run (itself without one).
    func atLoad(_ options: RunOptions) throws -> BenchTool {
        guard let load = options.load, let value = load.values.first else { return self }
        var loaded: [any Workload] = []
        for workload in workloads {
            guard options.workloads.contains(workload.name) else { loaded.append(workload); continue }
            do {
                loaded.append(try workload.setting(load.name, to: value))
            } catch WorkloadError.badLoad(let workload, let problem) {
                throw LoadChoice.rejected(value, of: load.name, by: workload, problem: problem)
            } catch {
                throw ArgumentError.badValue(option: "--load", value: "\(load.name)=\(LoadParameter.format(value))", expected: "a load of \(workload.name): \(error)")
            }
        }
        return BenchTool(workloads: loaded, registry: registry)
    }

    /// The workload called `name`.
    private func workload(named name: String) throws -> any Workload {
        guard let workload = workloads.first(where: { $0.name == name }) else {
            throw ArgumentError.unknownName(option: "--workload", kind: "workload", name: name, known: workloads.map(\.name))
        }
        return workload
    }

    /// Runs `plans`, writes the folder `output` (if any) and prints the findings (or, with
    /// `--format`, the results in that format).
    private func runSweeps(_ plans: [SweepRunner.Plan], options: RunOptions, output path: String?, command: String) throws -> Int32 {
        let readme = try options.readme.map { path throws in try Readme(checking: path) }
        let output = try path.map { path throws in try OutputDirectory(creatingAt: path) }
        let handlers = Interruption.install()
        defer { Interruption.restore(handlers) }
        let outcome = SweepJob(registry: registry, plans: plans).run(options, command: command)
        let report = outcome.report
        switch options.format {
        case .json: print(JSONText.encode(report.results), terminator: "")
        case .markdown: print(report.markdown, terminator: "")
        case .csv: print(SweepReport.csv(report.sweeps), terminator: "")
        case .table: print("Findings:\n" + report.findings.markdown)
        }
        for note in outcome.notes { printError("\(toolName): note: " + note) }
        var status: Int32 = 0
        if let output, outcome.interrupted {
            do {
                try report.write(to: output)
                printError("\(toolName): wrote the results that finished to \(output.url.path)/ (\"complete\": false)")
            } catch {
                printError("\(toolName): \(error)")
                status = 2
            }
        } else if let output {
            do {
                try report.write(to: output)
                // Relative to where the tool runs when the folder is inside it; otherwise as given.
                let relative = relativePath(of: output.url, from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                let folder = relative.hasPrefix("..") ? output.url.path : relative
                let message = "The report, charts and results are in \(folder)/ (report.md leads with the findings; results.json, sweeps.csv)."
                if options.format == .table { print("\n" + message) } else { printError("\(toolName): " + message) }
                if let readme {
                    try readme.update(with: report, charts: output)
                    printError("\(toolName): rewrote the \(Readme.regionName) region of \(readme.url.path)")
                }
            } catch {
                printError("\(toolName): \(error)")
                status = 2
            }
        }
        reportFailures(outcome.failures, status: &status)
        // A run that made no progress is a failure (status 1 above).
        return outcome.interrupted && !outcome.stalled ? Interruption.exitStatus : status
    }
}
