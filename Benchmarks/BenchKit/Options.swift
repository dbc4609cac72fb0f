import Reporting
import Scheduling

/// What a `bench` command line asks for.
enum Command: Equatable {
    case help
    /// List the workloads and strategies.
    case list
    /// Run workloads under strategies.
    case run(RunOptions)
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

/// A command line that cannot be run. Each case describes itself in a sentence.
enum UsageError: Error, Equatable, CustomStringConvertible {
    case unknownOption(String)
    /// An argument that is not an option, outside `compare`.
    case unexpectedArgument(String)
    case missingValue(option: String)
    case badValue(option: String, value: String, expected: String)
    case unknownName(kind: String, name: String, known: [String])
    case readmeWithoutOutput
    case compareArguments
    /// A file or directory given on the command line cannot be used.
    case badPath(String)

    var description: String {
        switch self {
        case .unknownOption(let option):
            "unknown option '\(option)'"
        case .unexpectedArgument(let argument):
            "unexpected argument '\(argument)'; name workloads with --workload and strategies with --strategy"
        case .missingValue(let option):
            "\(option) needs a value"
        case .badValue(let option, let value, let expected):
            "invalid value '\(value)' for \(option): expected \(expected)"
        case .unknownName(let kind, let name, let known):
            "unknown \(kind) '\(name)'; known: \(known.joined(separator: ", "))"
        case .readmeWithoutOutput:
            "--readme needs --output DIR: the README links to the charts written there"
        case .compareArguments:
            "compare takes two results files, or one with --baseline: bench compare A.json B.json [--format FORMAT], "
                + "bench compare results.json --baseline STRATEGY [--format FORMAT]"
        case .badPath(let message):
            message
        }
    }
}

/// Parses `bench` command lines.
struct OptionParser {
    /// The workloads a run may name, in catalog order.
    let workloadNames: [String]
    /// The strategies a run may name, in report order.
    let strategyNames: [String]
    /// The workloads run when none is named (``Workloads/WorkloadCatalog/defaultSet``); `nil`: all.
    var defaultWorkloadNames: [String]? = nil

    /// Parses `arguments` (without the program name).
    func parse(_ arguments: [String]) throws(UsageError) -> Command {
        if arguments.first == "compare" { return try parseCompare(arguments.dropFirst()) }
        if arguments.first == "calibrate" { return try parseCalibrate(arguments.dropFirst()) }
        var options = RunOptions(workloads: [], strategies: [])
        var list = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                return .help
            case "--list":
                list = true
            case "--workload":
                let name = try value(of: argument, from: &remaining)
                guard workloadNames.contains(name) else {
                    throw .unknownName(kind: "workload", name: name, known: workloadNames)
                }
                if !options.workloads.contains(name) { options.workloads.append(name) }
            case "--strategy":
                let name = try value(of: argument, from: &remaining)
                guard strategyNames.contains(name) else {
                    throw .unknownName(kind: "strategy", name: name, known: strategyNames)
                }
                if !options.strategies.contains(name) { options.strategies.append(name) }
            case "--frames":
                let text = try value(of: argument, from: &remaining)
                let range = RunOptions.frameRange
                guard let frames = Int(text), range.contains(frames) else {
                    let expected = "a whole number from \(range.lowerBound) to \(NumberFormat.grouped(range.upperBound))"
                    throw .badValue(option: argument, value: text, expected: expected)
                }
                options.frames = frames
            case "--repetitions":
                options.repetitionCount = try count(of: argument, from: &remaining)
            case "--wide":
                options.wide = true
            case "--costs":
                options.costs = try CostProfile(contentsOf: try path(of: argument, from: &remaining))
            case "--hz":
                let text = try value(of: argument, from: &remaining)
                let range = RunOptions.frameRateRange
                guard let rate = Double(text), range.contains(rate) else {
                    let expected = "a rate in Hz from \(Int(range.lowerBound)) to \(NumberFormat.grouped(Int(range.upperBound)))"
                    throw .badValue(option: argument, value: text, expected: expected)
                }
                options.frameRate = rate
            case "--clock":
                options.clock = try choice(of: argument, from: &remaining)
            case "--format":
                options.format = try choice(of: argument, from: &remaining)
            case "--output":
                options.output = try path(of: argument, from: &remaining)
            case "--readme":
                options.readme = try path(of: argument, from: &remaining)
            default:
                throw argument.hasPrefix("-") ? .unknownOption(argument) : .unexpectedArgument(argument)
            }
        }
        if list { return .list }
        if options.readme != nil && options.output == nil { throw .readmeWithoutOutput }
        if options.workloads.isEmpty { options.workloads = defaultWorkloadNames ?? workloadNames }
        if options.strategies.isEmpty { options.strategies = strategyNames }
        return .run(options)
    }

    /// Parses the arguments after `compare`: two files, or one file and `--baseline STRATEGY`, and
    /// an optional `--format`.
    private func parseCompare(_ arguments: ArraySlice<String>) throws(UsageError) -> Command {
        var files: [String] = []
        var format = OutputFormat.table
        var baseline: String?
        var remaining = arguments
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h": return .help
            case "--format": format = try choice(of: argument, from: &remaining)
            case "--baseline": baseline = try value(of: argument, from: &remaining)
            default:
                if argument.hasPrefix("-") { throw .unknownOption(argument) }
                files.append(argument)
            }
        }
        if let baseline {
            guard files.count == 1 else { throw .compareArguments }
            return .compareStrategies(file: files[0], baseline: baseline, format: format)
        }
        guard files.count == 2 else { throw .compareArguments }
        return .compare(baseline: files[0], candidate: files[1], format: format)
    }

    /// Parses the arguments after `calibrate`: `--output FILE`, `--default`, `--repetitions N`.
    private func parseCalibrate(_ arguments: ArraySlice<String>) throws(UsageError) -> Command {
        var output: String?
        var writesDefault = false
        var repetitions = 3
        var remaining = arguments
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h": return .help
            case "--output": output = try path(of: argument, from: &remaining)
            case "--default": writesDefault = true
            case "--repetitions": repetitions = try count(of: argument, from: &remaining)
            default: throw argument.hasPrefix("-") ? .unknownOption(argument) : .unexpectedArgument(argument)
            }
        }
        return .calibrate(output: output, writesDefault: writesDefault, repetitions: repetitions)
    }

    /// The repetition count following `option`.
    private func count(of option: String, from remaining: inout ArraySlice<String>) throws(UsageError) -> Int {
        let text = try value(of: option, from: &remaining)
        let range = RunOptions.repetitionRange
        guard let count = Int(text), range.contains(count) else {
            let expected = "a whole number from \(range.lowerBound) to \(NumberFormat.grouped(range.upperBound))"
            throw .badValue(option: option, value: text, expected: expected)
        }
        return count
    }

    /// The value following `option`.
    private func value(of option: String, from remaining: inout ArraySlice<String>) throws(UsageError) -> String {
        guard let value = remaining.popFirst() else { throw .missingValue(option: option) }
        return value
    }

    /// The non-empty path following `option`.
    private func path(of option: String, from remaining: inout ArraySlice<String>) throws(UsageError) -> String {
        let path = try value(of: option, from: &remaining)
        guard !path.isEmpty else { throw .badValue(option: option, value: path, expected: "a path (an empty one names no file)") }
        return path
    }

    /// The value following `option`, one of the cases of `Choice`.
    private func choice<Choice: RawRepresentable & CaseIterable>(
        of option: String, from remaining: inout ArraySlice<String>
    ) throws(UsageError) -> Choice where Choice.RawValue == String {
        let text = try value(of: option, from: &remaining)
        guard let choice = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue)
            throw .badValue(option: option, value: text, expected: "one of " + names.joined(separator: ", "))
        }
        return choice
    }
}
