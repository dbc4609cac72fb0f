import ArgumentParsing

/// The command line of `engine-bench`: its options and subcommands (``spec``), and what a run
/// takes from them.
struct Options {
    var workloads: [String] = []
    var iterations: Int?
    var format = ReportFormat.markdown
    var quick = false
    /// Processes each timed workload runs in (see ``ProcessTiming``).
    var processes = 3
    var readme: String?
    var list = false

    /// Every workload name, in report order.
    static let names = Workload.all.map(\.name) + MemoryWorkload.all.map(\.name)

    /// What `instructions` and `steps` count: the timed workloads, the lifecycle operations and the
    /// js-reactivity-benchmark tests.
    static let countedNames = Workload.all.map(\.name) + OperationWorkload.all.map(\.name) + ReactivityTest.all.map(\.fullName)

    /// A name that `breakdown` takes.
    private static let countedName = ValueSpec("NAME", .name(kind: "counted workload", among: countedNames))

    /// `--iterations N`, of a run and of `time`.
    private static let iterationsOption = OptionSpec.value(
        "--iterations", "N", .integer(1 ... .max),
        help: "Time N iterations per run instead of calibrating to 200 ms (and check N iterations of a published run rather than all of it)."
    )

    /// `--quick`, of a run and of `time`.
    private static let quickOption = OptionSpec.flag("--quick", help: "Short runs, for a smoke test.")

    /// `engine-bench`'s options and subcommands, one line each.
    static let spec = CommandSpec(
        "engine-bench",
        summary: "Times the constraint engine on fixed workloads.",
        description: "Times the constraint engine on fixed workloads and compares each with a plain-Swift floor.",
        options: [
            .repeatable("--workload", "NAME", .name(kind: "workload", among: names), help: "Run only NAME (repeatable; see --list).", default: "all"),
            iterationsOption,
            quickOption,
            .value("--processes", "N", .integer(1 ... 100),
                   help: "Run each timed workload in N processes of its own and pool their runs (5 each) for the median, the fastest and slowest run and the status.",
                   default: "3"),
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
                    between them; the instructions per operation of each lifecycle operation (op-*: a batch \
                    and flush, making and cancelling an effect, a repeated read, making an input), the \
                    difference between runs of N and 2N operations divided by N; and the instructions per \
                    operation of each test of js-reactivity-benchmark's sbench and kairo (engine-bench \
                    reactivity), counted inside the part their harness times. Takes a few minutes.
                    """,
                options: [
                    .repeatable("--workload", "NAME", .name(kind: "counted workload", among: countedNames),
                                help: "Count only NAME (repeatable): a timed workload, an operation or SUITE/TEST.",
                                default: "every one"),
                    .value("--readme", "PATH", .path, help: "Rewrite the ENGINE-INSTRUCTIONS region of PATH."),
                    .value("--reactivity-readme", "PATH", .path,
                           help: "Also rewrite the ENGINE-REACTIVITY region of PATH with the sbench and kairo table alone."),
                ]
            ),
            CommandSpec(
                "breakdown",
                summary: "Shows where the instructions of workloads, operations or tests go, by source file.",
                description: """
                    Counts each NAME with callgrind as engine-bench instructions does (a timed workload per \
                    iteration, an operation per operation, SUITE/TEST per operation) and shows where its \
                    instructions go: the engine's source files, each phase of the algorithm in its own \
                    (MarkPhase.swift, EvaluatePhase.swift, DependencyRecording.swift, ...), the Swift runtime \
                    (reference counting, allocation), glibc (malloc and free), the lines the compiler gives no \
                    source line and the benchmark's own code. A line's instructions count in its own file, \
                    inlined or not, and not those of the functions it calls; the rows add up to the total. \
                    Needs valgrind.
                    """,
                options: [
                    .value("--readme", "PATH", .path, help: "Also rewrite the ENGINE-BREAKDOWN region of PATH with the tables."),
                ],
                // One name, then any number more.
                arguments: [countedName, countedName],
                lastArgumentRepeats: true
            ),
            CommandSpec(
                "steps",
                summary: "Builds and checks a workload's graph and runs N iterations of the engine alone, untimed.",
                description: """
                    Builds and checks a timed workload's graph and runs N iterations of the engine alone, \
                    untimed, printing the evaluations they ran; for an operation (op-*), performs it N times \
                    and checks the result; for SUITE/TEST, runs that test N times, checked. engine-bench \
                    instructions runs it under callgrind.
                    """,
                options: [
                    .flag("--floor", help: "Perform an operation's plain-Swift floor instead: the same work without the engine, checked alike (\(OperationWorkload.namesWithFloors))."),
                ],
                arguments: [ValueSpec("WORKLOAD", .name(kind: "counted workload", among: countedNames)),
                            ValueSpec("N", .integer(1 ... .max))]
            ),
            CommandSpec(
                "memory",
                summary: "Measures a memory workload in this process and prints its bytes per node.",
                description: """
                    Builds a memory workload's chain in this process and prints its resident-set growth per \
                    node. engine-bench runs it in a process of its own for each memory workload, so that no \
                    memory freed by an earlier workload serves the chain unseen.
                    """,
                arguments: [ValueSpec("WORKLOAD", .name(kind: "memory workload", among: MemoryWorkload.all.map(\.name)))]
            ),
            CommandSpec(
                "time",
                summary: "Verifies and times a timed workload and its floor in this process and prints the runs.",
                description: """
                    Verifies a timed workload and times it and its plain-Swift floor in this process, then prints \
                    the engine's evaluations per iteration, its runs and the floor's runs (nanoseconds per \
                    iteration), separated by spaces. engine-bench runs it in --processes processes for each \
                    timed workload and pools their runs.
                    """,
                options: [iterationsOption, quickOption],
                arguments: [ValueSpec("WORKLOAD", .name(kind: "timed workload", among: Workload.all.map(\.name)))]
            ),
            CommandSpec(
                "reactivity",
                summary: "Runs js-reactivity-benchmark's sbench and kairo suites on the engine.",
                description: """
                    Runs js-reactivity-benchmark's sbench and kairo suites on the engine, rebuilt from that \
                    project's test code with its sizes and iteration counts: each test the fastest of 10 runs, \
                    as its harness times them, after one untimed run; every run checks its values and effect \
                    runs. engine-bench instructions counts the same tests' instructions per operation.
                    """,
                options: [
                    .repeatable("--suite", "SUITE", .choice(["sbench", "kairo"]), help: "Run only SUITE's tests (repeatable).", default: "both"),
                    .repeatable("--test", "SUITE/NAME", .name(kind: "test", among: ReactivityTest.all.map(\.fullName)),
                                help: "Run only the test SUITE/NAME (repeatable).", default: "every test"),
                ]
            ),
        ],
        notes: ExitStatus.help(failure: "the engine computed a wrong result, a process measuring a workload failed or a file could not be written")
    )

    /// The options of a run parsed with ``spec``.
    init(_ parsed: ParsedArguments) {
        workloads = parsed.strings("--workload")
        iterations = parsed.integer("--iterations")
        format = parsed.choice("--format") ?? format
        quick = parsed.has("--quick")
        processes = parsed.integer("--processes") ?? processes
        readme = parsed.string("--readme")
        list = parsed.has("--list")
    }

    /// Whether the workload called `name` should run.
    func selects(_ name: String) -> Bool {
        workloads.isEmpty || workloads.contains(name)
    }
}
