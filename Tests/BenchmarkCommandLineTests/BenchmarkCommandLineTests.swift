import ArgumentParsing
import Callgrind
import Testing
@testable import engine_bench
@testable import scheduling_bench
@testable import views_bench

/// `engine-bench`'s documented command lines: its help, README, Docs and .ci/run.
@Suite struct EngineBenchCommandLineTests {
    private let spec = engine_bench.Options.spec

    @Test func runs() throws {
        let defaults = engine_bench.Options(try spec.parse([]))
        #expect(defaults.workloads.isEmpty && defaults.iterations == nil && defaults.format == .markdown)
        #expect(!defaults.quick && defaults.readme == nil && !defaults.list && defaults.processes == 3)
        #expect(engine_bench.Options(try spec.parse(["--processes", "1"])).processes == 1)
        let options = engine_bench.Options(try spec.parse(["--workload", "cutoff", "--workload", "chain-1000", "--iterations", "50",
                                                            "--quick", "--format", "json", "--readme", "README.md"]))
        #expect(options.workloads == ["cutoff", "chain-1000"] && options.iterations == 50 && options.quick)
        #expect(options.format == .json && options.readme == "README.md")
        #expect(options.selects("cutoff") && !options.selects("fanout-1000"))
        #expect(engine_bench.Options(try spec.parse(["--list"])).list)
        #expect(try spec.parse(["--help"]).wantsHelp)
    }

    @Test func subcommands() throws {
        let instructions = try spec.parse(["instructions", "--workload", "cutoff", "--readme", "README.md"])
        #expect(instructions.subcommand == "instructions" && instructions.strings("--workload") == ["cutoff"])
        #expect(instructions.string("--readme") == "README.md")
        let both = try spec.parse(["instructions", "--readme", "Docs/Performance.md", "--reactivity-readme", "README.md"])
        #expect(both.string("--readme") == "Docs/Performance.md" && both.string("--reactivity-readme") == "README.md")
        let steps = try spec.parse(["steps", "chain-1000", "2000"])
        #expect(steps.subcommand == "steps" && steps.arguments == ["chain-1000", "2000"] && !steps.has("--floor"))
        #expect(try spec.parse(["steps", "op-create-cancel-effect", "2000", "--floor"]).has("--floor"))
        let memory = try spec.parse(["memory", "memory-node-statistics"])
        #expect(memory.subcommand == "memory" && memory.arguments == ["memory-node-statistics"])
        let time = try spec.parse(["time", "cellx-1000", "--quick", "--iterations", "20"])
        #expect(time.subcommand == "time" && time.arguments == ["cellx-1000"])
        #expect(time.has("--quick") && time.integer("--iterations") == 20)
        #expect(try spec.parse(["instructions", "--help"]).help.hasPrefix("USAGE: engine-bench instructions [options]"))
        let names = ["2-10x5-lazy80%", "op-create-cancel-effect", "sbench/create1to1"]
        let breakdown = try spec.parse(["breakdown"] + names + ["--readme", "Docs/Performance.md"])
        #expect(breakdown.subcommand == "breakdown" && breakdown.arguments == names && breakdown.string("--readme") == "Docs/Performance.md")
        #expect(try spec.parse(["breakdown", "cutoff"]).arguments == ["cutoff"])
    }

    @Test func badInput() {
        for bad in [["--iterations", "0"], ["--format", "html"], ["--workload", "nope"], ["--bogus"], ["steps", "chain-1000"],
                    ["steps", "chain-1000", "0"], ["steps", "bytes-per-node", "3"], ["instructions", "--iterations", "3"],
                    ["instructions", "--workload", "bytes-per-node"], ["instructions", "--reactivity-readme"],
                    ["memory"], ["memory", "chain-1000"], ["memory", "memory", "extra"], ["--processes", "0"],
                    ["time"], ["time", "memory"], ["time", "op-batch-flush"], ["time", "cutoff", "--processes", "2"],
                    ["breakdown"], ["breakdown", "memory"], ["breakdown", "nope"], ["breakdown", "cutoff", "memory"],
                    ["breakdown", "cutoff", "--readme"]] {
            #expect(throws: ArgumentError.self, "\(bad)") { try spec.parse(bad) }
        }
    }
}

/// How `engine-bench breakdown` names the parts of a program and lays out its table.
@Suite struct EngineBenchBreakdownTests {
    private func source(_ object: String, _ file: String) -> InstructionsBySource.Source {
        InstructionsBySource.Source(object: object, file: file)
    }

    @Test func partsAreNamedByFileModuleOrLibrary() {
        let bench = "/work/x/.build/release/engine-bench"
        #expect(codeGroup(source(bench, "/work/x/Sources/Constraints/MarkPhase.swift")) == "Constraints/MarkPhase.swift")
        #expect(codeGroup(source(bench, "/work/x/Benchmarks/EngineBench/Operations.swift")) == "the benchmark's own code (Benchmarks/)")
        #expect(codeGroup(source(bench, "//<compiler-generated>")).hasPrefix("lines without a source line"))
        #expect(codeGroup(source(bench, "???")).hasPrefix("engine-bench without line information"))
        #expect(codeGroup(source("/opt/swift/usr/lib/swift/linux/libswiftCore.so", "???")).hasPrefix("Swift runtime"))
        #expect(codeGroup(source("/usr/lib/x86_64-linux-gnu/libc.so.6", "./malloc/./malloc/malloc.c")).hasPrefix("glibc"))
        #expect(codeGroup(source("/usr/lib/x86_64-linux-gnu/libm.so.6", "???")) == "libm.so.6")
        // A checkout under a folder called Sources or Benchmarks.
        #expect(codeGroup(source(bench, "/home/Sources/x/Benchmarks/EngineBench/Operations.swift")) == "the benchmark's own code (Benchmarks/)")
        #expect(codeGroup(source(bench, "/home/Benchmarks/x/Sources/Constraints/Graph.swift")) == "Constraints/Graph.swift")
        // The runtime by its library, whatever its files.
        #expect(codeGroup(source("/opt/swift/usr/lib/swift/linux/libswiftCore.so", "/build/swift/stdlib/public/runtime/HeapObject.cpp")).hasPrefix("Swift runtime"))
    }

    @Test func theTableAddsUpToTheTotalLargestFirst() {
        let bench = "/b/engine-bench"
        let table = breakdownTable(of: "op", per: "operation", total: 100, bySource: [
            source(bench, "/r/Sources/Constraints/Effect.swift"): 60,
            source(bench, "/r/Sources/Constraints/Graph.swift"): 30,
            source(bench, "/r/Sources/Constraints/EffectTable.swift"): 9.8,
            source(bench, "/r/Sources/Constraints/Rule.swift"): 0.2,
        ]).markdown()
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| code") }
        #expect(rows.map { $0.split(separator: "|")[0].trimmingCharacters(in: .whitespaces) } == [
            "Constraints/Effect.swift", "Constraints/Graph.swift", "Constraints/EffectTable.swift",
            "parts under half an instruction each (1)", "total",
        ])
        #expect(rows.last?.contains("| 100 |") == true)
    }
}

/// What a process of `engine-bench time` prints, and how the runs of several are pooled.
@Suite struct EngineBenchPooledTimingTests {
    @Test func printedTimingReadsBack() throws {
        let timing = ProcessTiming(
            engine: Timing(runs: [14.5, 12.25, 13], workPerIteration: 1000),
            floor: Timing(runs: [2, 1.5, 3], workPerIteration: 0)
        )
        let numbers = timing.printed.split(separator: " ").map { Double($0)! }
        let read = try #require(ProcessTiming(printed: numbers, repeats: 3))
        #expect(read.engine.runs == [12.25, 13, 14.5] && read.engine.workPerIteration == 1000)
        #expect(read.floor.runs == [1.5, 2, 3])
        #expect(ProcessTiming(printed: numbers, repeats: 2) == nil)
        #expect(ProcessTiming(printed: Array(numbers.dropLast()), repeats: 3) == nil)
    }

    @Test func poolingKeepsEveryRun() {
        let first = Timing(runs: [10, 30, 20], workPerIteration: 4)
        let second = Timing(runs: [15, 40, 5], workPerIteration: 6)
        let pooled = Timing(pooling: [first, second])
        #expect(pooled.runs == [5, 10, 15, 20, 30, 40] && pooled.workPerIteration == 5)
        #expect(pooled.minimumNanoseconds == 5 && pooled.maximumNanoseconds == 40)
        // An even count's median is the mean of the middle two; an odd count's, the middle run.
        #expect(pooled.medianNanoseconds == 17.5 && first.medianNanoseconds == 20)
    }

    /// A timed verdict needs the fastest run 25 % of the target away from it (a target of 100).
    @Test func statusNeedsTheFastestRunClearOfTheTarget() {
        #expect(ResultRow.timedVerdictMargin == 0.25)
        func status(_ runs: [Double]) -> Bool? {
            let timing = Timing(runs: runs, workPerIteration: 1)
            return ResultRow(workload: "w", unit: .nanosecondsPerIteration, median: timing.medianNanoseconds,
                             minimum: timing.minimumNanoseconds, maximum: timing.maximumNanoseconds, target: 100).withinTarget
        }
        #expect(status([70, 90, 140]) == true)
        #expect(status([75, 200]) == true)
        #expect(status([125, 130, 200]) == false)
        #expect(status([76, 80, 90]) == nil)
        #expect(status([110, 120, 200]) == nil)
        #expect(status([124, 150]) == nil)
        // A memory figure is one exact measurement: no margin.
        #expect(ResultRow(workload: "m", unit: .bytesPerNode, median: 159, target: 160).withinTarget == true)
        #expect(ResultRow(workload: "m", unit: .bytesPerNode, median: 161, target: 160).withinTarget == false)
    }
}

/// The lifecycle operations that `engine-bench instructions` counts, and their plain-Swift floors,
/// give the checksums their checks expect.
@Suite struct EngineBenchOperationTests {
    @Test(arguments: OperationWorkload.all.map(\.name))
    func operationAndFloorPassTheirCheck(_ name: String) throws {
        let operation = try #require(OperationWorkload.all.first { $0.name == name })
        #expect(operation.check(50, operation.run(50)) == nil)
        if let floor = operation.floor { #expect(operation.check(50, floor(50)) == nil) }
        // A wrong checksum is caught.
        #expect(operation.check(50, operation.run(50) + 1) != nil)
    }

    @Test func theOperationsNamedByIssue33HaveFloors() {
        let withFloors = Set(OperationWorkload.all.filter { $0.floor != nil }.map(\.name))
        #expect(withFloors == ["op-batch-flush", "op-create-cancel-effect", "op-create-cancel-effect-wide", "op-create-cancel-effect-in-subgraph", "op-create-input"])
    }
}

/// `views-bench`'s documented command lines.
@Suite struct ViewsBenchCommandLineTests {
    private let spec = views_bench.Options.spec

    @Test func runs() throws {
        let defaults = views_bench.Options(try spec.parse([]))
        #expect(defaults.rowCounts == [100, 1_000, 10_000, 100_000] && defaults.builds == 5 && defaults.repetitions == 21)
        #expect(defaults.changes == Change.allCases && defaults.readme == nil)
        let options = views_bench.Options(try spec.parse(["--rows", "100,400", "--builds", "2", "--repetitions", "3",
                                                           "--change", "recolor", "--readme", "README.md"]))
        #expect(options.rowCounts == [100, 400] && options.builds == 2 && options.repetitions == 3)
        #expect(options.changes == [.recolor] && options.readme == "README.md")
    }

    @Test func instructions() throws {
        let parsed = try spec.parse(["instructions", "--record", "e2366d4", "--readme", "README.md", "--history", "h.csv"])
        #expect(parsed.subcommand == "instructions" && parsed.string("--record") == "e2366d4")
        #expect(parsed.string("--readme") == "README.md" && parsed.string("--history") == "h.csv")
    }

    @Test func memory() throws {
        let parsed = try spec.parse(["memory", "app", "recolor", "1000"])
        #expect(parsed.subcommand == "memory" && parsed.arguments == ["app", "recolor", "1000"])
    }

    @Test func list() throws {
        let parsed = try spec.parse(["list", "plain", "relabel", "400", "--builds", "2", "--repetitions", "3"])
        #expect(parsed.subcommand == "list" && parsed.arguments == ["plain", "relabel", "400"])
        #expect(parsed.integer("--builds") == 2 && parsed.integer("--repetitions") == 3)
        #expect(try spec.parse(["list", "app", "recolor", "100"]).integer("--builds") == nil)
    }

    /// What a process of `views-bench list` prints reads back as it was measured.
    @Test func printedListMeasurementReadsBack() throws {
        let measured = ListMeasurement(nodes: 4_868, buildMilliseconds: [4.5, 3.25], engineFloorMilliseconds: [1.5, 1.25],
                                       bodyFloorMilliseconds: [0.75, 0.5], changeEvaluations: [37, 37, 37], changeMarks: [45, 45, 45], changeMilliseconds: [0.25, 0.03, 0.02])
        let numbers = measured.printed.split(separator: " ").map { Double($0)! }
        let read = try #require(ListMeasurement(printed: numbers, builds: 2, repetitions: 3))
        #expect(read.nodes == 4_868 && read.buildMilliseconds == [4.5, 3.25] && read.engineFloorMilliseconds == [1.5, 1.25])
        #expect(read.bodyFloorMilliseconds == [0.75, 0.5])
        #expect(read.changeEvaluations == [37, 37, 37] && read.changeMarks == [45, 45, 45] && read.changeMilliseconds == [0.25, 0.03, 0.02])
        #expect(ListMeasurement(printed: numbers, builds: 3, repetitions: 3) == nil)
        #expect(ListMeasurement(printed: Array(numbers.dropLast()), builds: 2, repetitions: 3) == nil)
        // A count that is not a whole number is not a measurement.
        var fractional = numbers
        fractional[7] = 37.5
        #expect(ListMeasurement(printed: fractional, builds: 2, repetitions: 3) == nil)
    }

    @Test func badInput() {
        for bad in [["--rows", "1"], ["--rows", "100,"], ["--rows", "ten"], ["--builds", "0"], ["--repetitions", "-1"],
                    ["--change", "resize"], ["--readme"], ["instructions", "--record", "a,b"], ["instructions", "--record", ""],
                    ["instructions", "--rows", "100"], ["memory", "app", "recolor"], ["memory", "wide", "recolor", "100"],
                    ["memory", "app", "resize", "100"], ["memory", "app", "recolor", "1"], ["list", "plain", "relabel"],
                    ["list", "plain", "relabel", "100", "--builds", "0"], ["list", "plain", "relabel", "100", "--rows", "100"]] {
            #expect(throws: ArgumentError.self, "\(bad)") { try spec.parse(bad) }
        }
    }
}

/// `scheduling-bench`'s documented command lines.
@Suite struct SchedulingBenchCommandLineTests {
    private let spec = scheduling_bench.Options.spec

    @Test func readme() throws {
        #expect(try spec.parse([]).string("--readme") == nil)
        #expect(try spec.parse(["--readme", "README.md"]).string("--readme") == "README.md")
        #expect(try spec.parse(["--help"]).help.hasPrefix("USAGE: scheduling-bench [options]"))
        #expect(throws: ArgumentError.missingValue(option: "--readme", valueName: "PATH")) { try spec.parse(["--readme"]) }
        #expect(throws: ArgumentError.unexpectedArgument("README.md", suggestion: nil)) { try spec.parse(["README.md"]) }
    }
}
