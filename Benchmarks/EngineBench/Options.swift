import ArgumentParsing

/// The command line of `engine-bench`: its options and subcommands (``spec``), and what a run
/// takes from them.
struct Options {
    var workloads: [String] = []
    var iterations: Int?
    var format = ReportFormat.markdown
    var quick = false
    var readme: String?
    var list = false

    /// Every workload name, in report order.
    static let names = Workload.all.map(\.name) + MemoryWorkload.all.map(\.name)

    /// `engine-bench`'s options and subcommands, one line each.
    static let spec = CommandSpec(
        "engine-bench",
        summary: "Times the constraint engine on fixed workloads.",
        description: "Times the constraint engine on fixed workloads and compares each with a plain-Swift floor.",
        options: [
            .repeatable("--workload", "NAME", .name(kind: "workload", among: names), help: "Run only NAME (repeatable; see --list).", default: "all"),
            .value("--iterations", "N", .integer(1 ... .max),
                   help: "Time N iterations per run instead of calibrating to 200 ms (and check N iterations of a published run rather than all of it)."),
            .flag("--quick", help: "Short runs, for a smoke test."),
            .value("--format", "FORMAT", .choice(ReportFormat.self), help: "markdown, csv or json.", default: "markdown"),
            .value("--readme", "PATH", .path, help: "Also write the Markdown table into the ENGINE-BENCH region of PATH."),
            .flag("--list", help: "List the workloads and exit."),
        ],
        subcommands: [
            CommandSpec(
                "instructions",
                summary: "Counts with callgrind the instructions per iteration and per evaluation of each timed workload.",
                description: """
                    Counts with callgrind the instructions per iteration and per evaluation of each timed \
                    workload (or of those named): the difference between runs of N and 2N iterations of the \
                    engine alone (engine-bench steps NAME N), divided by the iterations and evaluations \
                    between them. Takes about 20 seconds.
                    """,
                options: [
                    .repeatable("--workload", "NAME", .name(kind: "timed workload", among: Workload.all.map(\.name)),
                                help: "Count only NAME (repeatable).", default: "every timed workload"),
                    .value("--readme", "PATH", .path, help: "Rewrite the ENGINE-INSTRUCTIONS region of PATH."),
                ]
            ),
            CommandSpec(
                "steps",
                summary: "Builds and checks a workload's graph and runs N iterations of the engine alone, untimed.",
                description: """
                    Builds and checks a timed workload's graph and runs N iterations of the engine alone, \
                    untimed, printing the evaluations they ran; engine-bench instructions runs it under callgrind.
                    """,
                arguments: [ValueSpec("WORKLOAD", .name(kind: "timed workload", among: Workload.all.map(\.name))),
                            ValueSpec("N", .integer(1 ... .max))]
            ),
        ],
        notes: ExitStatus.help(failure: "the engine computed a wrong result or a file could not be written")
    )

    /// The options of a run parsed with ``spec``.
    init(_ parsed: ParsedArguments) {
        workloads = parsed.strings("--workload")
        iterations = parsed.integer("--iterations")
        format = parsed.choice("--format") ?? format
        quick = parsed.has("--quick")
        readme = parsed.string("--readme")
        list = parsed.has("--list")
    }

    /// Whether the workload called `name` should run.
    func selects(_ name: String) -> Bool {
        workloads.isEmpty || workloads.contains(name)
    }
}
