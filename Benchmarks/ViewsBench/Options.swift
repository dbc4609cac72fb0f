import ArgumentParsing

/// The command line of `views-bench`: its options and its `instructions`, `memory` and `list` subcommands (``spec``),
/// and what a run takes from them.
struct Options {
    /// The list sizes measured.
    var rowCounts = [100, 1_000, 10_000, 100_000]
    /// Changes measured on each list.
    var repetitions = 21
    /// Lists built of each size (the last one is changed).
    var builds = 5
    var changes = Change.allCases
    /// Row shapes measured.
    var shapes = RowShape.allCases
    /// The Markdown file whose VIEWS-BENCH region is rewritten.
    var readme: String?

    /// `--builds N`, of a run and of `list`.
    private static let buildsOption = OptionSpec.value(
        "--builds", "N", .integer(1 ... .max), help: "Lists built of each size (each let go before the next).", default: "5"
    )

    /// `--repetitions N`, of a run and of `list`.
    private static let repetitionsOption = OptionSpec.value(
        "--repetitions", "N", .integer(1 ... .max), help: "Changes of the last list built.", default: "21"
    )

    /// `views-bench`'s options and subcommands, one line each.
    static let spec = CommandSpec(
        "views-bench",
        summary: "Times one row's change in lists of growing size.",
        description: """
            Builds a list of selectable rows (--builds times, keeping the last), then repeatedly taps the \
            middle row's button and renders the next frame (relabel: the row's height changes; recolor: \
            only its color does). Rows are of two shapes: plain (a text, a spacer and a button in a stack) \
            and app (rows as apps write them: a fixed-size swatch, a label in a fixed-height frame, a spacer \
            and a button that a tap finds by its title). Reports the median build time (95 % interval), the \
            median time the engine alone takes to make and evaluate a graph of as many nodes and edges \
            (its rules all made from closures, and all from stored bodies; the view layer makes some of each), bytes per view, the evaluations and median time (95 % interval) of a change, and that time as a \
            multiple of the smallest list's.
            """,
        options: [
            .value("--rows", "N", .list(.integer(2 ... .max)), help: "The list sizes, comma-separated.", default: "100,1000,10000,100000"),
            buildsOption,
            repetitionsOption,
            .value("--change", "CHANGE", .choice(Change.self), help: "Measure only CHANGE (relabel or recolor).", default: "both"),
            .value("--shape", "SHAPE", .choice(RowShape.self), help: "Measure only rows of SHAPE (plain or app).", default: "both"),
            .value("--readme", "PATH", .path, help: "Also write the table into the VIEWS-BENCH region of PATH."),
        ],
        subcommands: [
            CommandSpec(
                "instructions",
                summary: "Counts with callgrind the instructions of a change, a build and a color-scheme switch.",
                description: """
                    Counts with callgrind the instructions of a relabel and a recolor (2,000 and 10,000 rows), of \
                    building 10,000 rows and of the engine alone making and evaluating a graph as large (the \
                    floors of views-bench's "engine alone" columns: rules made from closures, and from stored \
                    bodies), and of a color-scheme switch (the bench built \
                    beside this executable), and prints them beside the counts recorded in the history file. \
                    Also counts a relabel and a recolor of rows as apps write them (--shape app) at 100 and \
                    10,000 rows, and the build per row: the instructions of building 3,000 plain rows less \
                    1,000, divided by 2,000. Takes several minutes.
                    """,
                options: [
                    .flag("--build-per-row", help: "Count only the build per row (two runs, about a minute) and print it."),
                    .value("--history", "PATH", .path, help: "The history file of recorded counts.", default: "Docs/InstructionCounts.csv"),
                    .value("--readme", "PATH", .path, help: "Rewrite the INSTRUCTION-COUNTS region of PATH."),
                    .value("--record", "LABEL", .checked(expected: "a column label without commas", accepts: { !$0.isEmpty && !$0.contains(",") }),
                           help: "Store this run's counts in the history file as the column LABEL (replacing one of that name)."),
                ]
            ),
            CommandSpec(
                "memory",
                summary: "Builds one list in this process and prints its bytes per view.",
                description: """
                    Builds one list of ROWS rows of SHAPE, for CHANGE, in this process and prints its \
                    resident-set growth per view. views-bench runs it in a process of its own for each list \
                    it measures, so that no memory freed by an earlier list serves the list unseen.
                    """,
                arguments: [ValueSpec("SHAPE", .choice(RowShape.self)), ValueSpec("CHANGE", .choice(Change.self)),
                            ValueSpec("ROWS", .integer(2 ... .max))]
            ),
            CommandSpec(
                "list",
                summary: "Measures the builds and changes of one list size in this process and prints them.",
                description: """
                    Builds a list of ROWS rows of SHAPE --builds times (each let go before the next), times the \
                    engine alone after each build, then taps the middle row's button --repetitions times, and \
                    prints the graph's nodes, each build's time, each engine-alone time with closures and each \
                    with stored bodies (ms), then each change's \
                    evaluations, marks and time (ms), separated by spaces. views-bench runs it in a process of \
                    its own for each list size, so that no list built before it changes its times.
                    """,
                options: [buildsOption, repetitionsOption],
                arguments: [ValueSpec("SHAPE", .choice(RowShape.self)), ValueSpec("CHANGE", .choice(Change.self)),
                            ValueSpec("ROWS", .integer(2 ... .max))]
            ),
        ],
        notes: ExitStatus.help(failure: "the evaluations or marks of a row's change vary with the list or between repetitions (the table is then not written into --readme), a process measuring a list failed, or a file could not be written")
    )

    /// The defaults.
    init() {}

    /// The options of a run parsed with ``spec``.
    init(_ parsed: ParsedArguments) {
        if parsed.has("--rows") { rowCounts = parsed.integers("--rows") }
        repetitions = parsed.integer("--repetitions") ?? repetitions
        builds = parsed.integer("--builds") ?? builds
        if let change: Change = parsed.choice("--change") { changes = [change] }
        if let shape: RowShape = parsed.choice("--shape") { shapes = [shape] }
        readme = parsed.string("--readme")
    }
}
