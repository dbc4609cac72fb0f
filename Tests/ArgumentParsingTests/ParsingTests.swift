import Testing
@testable import ArgumentParsing

/// A tool with every kind of option and a subcommand with arguments, for the parser's tests.
private let tool = CommandSpec(
    "tool", summary: "Does things.",
    options: [
        .repeatable("--workload", "NAME", .name(kind: "workload", among: ["toggles", "burst-10", "scroll"]), help: "Run NAME."),
        .value("--rows", "N", .list(.integer(2 ... 1_000_000)), help: "List sizes.", default: "100,1000"),
        .value("--frames", "N", .integer(1 ... 100_000), help: "Frames per run."),
        .value("--hz", "RATE", .number(1 ... 1_000), help: "Rate."),
        .value("--format", "FORMAT", .choice(["table", "csv"]), help: "Output format.", default: "table"),
        .value("--output", "DIR", .path, help: "Where to write."),
        .value("--label", "LABEL", .checked(expected: "a label without commas", accepts: { !$0.isEmpty && !$0.contains(",") }), help: "A label."),
        OptionSpec("--count", values: [ValueSpec("OPERATION", .choice(["add", "remove"])), ValueSpec("N", .integer(1 ... .max))], help: "Count."),
        .flag("--quick", help: "Short runs."),
    ],
    subcommands: [
        CommandSpec("compare", summary: "Compares two files.", options: [.value("--format", "FORMAT", .choice(["table", "csv"]), help: "Format.")],
                    arguments: [ValueSpec("A.json", .path), ValueSpec("B.json", .path)]),
        CommandSpec("run", summary: "Runs names.", arguments: [ValueSpec("NAME", .text)], lastArgumentRepeats: true),
    ],
    notes: ExitStatus.help(failure: "a run failed")
)

@Suite struct ParsingTests {
    @Test func flagsValuesAndRepeats() throws {
        let parsed = try tool.parse(["--workload", "toggles", "--quick", "--workload", "scroll", "--frames", "10", "--frames=20",
                                     "--hz", "59.94", "--format", "csv", "--rows", "100,400", "--output", "out"])
        #expect(parsed.subcommand == nil && !parsed.wantsHelp)
        #expect(parsed.strings("--workload") == ["toggles", "scroll"])
        #expect(parsed.integer("--frames") == 20, "the last of a non-repeatable option counts")
        #expect(parsed.number("--hz") == 59.94)
        #expect(parsed.string("--format") == "csv" && parsed.has("--quick") && parsed.string("--output") == "out")
        #expect(parsed.integers("--rows") == [100, 400])
        #expect(!parsed.has("--label") && parsed.integer("--frames") == 20)
    }

    @Test func absentOptionsHaveNoValues() throws {
        let parsed = try tool.parse([])
        #expect(parsed.strings("--workload").isEmpty && parsed.integer("--frames") == nil && !parsed.has("--quick"))
        #expect(parsed.integers("--rows").isEmpty)
    }

    @Test func optionsWithSeveralValues() throws {
        #expect(try tool.parse(["--count", "add", "3"]).values("--count") == ["add", "3"])
        #expect(throws: ArgumentError.missingValue(option: "--count", valueName: "OPERATION N")) { try tool.parse(["--count", "add"]) }
        #expect(throws: ArgumentError.badValue(option: "--count", value: "0", expected: "a whole number of at least 1")) {
            try tool.parse(["--count", "add", "0"])
        }
    }

    @Test func subcommandsTakeTheirOwnOptionsAndArguments() throws {
        let parsed = try tool.parse(["compare", "a.json", "--format", "csv", "b.json"])
        #expect(parsed.subcommand == "compare" && parsed.path == "tool compare")
        #expect(parsed.arguments == ["a.json", "b.json"] && parsed.string("--format") == "csv")
        #expect(throws: ArgumentError.missingArguments(command: "tool compare", expected: "A.json B.json")) {
            try tool.parse(["compare", "a.json"])
        }
        #expect(throws: ArgumentError.unexpectedArgument("c.json", suggestion: nil)) { try tool.parse(["compare", "a", "b", "c.json"]) }
        #expect(throws: ArgumentError.unknownOption("--quick", suggestion: nil)) { try tool.parse(["compare", "a", "b", "--quick"]) }
        #expect(try tool.parse(["run"]).arguments.isEmpty)
        #expect(try tool.parse(["run", "x", "y", "z"]).arguments == ["x", "y", "z"])
    }

    @Test func errorsNameTheOptionAndTheValue() {
        let cases: [([String], ArgumentError, String)] = [
            (["--frames", "0"], .badValue(option: "--frames", value: "0", expected: "a whole number from 1 to 100,000"),
             "invalid value '0' for --frames: expected a whole number from 1 to 100,000"),
            (["--frames", "ten"], .badValue(option: "--frames", value: "ten", expected: "a whole number from 1 to 100,000"), "'ten'"),
            (["--hz", "-60"], .badValue(option: "--hz", value: "-60", expected: "a number from 1 to 1,000"), "for --hz"),
            (["--hz", "nan"], .badValue(option: "--hz", value: "nan", expected: "a number from 1 to 1,000"), "'nan'"),
            (["--format", "pdf"], .badValue(option: "--format", value: "pdf", expected: "one of table, csv"), "one of table, csv"),
            (["--output", ""], .badValue(option: "--output", value: "", expected: "a path (an empty one names no file)"), "a path"),
            (["--rows", "100,1"], .badValue(option: "--rows", value: "1", expected: "a whole number from 2 to 1,000,000"), "'1' for --rows"),
            (["--rows", "100,"], .badValue(option: "--rows", value: "100,", expected: "a comma-separated list such as 2,3"), "comma-separated"),
            (["--label", "a,b"], .badValue(option: "--label", value: "a,b", expected: "a label without commas"), "without commas"),
            (["--frames"], .missingValue(option: "--frames", valueName: "N"), "--frames needs a value (N)"),
            (["--output", "--quick"], .missingValue(option: "--output", valueName: "DIR"), "--output needs a value"),
            (["--quick=yes"], .badValue(option: "--quick", value: "--quick=yes", expected: "no value (--quick is a flag)"), "is a flag"),
            (["--workload", "toggle"], .unknownName(option: "--workload", kind: "workload", name: "toggle", known: ["toggles", "burst-10", "scroll"]),
             "unknown workload 'toggle' for --workload; known: toggles, burst-10, scroll; did you mean 'toggles'?"),
            (["--frame", "3"], .unknownOption("--frame", suggestion: "--frames"), "unknown option '--frame'; did you mean '--frames'?"),
            (["--zzzzzz"], .unknownOption("--zzzzzz", suggestion: nil), "unknown option '--zzzzzz'"),
            (["compar"], .unexpectedArgument("compar", suggestion: "compare"), "did you mean 'compare'?"),
            (["scroll"], .unexpectedArgument("scroll", suggestion: "--workload scroll"), "did you mean '--workload scroll'?"),
            (["--quick", "compare", "a", "b"], .invalid("'compare' is a command and comes first: tool compare ..."), "comes first"),
        ]
        for (arguments, expected, text) in cases {
            let error = #expect(throws: ArgumentError.self) { try tool.parse(arguments) }
            #expect(error == expected, "\(arguments)")
            #expect(error?.description.contains(text) == true, "\(arguments): \(error?.description ?? "")")
            #expect(error?.description.contains("\n") == false, "one line")
        }
    }

    @Test func theToolsLineNamesTheHelp() {
        let line = ArgumentError.unknownOption("--x", suggestion: nil).line(tool: "tool")
        #expect(line == "tool: unknown option '--x' (see 'tool --help')")
    }

    @Test func helpIsAskedAnywhereAndIsTheSubcommands() throws {
        #expect(try tool.parse(["--frames", "0", "--help"]).wantsHelp, "help wins over bad values")
        let compare = try tool.parse(["compare", "-h"])
        #expect(compare.wantsHelp && compare.help.hasPrefix("USAGE: tool compare [options] A.json B.json"))
    }

    @Test func theHelpLayout() throws {
        let help = tool.help(path: "tool")
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "USAGE: tool [options]")
        #expect(lines[1] == "       tool compare [options] A.json B.json")
        #expect(lines[2] == "       tool run [NAME...]")
        #expect(help.contains("\n\nDoes things.\n\nOPTIONS:\n"))
        #expect(help.contains("  --workload NAME"))
        #expect(help.contains("  --rows N,...") && help.contains("List sizes. Each 2 to 1,000,000. Default: 100,1000."))
        #expect(help.contains("  --frames N") && help.contains("Frames per run. 1 to 100,000."))
        #expect(help.contains("  --count OPERATION N"))
        #expect(help.contains("  --help ") && help.contains("Show this help and exit."))
        #expect(help.contains("COMMANDS:\n  compare") && help.contains("Run 'tool COMMAND --help' for a command's options."))
        #expect(help.hasSuffix("with a one-line message naming it."))
        #expect(help.contains("Exit status: 0 on success; 1 when a run failed; 2 for a usage error"))
        #expect(lines.allSatisfy { $0.count <= HelpText.width }, "wrapped at \(HelpText.width) columns")
        // Help texts start in one column.
        let starts = lines.filter { $0.hasPrefix("  --") }.compactMap { line -> Int? in
            guard let gap = line.dropFirst(2).range(of: "  ") else { return nil }
            return line.distance(from: line.startIndex, to: line[gap.upperBound...].firstIndex { $0 != " " } ?? line.endIndex)
        }
        #expect(Set(starts).count == 1, "\(starts)")
    }

    @Test func suggestions() {
        #expect(Suggestion.distance("kitten", "sitting") == 3)
        #expect(Suggestion.distance("", "abc") == 3 && Suggestion.distance("abc", "") == 3)
        #expect(Suggestion.closest(to: "--workloads", among: ["--workload", "--strategy"]) == "--workload")
        #expect(Suggestion.closest(to: "--wor", among: ["--workload", "--strategy"]) == "--workload", "a unique prefix")
        #expect(Suggestion.closest(to: "--xyz", among: ["--workload", "--strategy"]) == nil)
    }

    @Test func exitStatuses() {
        #expect(ExitStatus.success == 0 && ExitStatus.failure == 1 && ExitStatus.usage == 2)
    }
}
