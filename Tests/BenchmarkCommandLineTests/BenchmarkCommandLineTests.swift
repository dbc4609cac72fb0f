import ArgumentParsing
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
        #expect(!defaults.quick && defaults.readme == nil && !defaults.list)
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
        #expect(steps.subcommand == "steps" && steps.arguments == ["chain-1000", "2000"])
        let memory = try spec.parse(["memory", "memory-node-statistics"])
        #expect(memory.subcommand == "memory" && memory.arguments == ["memory-node-statistics"])
        #expect(try spec.parse(["instructions", "--help"]).help.hasPrefix("USAGE: engine-bench instructions [options]"))
    }

    @Test func badInput() {
        for bad in [["--iterations", "0"], ["--format", "html"], ["--workload", "nope"], ["--bogus"], ["steps", "chain-1000"],
                    ["steps", "chain-1000", "0"], ["steps", "bytes-per-node", "3"], ["instructions", "--iterations", "3"],
                    ["instructions", "--workload", "bytes-per-node"], ["instructions", "--reactivity-readme"],
                    ["memory"], ["memory", "chain-1000"], ["memory", "memory", "extra"]] {
            #expect(throws: ArgumentError.self, "\(bad)") { try spec.parse(bad) }
        }
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

    @Test func badInput() {
        for bad in [["--rows", "1"], ["--rows", "100,"], ["--rows", "ten"], ["--builds", "0"], ["--repetitions", "-1"],
                    ["--change", "resize"], ["--readme"], ["instructions", "--record", "a,b"], ["instructions", "--record", ""],
                    ["instructions", "--rows", "100"], ["memory", "app", "recolor"], ["memory", "wide", "recolor", "100"],
                    ["memory", "app", "resize", "100"], ["memory", "app", "recolor", "1"]] {
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
