import ArgumentParsing
import Callgrind
import Foundation
import Reporting

// `engine-bench breakdown NAME`: where the instructions of one counted workload, operation or
// sbench/kairo test go, by the engine's source files (each phase of the algorithm has its own:
// `MarkPhase.swift`, `EvaluatePhase.swift`, `DependencyRecording.swift`, …), the Swift runtime
// (reference counting, allocation), glibc (malloc and free) and the benchmark's own code. Counted
// as `engine-bench instructions` counts it, so that the rows add up to that command's figure.

/// The part of the program `source` belongs to, as a row of the breakdown: an engine file by its
/// module and name, the benchmark's own code, the lines the compiler marks as its own, the
/// standard library, the executable's code that has no line information, the Swift runtime,
/// glibc, or the library's name.
func codeGroup(_ source: InstructionsBySource.Source) -> String {
    let file = source.file
    let library = (source.object as NSString).lastPathComponent
    // The runtime first: built with line information, its files would pass for others.
    if library.hasPrefix("libswiftCore") { return "Swift runtime (reference counting, allocation; libswiftCore)" }
    if library.hasPrefix("libc.so") || library.hasPrefix("libc-") { return "glibc (malloc, free, memory copies)" }
    // The last `/Benchmarks/` or `/Sources/` of the path is the package's (a checkout may lie
    // under a folder of either name).
    let benchmarks = file.range(of: "/Benchmarks/", options: .backwards), sources = file.range(of: "/Sources/", options: .backwards)
    if let benchmarks, sources.map({ $0.lowerBound < benchmarks.lowerBound }) ?? true {
        return "the benchmark's own code (Benchmarks/)"
    }
    if let sources { return String(file[sources.upperBound...]) }  // Constraints/MarkPhase.swift
    // Which function such a line belongs to says nothing of its source: the inlined read of a
    // rule in a benchmark's closure has many, and so have outlined copies and thunks.
    if file.hasSuffix("<compiler-generated>") { return "lines without a source line (<compiler-generated>: inlined code of any file, outlined copies, thunks)" }
    if file.contains("/stdlib/") { return "Swift standard library" }
    if !library.contains(".so") {
        return "\(library) without line information (closures' forwarders, reabstraction thunks)"
    }
    return library
}

/// The table of `bySource` grouped by ``codeGroup(_:)``, largest first, rows under half an
/// instruction left out (their sum is in the last row), with each row's share of `total`.
func breakdownTable(of name: String, per unit: String, total: Double, bySource: [InstructionsBySource.Source: Double]) -> Table {
    let groups = InstructionsBySource.grouped(bySource, by: codeGroup)
    let shown = groups.filter { abs($0.value) >= 0.5 }.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
    var table = Table(title: "Where the instructions of \(name) go (callgrind), per \(unit)", columns: [
        Column("code"), Column("instructions", alignment: .right), Column("share", alignment: .right, decimals: 1),
    ])
    for (group, instructions) in shown {
        table.append([.text(group), .integer(Int(instructions.rounded())), .number(100 * instructions / total)])
    }
    let rest = groups.values.reduce(0, +) - shown.reduce(0) { $0 + $1.value }
    if shown.count < groups.count {
        table.append([.text("parts under half an instruction each (\(groups.count - shown.count))"), .integer(Int(rest.rounded())), .number(100 * rest / total)])
    }
    table.append([.text("total"), .integer(Int(total.rounded())), .number(100)])
    return table
}

/// The breakdown of `name`, a timed workload, an operation or a test of sbench or kairo.
private func breakdown(of name: String, with callgrind: Callgrind, executable: String) throws -> Table {
    if let workload = Workload.all.first(where: { $0.name == name }) {
        let counted = try count(workload, bySource: true, with: callgrind, executable: executable)
        return breakdownTable(of: name, per: "iteration", total: counted.perIteration, bySource: counted.bySource)
    }
    if let operation = OperationWorkload.all.first(where: { $0.name == name }) {
        let counted = try count(operation, bySource: true, with: callgrind, executable: executable)
        return breakdownTable(of: name, per: "operation", total: counted.perOperation, bySource: counted.bySource)
    }
    // The argument's value kind admits only counted names.
    let test = ReactivityTest.all.first { $0.fullName == name }!
    let counted = try countReactivity(test, bySource: true, with: callgrind, executable: executable)
    return breakdownTable(of: name, per: test.operation, total: counted.perOperation, bySource: counted.bySource)
}

/// `engine-bench breakdown NAME [NAME...] [--readme PATH]`.
func breakdownCommand(_ parsed: ParsedArguments) -> Never {
    let readme = parsed.string("--readme")
    do {
        if let readme { try GeneratedRegion.check(fileAt: readme, name: "ENGINE-BREAKDOWN") }
        let callgrind = try Callgrind(tool: "engine-bench")
        defer { callgrind.removeScratch() }
        let executable = try Callgrind.currentExecutable()
        let text = try parsed.arguments.map { try breakdown(of: $0, with: callgrind, executable: executable).markdown() }
            .joined(separator: "\n\n")
        print(text)
        if let readme {
            let note = "\nGenerated by `\(commandAsTyped("breakdown"))`: callgrind's count of each, taken as `engine-bench instructions` takes it, by the source file of the lines that ran (a line inlined into another function counts in its own file), the library for code without line information."
            try GeneratedRegion.update(fileAt: readme, name: "ENGINE-BREAKDOWN", with: text + note)
        }
    } catch {
        printError("engine-bench: \(error)")
        exit(1)
    }
    exit(0)
}
