import ArgumentParsing
import Reporting
import Scheduling
import Workloads

/// What a `bench` command line asks for.
enum Command: Equatable {
    /// Print this help text.
    case help(String)
    /// List the workloads and strategies.
    case list
    /// Run workloads under strategies: the named ones once each (at `--load` if given), or, when
    /// none is named, the main job (``MainJob``).
    case run(RunOptions)
    /// Run the named workloads at a series of loads (`bench sweep`).
    case sweep(RunOptions)
    /// Print the ratios of the results in `candidate` to those in `baseline`.
    case compare(baseline: String, candidate: String, format: OutputFormat)
    /// Print the ratios of every strategy's results in `file` to those of the strategy `baseline`.
    case compareStrategies(file: String, baseline: String, format: OutputFormat)
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
    /// Whether the command line named workloads (otherwise a run is the main job).
    var namesWorkloads = false
    /// `--load NAME=V1,V2,...`: the load parameter to set and its values.
    var load: LoadChoice?
    /// How long a run may make no progress, in real time, before the tool gives up on it
    /// (``RunWatchdog``).
    var stallWindow = Duration.seconds(defaultStallSeconds)

    /// The window of ``stallWindow`` unless `--stall-seconds` says: 15 minutes. A run moves on
    /// at each of its steps (a frame, an event), and one step can take long: the longest known, a
    /// tap under `workflow` re-rendering 32,000 rows of `heavy-update` in a debug build, takes
    /// 15–25 s on 2 cores, but took 68 s with builds beside the (niced) tool, and 278 s with a
    /// full `swift test` beside it. Fifteen minutes is three times that, and a stuck run still ends.
    static let defaultStallSeconds = 900.0
    /// The accepted `--stall-seconds` values.
    static let stallSecondsRange = 0.01 ... 86_400.0

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
    /// The accepted `--load` values: `NAME=V1,V2,...`.
    private static let load = ValueKind.checked(expected: "NAME=V1,V2,... (a load parameter, see --list, and numbers)") { text in
        (try? LoadChoice(parsing: text)) != nil
    }

    /// `--stall-seconds S`, an option of runs and sweeps.
    private static let stallSeconds = OptionSpec.value(
        "--stall-seconds", "S", .number(RunOptions.stallSecondsRange),
        help: "End the tool (exit status 1) when a run makes no progress (no frame completed, no main-thread event "
            + "handled) for S seconds of real time: its strategy is stuck. What finished before it is printed and written.",
        default: "\(Int(RunOptions.defaultStallSeconds)) (15 minutes)"
    )

    /// `bench`'s options and subcommands, one line each.
    var spec: CommandSpec {
        let cost = CostProfile.default
        let frames = RunOptions.frameRange, rates = RunOptions.frameRateRange
        return CommandSpec(
            toolName,
            summary: "Runs workloads under update strategies and compares them.",
            description: """
                Without --workload, the main job: sweeps the load of a default set of workloads (heavy-update \
                by rows, busy-main by the main thread's busy share, main-thread-stall by stall length, \
                expensive-feed by caption lines, burst-10 by taps per frame) under every \
                strategy (\(MainJob.realClockRepetitions) repetitions per point on the real clock, which also runs \
                the same sweeps on the virtual clock to compare), prints the findings (where each strategy \
                breaks: over 5 % of vsyncs missed, input latency p99 over one frame interval, update latency \
                p99 over three) and writes \(MainJob.defaultOutput)/ (or --output DIR): report.md (the \
                findings, the charts, the tables), results.json (sweeps[] and, as runs[], the points at each \
                workload's default load), virtual-results.json and validation.md (real clock), results.csv, \
                summary.csv, counters.csv (the strategies' own counters), sweeps.csv and a chart per sweep and criterion. --readme PATH rewrites PATH's \
                BENCH region with the findings and charts.

                With --workload NAME: runs each named workload (at --load NAME=V if given) under every update \
                strategy, several times, and prints a comparison \
                table: per workload and strategy, the median over the repetitions of rule evaluations per \
                rendered frame and per transaction, frame time p50 and p99 (vsync to commit), render time \
                per evaluation (frames that evaluated), main-thread busy time per frame interval, missed \
                vsyncs, hitch time ratio (ms late per second of run), input latency p50 and p99 (a \
                main-thread event's due time to the end of its handler, less its own stated work) and frames rendered off the main \
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
                .value("--costs", "FILE", .path, help: "The virtual clock's cost profile, written by \(toolName) calibrate --output."),
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
                .value("--load", "NAME=V", Self.load,
                       help: "With --workload: run at load V of the workload's load parameter NAME (see --list)."),
                Self.stallSeconds,
                .flag("--list", help: "List the workloads, their load parameters and the strategies, and exit."),
            ],
            subcommands: [
                CommandSpec(
                    "sweep",
                    summary: "Runs a workload at a series of loads and finds where each strategy breaks.",
                    description: """
                        \(toolName) sweep --workload W runs W at each load of its first load parameter's declared sweep \
                        (see --list), or at the loads given with --load NAME=V1,V2,..., under every strategy (or \
                        those named), and finds each strategy's breaking points: the smallest swept load at which \
                        over 5 % of vsyncs are missed (missed-vsyncs), input latency p99 is over one frame interval \
                        (input-latency) or update latency p99 over three (update-latency). On the real clock it \
                        runs the same sweep on the virtual clock too and says whether the clocks agree within one \
                        step. It prints the findings; --format json prints the results (sweeps[] with points[] \
                        {load, strategy, result} and breakingPoints[] {strategy, criterion, load}); --output DIR \
                        writes the report, results and charts.
                        """,
                    options: [
                        .repeatable("--workload", "NAME", .name(kind: "workload", among: workloadNames), help: "The workload to sweep (repeatable)."),
                        .value("--load", "NAME=V1,V2,...", Self.load, help: "The load parameter and its values.",
                               default: "the workload's first parameter, at its declared sweep values"),
                        .repeatable("--strategy", "NAME", .name(kind: "strategy", among: strategyNames), help: "Run only under NAME (repeatable).",
                                    default: "every strategy"),
                        .value("--clock", "CLOCK", .choice(ClockChoice.self), help: "real or virtual.", default: "real"),
                        .value("--repetitions", "N", Self.repetitions, help: "Runs per load and strategy.",
                               default: "\(RunOptions.realClockRepetitions) under the real clock, 1 under the virtual one"),
                        .value("--frames", "N", .integer(frames), help: "Frames per run.", default: "\(NumberFormat.compact(RunOptions.defaultRunSeconds)) s worth"),
                        .value("--hz", "RATE", .number(rates), help: "Display-link rate in Hz.", default: "\(Int(RunOptions.defaultFrameRate))"),
                        .value("--costs", "FILE", .path, help: "The virtual clock's cost profile."),
                        .value("--format", "FORMAT", .choice(OutputFormat.self),
                               help: "table (the findings), markdown (report.md), csv (sweeps.csv) or json (results.json).", default: "table"),
                        .value("--output", "DIR", .path, help: "Write report.md, results.json, the CSV files and the charts to DIR."),
                        Self.stallSeconds,
                    ]
                ),
                CommandSpec(
                    "compare",
                    summary: "Ratios of two results files' medians, with intervals and verdicts.",
                    description: """
                        \(toolName) compare A.json B.json prints, for every workload and strategy both results files \
                        hold, the ratio B / A of each metric's median (1 when both are 0, — when only A's is), its \
                        interval, and a verdict: lower or higher when the two medians' intervals do not overlap, \
                        = (no detectable difference) when they do. \(toolName) compare results.json --baseline STRATEGY \
                        prints, per workload and metric, every other strategy's ratio to STRATEGY in the one file, \
                        with its interval and verdict.
                        """,
                    options: [
                        .value("--baseline", "STRATEGY", .text, help: "Compare every strategy of one results file with STRATEGY."),
                        .value("--format", "FORMAT", .choice(OutputFormat.self), help: "table, markdown, csv or json.", default: "table"),
                    ],
                    arguments: [ValueSpec("A.json", .path), ValueSpec("B.json", .path)], lastArgumentRepeats: true
                ),
                CommandSpec(
                    "calibrate",
                    summary: "Measures this machine's costs for the virtual clock.",
                    description: """
                        \(toolName) calibrate measures on this machine what each kind of node's evaluation (body, \
                        layout, geometry, display list, ...), an input read, a node's creation, a frame, a \
                        vsync's wake-up, an event's delivery and wake-up and a sliced update's list of nodes cost: \
                        it times every render of lazy real-clock runs of every workload (at its default load and \
                        at the loads the main job sweeps), counts the work of each by kind, and fits the costs by \
                        non-negative least squares; probe runs time the rest. It prints how well the fit matches \
                        each workload's render times, and the cost profile as JSON.
                        """,
                    options: [
                        .value("--output", "FILE", .path, help: "Write the cost profile to FILE (for --costs)."),
                        .flag("--default", help: "Rewrite the committed default profile, \(Calibration.defaultProfilePath) (run from the package root)."),
                        .value("--repetitions", "N", Self.repetitions, help: "Lazy real-clock runs of each workload.", default: "3"),
                    ]
                ),
            ],
            notes: """
                Interrupting a run (Ctrl-C, SIGINT or SIGTERM) stops it after the run in progress: the runs \
                and repetitions that finished are printed and written (results.json with "complete": false, \
                results.csv, summary.csv, counters.csv and, for sweeps, sweeps.csv; no charts), and the exit status is 130. \
                A second interrupt quits at once. A run that makes no progress for --stall-seconds (a stuck \
                strategy) stops the tool the same way, naming the workload and the strategy, with exit status 1; \
                after an interrupt, a run is given up after 10 s without progress. \
                Every file is written whole or not at all.

                """ + ExitStatus.help(failure: "a run failed (an error, a run that did not do its job, or one that made no progress) or results could not be written")
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
            let format: OutputFormat = parsed.choice("--format") ?? .table
            if let baseline = parsed.string("--baseline") {
                guard parsed.arguments.count == 1 else {
                    throw ArgumentError.invalid("compare --baseline takes one results file: \(toolName) compare results.json --baseline STRATEGY")
                }
                return .compareStrategies(file: parsed.arguments[0], baseline: baseline, format: format)
            }
            guard parsed.arguments.count == 2 else {
                throw ArgumentError.invalid("compare takes two results files, or one with --baseline: \(toolName) compare A.json B.json, "
                    + "\(toolName) compare results.json --baseline STRATEGY")
            }
            return .compare(baseline: parsed.arguments[0], candidate: parsed.arguments[1], format: format)
        case "calibrate":
            return .calibrate(output: parsed.string("--output"), writesDefault: parsed.has("--default"),
                              repetitions: parsed.integer("--repetitions") ?? 3)
        default:
            let isSweep = parsed.subcommand == "sweep"
            if !isSweep && parsed.has("--list") { return .list }
            var options = RunOptions(workloads: unique(parsed.strings("--workload")), strategies: unique(parsed.strings("--strategy")))
            options.frames = parsed.integer("--frames")
            options.repetitionCount = parsed.integer("--repetitions")
            options.wide = !isSweep && parsed.has("--wide")
            options.frameRate = parsed.number("--hz") ?? options.frameRate
            options.clock = parsed.choice("--clock") ?? options.clock
            options.format = parsed.choice("--format") ?? options.format
            options.output = parsed.string("--output")
            options.readme = isSweep ? nil : parsed.string("--readme")
            if let costs = parsed.string("--costs") { options.costs = try CostProfile(contentsOf: costs) }
            options.load = try parsed.string("--load").map { try LoadChoice(parsing: $0) }
            if let seconds = parsed.number("--stall-seconds") { options.stallWindow = .seconds(seconds) }
            options.namesWorkloads = !options.workloads.isEmpty
            if isSweep && !options.namesWorkloads {
                throw ArgumentError.invalid("\(toolName) sweep needs --workload NAME (see --list for the workloads and their load parameters)")
            }
            if options.readme != nil && options.output == nil && options.namesWorkloads {
                throw ArgumentError.invalid("--readme needs --output DIR: the README links to the charts written there")
            }
            if let load = options.load, !isSweep {
                if !options.namesWorkloads {
                    throw ArgumentError.invalid("--load needs --workload: the main job sweeps its own loads (or use \(toolName) sweep --workload NAME --load ...)")
                }
                if load.values.count > 1 {
                    throw ArgumentError.invalid("--load \(load.name) gives several values: a single run takes one; run them all with \(toolName) sweep")
                }
            }
            if options.workloads.isEmpty { options.workloads = defaultWorkloadNames ?? workloadNames }
            if options.strategies.isEmpty { options.strategies = strategyNames }
            return isSweep ? .sweep(options) : .run(options)
        }
    }

    /// `names` without repeats, in first-given order.
    private func unique(_ names: [String]) -> [String] {
        names.enumerated().filter { !names[..<$0.offset].contains($0.element) }.map(\.element)
    }
}

/// `--load NAME=V1,V2,...`: a load parameter and the values to set it to.
struct LoadChoice: Equatable {
    var name: String
    /// The values, in the order given (a sweep sorts them).
    var values: [Double]

    init(name: String, values: [Double]) {
        (self.name, self.values) = (name, values)
    }

    /// Parses `NAME=V1,V2,...` (values are numbers; `_` may group digits: `8_000`).
    ///
    /// - Throws: ``ArgumentParsing/ArgumentError/badValue(option:value:expected:)`` when the text is not of that form.
    init(parsing text: String) throws(ArgumentError) {
        let expected = "NAME=V1,V2,... (a load parameter of the workload, see --list, and numbers)"
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty else { throw .badValue(option: "--load", value: text, expected: expected) }
        var values: [Double] = []
        for item in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = Double(item.replacingOccurrences(of: "_", with: "")), value.isFinite else {
                throw .badValue(option: "--load", value: text, expected: expected)
            }
            values.append(value)
        }
        (name, self.values) = (parts[0], values)
    }

    /// The error for `value` of parameter `name`, which workload `workload` does not accept for
    /// `problem`: the one message a single run and a sweep give.
    static func rejected(_ value: Double, of name: String, by workload: String, problem: String) -> ArgumentError {
        .badValue(option: "--load", value: "\(name)=\(LoadParameter.format(value))", expected: "a load \(workload) accepts: \(problem)")
    }
}
