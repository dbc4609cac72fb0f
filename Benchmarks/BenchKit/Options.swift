import ArgumentParsing
import Reporting
import Scheduling

/// What a `bench` command line asks for.
enum Command: Equatable {
    /// Print this help text.
    case help(String)
    /// List the workloads and strategies.
    case list
    /// Run workloads under strategies.
    case run(RunOptions)
    /// Print the ratios of the results in `candidate` to those in `baseline`.
    case compare(baseline: String, candidate: String, format: OutputFormat)
    /// Measure this machine's costs for the virtual clock: write them to `output` (or print
    /// them), and rewrite the committed default profile if `writesDefault`.
    case calibrate(output: String?, writesDefault: Bool, repetitions: Int)
}

/// How results are printed on standard output.
enum OutputFormat: String, CaseIterable, Equatable {
    /// An aligned plain-text table.
    case table
    case markdown
    case csv
    /// The full results document (``BenchResults``) for a run; the ratio table for `compare`.
    case json
}

/// Which clock runs use.
enum ClockChoice: String, CaseIterable, Equatable {
    /// Real threads and a real display link: times are what the work takes on this machine.
    case real
    /// The deterministic simulation, with ``ClockChoice/costModel``.
    case virtual

    /// The scheduling layer's clock mode, charging `costs` under the virtual clock.
    func mode(costs: CostProfile) -> ClockMode {
        switch self {
        case .real: .realTime
        case .virtual: .virtual(costs.costModel)
        }
    }
}

/// The options of a run.
struct RunOptions: Equatable {
    /// The display-link rate when `--hz` is not given.
    static let defaultFrameRate = 60.0
    /// The accepted `--frames` values.
    static let frameRange = 1 ... 100_000
    /// The accepted `--hz` values.
    static let frameRateRange = 1.0 ... 1_000.0

    /// Workload names in run order; the default set when the command line names none.
    var workloads: [String]
    /// Strategy names in run order; every registered strategy when the command line names none.
    var strategies: [String]
    /// Frames (vsync intervals) per run; `nil` runs ``defaultRunSeconds`` of frames.
    var frames: Int?
    /// Runs per workload and strategy; `nil` takes the clock's default.
    var repetitionCount: Int?
    /// Whether the plain-text table shows every metric with its interval (otherwise it fits 100 columns).
    var wide = false
    var frameRate = defaultFrameRate
    var clock = ClockChoice.real
    var format = OutputFormat.table
    /// The directory for results.json, results.csv and the charts.
    var output: String?
    /// The Markdown file whose `BENCH` region is rewritten with the results.
    var readme: String?
    /// What the virtual clock charges.
    var costs = CostProfile.default

    /// The accepted `--repetitions` values.
    static let repetitionRange = 1 ... 1_000
    /// Repetitions under the real clock unless told: the fewest whose [min, max] interval covers the
    /// median with at least 95 % probability (1 − 2/2⁶ ≈ 96.9 %).
    static let realClockRepetitions = 6

    /// Runs per workload and strategy: as given, else 6 under the real clock and 1 under the
    /// virtual clock (which is exact).
    var repetitions: Int { repetitionCount ?? (clock == .real ? Self.realClockRepetitions : 1) }

    /// How long a run lasts unless told: 0.7 s, 42 frames at 60 Hz. Long enough for every
    /// workload's script to play (`main-thread-stall` stalls at half a second, `heavy-update` taps
    /// four times), short enough that the default comparison, every workload × every strategy ×
    /// ``realClockRepetitions`` (504 runs of about 0.95 s with their set-up and drain), stays under
    /// 10 minutes with the build on 2 cores.
    static let defaultRunSeconds = 0.7

    /// The frames of each run: as given, else ``defaultRunSeconds`` worth.
    var framesPerRun: Int { frames ?? Int((frameRate * Self.defaultRunSeconds).rounded(.up)) }
}

/// A file or directory given on the command line that cannot be used (its message names the path
/// and the reason). Command lines the parser rejects throw ``ArgumentParsing/ArgumentError``.
enum UsageError: Error, Equatable, CustomStringConvertible {
    /// A file or directory given on the command line cannot be used.
    case badPath(String)

    var description: String {
        switch self {
        case .badPath(let message): message
        }
    }
}

/// Parses `bench` command lines with the tables of ``spec``.
struct OptionParser {
    /// The workloads a run may name, in catalog order.
    let workloadNames: [String]
    /// The strategies a run may name, in report order.
    let strategyNames: [String]
    /// The workloads run when none is named (``Workloads/WorkloadCatalog/defaultSet``); `nil`: all.
    var defaultWorkloadNames: [String]? = nil

    /// The accepted `--repetitions` values, a whole number from 1 to 1,000.
    private static let repetitions = ValueKind.integer(RunOptions.repetitionRange)

    /// `bench`'s options and subcommands, one line each.
    var spec: CommandSpec {
        let cost = CostProfile.default
        let frames = RunOptions.frameRange, rates = RunOptions.frameRateRange
        return CommandSpec(
            "bench",
            summary: "Runs workloads under update strategies and compares them.",
            description: """
                Runs every workload under every update strategy, several times, and prints a comparison \
                table: per workload and strategy, the median over the repetitions of rule evaluations per \
                rendered frame and per transaction, frame time p50 and p99 (vsync to commit), render time \
                per evaluation (frames that evaluated), main-thread busy time per frame interval, missed \
                vsyncs, hitch time ratio (ms late per second of run), input latency p50 and p99 (a \
                main-thread event's due time to the end of its handler) and frames rendered off the main \
                thread (async), each with a 95 % interval (order statistics). After its measured frames \
                every run drains until nothing is pending; the tool fails when strategies end a workload \
                on different screens.
                """,
            options: [
                .repeatable("--workload", "NAME", .name(kind: "workload", among: workloadNames),
                            help: "Run only NAME (repeatable; see --list).",
                            default: "every workload but those --list marks as run only when named"),
                .repeatable("--strategy", "NAME", .name(kind: "strategy", among: strategyNames),
                            help: "Run only under NAME (repeatable; see --list).", default: "every strategy"),
                .value("--frames", "N", .integer(frames), help: "Frames (vsync intervals) per run.",
                       default: "\(NumberFormat.compact(RunOptions.defaultRunSeconds)) s worth"),
                .value("--repetitions", "N", Self.repetitions, help: "Runs per workload and strategy, round-robin across the strategies.",
                       default: "\(RunOptions.realClockRepetitions) under the real clock, 1 under the virtual one"),
                .value("--hz", "RATE", .number(rates), help: "Display-link rate in Hz.", default: "\(Int(RunOptions.defaultFrameRate))"),
                .value("--clock", "CLOCK", .choice(ClockChoice.self),
                       help: "real: real threads; times are measured on this machine. virtual: a deterministic simulation "
                           + "charging the cost profile (default: \(cost.summary)); results repeat exactly.",
                       default: "real"),
                .value("--costs", "FILE", .path, help: "The virtual clock's cost profile, written by bench calibrate --output."),
                .value("--format", "FORMAT", .choice(OutputFormat.self),
                       help: "table (the medians of the main metrics, 100 columns), markdown, csv, or json (the full "
                           + "results, as in results.json).", default: "table"),
                .flag("--wide", help: "With --format table: every metric, with its interval."),
                .value("--output", "DIR", .path,
                       help: "Also write results.json, results.csv, a bar chart per metric (<metric>.svg, workloads as "
                           + "groups, strategies as bars) and a frame-time timeline per run (timelines/<workload>--<strategy>.svg)."),
                .value("--readme", "PATH", .path,
                       help: "Rewrite the <!-- BEGIN BENCH --> ... <!-- END BENCH --> region of PATH with the Markdown table "
                           + "and charts of --output, and heavy-update's input against update latency (run on the virtual "
                           + "clock if the run did not include it; needs --output)."),
                .flag("--list", help: "List the workloads and strategies and exit."),
            ],
            subcommands: [
                CommandSpec(
                    "compare",
                    summary: "Ratios of two results files' medians, with intervals and verdicts.",
                    description: """
                        bench compare A.json B.json prints, for every workload and strategy both results files \
                        hold, the ratio B / A of each metric's median (1 when both are 0, — when only A's is), its \
                        interval, and a verdict: lower or higher when the two medians' intervals do not overlap, \
                        = (no detectable difference) when they do.
                        """,
                    options: [
                        .value("--format", "FORMAT", .choice(OutputFormat.self), help: "table, markdown, csv or json.", default: "table"),
                    ],
                    arguments: [ValueSpec("A.json", .path), ValueSpec("B.json", .path)]
                ),
                CommandSpec(
                    "calibrate",
                    summary: "Measures this machine's costs for the virtual clock.",
                    description: """
                        bench calibrate measures on this machine what each kind of node's evaluation (body, \
                        layout, geometry, display list, ...), an input read, a node's creation, a frame and a \
                        vsync's wake-up cost: it times every render of lazy real-clock runs of every workload, \
                        counts the work of each by kind, and fits the costs by non-negative least squares. It \
                        prints how well the fit matches each workload's render times, and the cost profile as JSON.
                        """,
                    options: [
                        .value("--output", "FILE", .path, help: "Write the cost profile to FILE (for --costs)."),
                        .flag("--default", help: "Rewrite the committed default profile, \(Calibration.defaultProfilePath) (run from the package root)."),
                        .value("--repetitions", "N", Self.repetitions, help: "Lazy real-clock runs of each workload.", default: "3"),
                    ]
                ),
            ],
            notes: ExitStatus.help(failure: "a run failed or results could not be written")
        )
    }

    /// Parses `arguments` (without the program name).
    ///
    /// - Throws: ``ArgumentParsing/ArgumentError`` for a command line that does not fit ``spec``,
    ///   ``UsageError`` for a `--costs` file that cannot be read.
    func parse(_ arguments: [String]) throws -> Command {
        let parsed = try spec.parse(arguments)
        if parsed.wantsHelp { return .help(parsed.help) }
        switch parsed.subcommand {
        case "compare":
            return .compare(baseline: parsed.arguments[0], candidate: parsed.arguments[1], format: parsed.choice("--format") ?? .table)
        case "calibrate":
            return .calibrate(output: parsed.string("--output"), writesDefault: parsed.has("--default"),
                              repetitions: parsed.integer("--repetitions") ?? 3)
        default:
            if parsed.has("--list") { return .list }
            var options = RunOptions(workloads: unique(parsed.strings("--workload")), strategies: unique(parsed.strings("--strategy")))
            options.frames = parsed.integer("--frames")
            options.repetitionCount = parsed.integer("--repetitions")
            options.wide = parsed.has("--wide")
            options.frameRate = parsed.number("--hz") ?? options.frameRate
            options.clock = parsed.choice("--clock") ?? options.clock
            options.format = parsed.choice("--format") ?? options.format
            options.output = parsed.string("--output")
            options.readme = parsed.string("--readme")
            if let costs = parsed.string("--costs") { options.costs = try CostProfile(contentsOf: costs) }
            if options.readme != nil && options.output == nil {
                throw ArgumentError.invalid("--readme needs --output DIR: the README links to the charts written there")
            }
            if options.workloads.isEmpty { options.workloads = defaultWorkloadNames ?? workloadNames }
            if options.strategies.isEmpty { options.strategies = strategyNames }
            return .run(options)
        }
    }

    /// `names` without repeats, in first-given order.
    private func unique(_ names: [String]) -> [String] {
        names.enumerated().filter { !names[..<$0.offset].contains($0.element) }.map(\.element)
    }
}
