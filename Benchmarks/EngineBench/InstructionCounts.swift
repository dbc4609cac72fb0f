import ArgumentParsing
import Callgrind
import Foundation
import Reporting

// `engine-bench instructions`: the instructions the engine executes per iteration and per
// evaluation of each timed workload, counted by callgrind (exact and repeatable where a timing on
// a shared machine is not).
//
// Each workload is counted in two runs of `engine-bench steps`, which builds the workload's graph,
// checks it against the floor as a timed run does, and then runs only the engine's iterations,
// untimed: 1 × and 2 × the workload's count. The difference is the work of the iterations alone
// (building the graph, the check and the process's start cancel out), and the evaluations between
// the two runs, which `steps` prints, divide it.

/// Iterations of the shorter `steps` run of each workload: enough that the difference dwarfs
/// callgrind's noise from one process to the next (a few hundred instructions), few enough that
/// callgrind takes seconds (a workload of a thousand evaluations or more per iteration runs a few
/// million instructions in each).
func stepsCounted(for workload: Workload) -> Int {
    workload.expectedEvaluations >= 1_000 ? 20 : 2_000
}

/// `engine-bench steps WORKLOAD N`: builds `WORKLOAD`'s graph, checks it against the floor, runs N
/// iterations of the engine alone, untimed, and prints the evaluations they ran. For an operation
/// workload (``OperationWorkload``), performs the operation N times, checks the result and prints
/// the operations; for a reactivity test (`SUITE/NAME`), runs it N times, checked.
func stepsCommand(_ parsed: ParsedArguments) -> Never {
    let name = parsed.arguments[0]
    let count = Int(parsed.arguments[1])!
    let operation = OperationWorkload.all.first { $0.name == name }
    if parsed.has("--floor") && operation?.floor == nil {
        printError("engine-bench: --floor: \(name) has no plain-Swift floor; these operations have one: \(OperationWorkload.namesWithFloors)")
        exit(ExitStatus.usage)
    }
    if reactivitySteps(name, count: count) { exit(0) }
    if let operation {
        let run = parsed.has("--floor") ? operation.floor! : operation.run
        let checksum = run(count)
        if let failure = operation.check(count, checksum) {
            printError("engine-bench: verification failed: \(operation.name): \(failure)")
            exit(1)
        }
        print("operations \(count) result \(checksum)")
        exit(0)
    }
    let workload = Workload.all.first { $0.name == name }!
    let engine = workload.makeEngine()
    if let failure = verify(workload, engine: engine, floor: workload.makeFloor()) {
        printError("engine-bench: verification failed: \(failure)")
        exit(1)
    }
    let before = engine.graph.statistics.evaluations
    var sink = 0
    for value in 3 ..< 3 + count { sink &+= engine.step(value) }
    print("evaluations \(engine.graph.statistics.evaluations - before) result \(sink)")
    exit(0)
}

/// One workload's counts.
struct InstructionCount {
    let workload: String
    let perIteration: Double
    let evaluationsPerIteration: Double
    /// ``perIteration`` by where it ran, when asked for (see `Breakdown.swift`).
    let bySource: [InstructionsBySource.Source: Double]
    var perEvaluation: Double { perIteration / evaluationsPerIteration }
}

/// Counts `workload` with two `steps` runs of this executable under callgrind, and where the
/// instructions ran if `bySource`.
func count(_ workload: Workload, bySource: Bool = false, with callgrind: Callgrind, executable: String) throws -> InstructionCount {
    let calls = stepsCounted(for: workload)
    printError("callgrind: \(workload.name), \(calls) and \(2 * calls) iterations")
    let counted = try callgrind.perCall(executable, calls: calls, bySource: bySource) { ["steps", workload.name, "\($0)"] }
    func evaluations(_ output: String) throws -> Double {
        let fields = output.split(separator: " ")
        guard fields.count >= 2, fields[0] == "evaluations", let evaluations = Double(fields[1]) else {
            throw CallgrindError("engine-bench steps printed '\(output)', not its evaluations")
        }
        return evaluations
    }
    let added = try evaluations(counted.outputs.twice) - evaluations(counted.outputs.once)
    guard added > 0 else { throw CallgrindError("\(workload.name): \(2 * calls) iterations ran no more evaluations than \(calls)") }
    return InstructionCount(workload: workload.name, perIteration: counted.instructions, evaluationsPerIteration: added / Double(calls),
                            bySource: counted.bySource)
}

/// Operations of the shorter `steps` run of each operation workload.
private let operationsCounted = 2_000

/// One operation workload's count, and its plain-Swift floor's.
struct OperationCount {
    let workload: String
    let summary: String
    let perOperation: Double
    let floorPerOperation: Double?
    /// ``perOperation`` by where it ran, when asked for (see `Breakdown.swift`).
    let bySource: [InstructionsBySource.Source: Double]
}

/// Counts `operation`, and its floor if it has one, with two `steps` runs each of this executable
/// under callgrind; with `bySource`, counts where the operation's instructions ran instead of its
/// floor.
func count(_ operation: OperationWorkload, bySource: Bool = false, with callgrind: Callgrind, executable: String) throws -> OperationCount {
    func perOperation(floor: Bool) throws -> (instructions: Double, bySource: [InstructionsBySource.Source: Double]) {
        let what = floor ? "\(operation.name)'s floor" : operation.name
        printError("callgrind: \(what), \(operationsCounted) and \(2 * operationsCounted) operations")
        let counted = try callgrind.perCall(executable, calls: operationsCounted, bySource: bySource && !floor) {
            ["steps", operation.name, "\($0)"] + (floor ? ["--floor"] : [])
        }
        for output in [counted.outputs.once, counted.outputs.twice] where !output.hasPrefix("operations ") {
            throw CallgrindError("engine-bench steps printed '\(output)', not its operations")
        }
        return (counted.instructions, counted.bySource)
    }
    let engine = try perOperation(floor: false)
    return OperationCount(
        workload: operation.name, summary: operation.summary, perOperation: engine.instructions,
        floorPerOperation: operation.floor == nil || bySource ? nil : try perOperation(floor: true).instructions,
        bySource: engine.bySource
    )
}

/// The table of operation counts.
private func operationTable(_ counts: [OperationCount]) -> Table {
    var table = Table(title: "Instructions per lifecycle operation (callgrind)", columns: [
        Column("operation"), Column("what it does"), Column("instructions", alignment: .right),
        Column("plain-Swift floor", alignment: .right),
    ])
    for count in counts {
        table.append([
            .text(count.workload), .text(count.summary), .integer(Int(count.perOperation.rounded())),
            count.floorPerOperation.map { .integer(Int($0.rounded())) } ?? .text("—"),
        ])
    }
    return table
}

/// The table of counts.
private func instructionTable(_ counts: [InstructionCount]) -> Table {
    var table = Table(title: "Instructions the engine executes (callgrind)", columns: [
        Column("workload"), Column("per iteration", alignment: .right),
        Column("evaluations per iteration", alignment: .right, decimals: 1),
        Column("per evaluation", alignment: .right, decimals: 1),
    ])
    for count in counts {
        table.append([.text(count.workload), .integer(Int(count.perIteration.rounded())), .number(count.evaluationsPerIteration), .number(count.perEvaluation)])
    }
    return table
}

/// This run's command line as a user types it for `subcommand`, for the note under a generated
/// region: `swift run -c release engine-bench SUBCOMMAND` and the arguments after it.
func commandAsTyped(_ subcommand: String) -> String {
    (["swift run -c release engine-bench \(subcommand)"] + CommandLine.arguments.dropFirst(2)).joined(separator: " ")
}

/// How a test of sbench or kairo is counted, as both generated regions state it.
private let reactivityMethod = "callgrind's count of the part its harness times (sbench: the effects made, updated and cleaned up; kairo: 500 iterations) in one run of `engine-bench steps SUITE/NAME 1`, divided by the operations in it."

/// `engine-bench instructions [--workload NAME]... [--readme PATH] [--reactivity-readme PATH]`.
func instructionsCommand(_ parsed: ParsedArguments) -> Never {
    let names = parsed.strings("--workload")
    let readme = parsed.string("--readme")
    let reactivityReadme = parsed.string("--reactivity-readme")
    do {
        if let readme { try GeneratedRegion.check(fileAt: readme, name: "ENGINE-INSTRUCTIONS") }
        if let reactivityReadme { try GeneratedRegion.check(fileAt: reactivityReadme, name: "ENGINE-REACTIVITY") }
        let callgrind = try Callgrind(tool: "engine-bench")
        defer { callgrind.removeScratch() }
        let executable = try Callgrind.currentExecutable()
        let counts = try Workload.all.filter { names.isEmpty || names.contains($0.name) }.map {
            try count($0, with: callgrind, executable: executable)
        }
        let operations = try OperationWorkload.all.filter { names.isEmpty || names.contains($0.name) }.map {
            try count($0, with: callgrind, executable: executable)
        }
        let reactivity = try ReactivityTest.all.filter { names.isEmpty || names.contains($0.fullName) }.map {
            try countReactivity($0, with: callgrind, executable: executable)
        }
        let text = [counts.isEmpty ? nil : instructionTable(counts).markdown(),
                    operations.isEmpty ? nil : operationTable(operations).markdown(),
                    reactivity.isEmpty ? nil : reactivityTable(reactivity).markdown()]
            .compactMap { $0 }.joined(separator: "\n\n")
        print(text)
        let command = commandAsTyped("instructions")
        if let reactivityReadme {
            let table = reactivity.isEmpty ? "No sbench or kairo test was counted." : reactivityTable(reactivity).markdown()
            let note = "\nGenerated by `\(command)`: for each test of js-reactivity-benchmark's sbench and kairo, \(reactivityMethod)"
            try GeneratedRegion.update(fileAt: reactivityReadme, name: "ENGINE-REACTIVITY", with: table + note)
        }
        if let readme {
            let note = "\nGenerated by `\(command)`: for each workload, callgrind's count of `engine-bench steps NAME 2N` less that of `engine-bench steps NAME N` (the graph built and checked, then N iterations of the engine alone, untimed), divided by N and by the evaluations between the two runs; for each operation, the count of `engine-bench steps NAME \(2 * operationsCounted)` less that of `engine-bench steps NAME \(operationsCounted)` (the operation done that many times through the public API, its result checked), divided by \(operationsCounted), and the same of its plain-Swift floor (`--floor`: the same work without the engine, checked alike); for each test of js-reactivity-benchmark's sbench and kairo (`engine-bench reactivity`), \(reactivityMethod)"
            try GeneratedRegion.update(fileAt: readme, name: "ENGINE-INSTRUCTIONS", with: text + note)
        }
    } catch {
        printError("engine-bench: \(error)")
        exit(1)
    }
    exit(0)
}
