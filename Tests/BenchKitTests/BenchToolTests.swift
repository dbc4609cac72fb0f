import ArgumentParsing
import Foundation
import Reporting
import Scheduling
import Testing
import Views
import Workloads
@testable import BenchKit

/// The `bench` command line: parsing, running, writing and comparing results.
@Suite struct BenchToolTests {
    private let parser = OptionParser(workloadNames: ["pulse", "counter"], strategyNames: ["eager", "lazy"])

    /// Options are parsed into a run; names are checked against the known ones.
    @Test func parsesARun() throws {
        let command = try parser.parse(["--workload", "pulse", "--strategy", "lazy", "--frames", "12", "--clock", "virtual", "--format", "csv"])
        guard case .run(let options) = command else {
            Issue.record("expected a run, got \(command)")
            return
        }
        #expect(options.workloads == ["pulse"] && options.strategies == ["lazy"])
        #expect(options.frames == 12 && options.clock == .virtual && options.format == .csv)
    }

    /// Unknown names and bad values are usage errors that say what is expected.
    @Test func rejectsBadInput() {
        #expect(throws: ArgumentError.unknownName(option: "--workload", kind: "workload", name: "nope", known: ["pulse", "counter"])) {
            try parser.parse(["--workload", "nope"])
        }
        #expect(throws: ArgumentError.unknownName(option: "--strategy", kind: "strategy", name: "fastest", known: ["eager", "lazy"])) {
            try parser.parse(["--strategy", "fastest"])
        }
        #expect(throws: ArgumentError.missingValue(option: "--frames", valueName: "N")) { try parser.parse(["--frames"]) }
        #expect(throws: ArgumentError.unknownOption("--colour", suggestion: nil)) { try parser.parse(["--colour"]) }
        #expect(throws: ArgumentError.unknownOption("--frame", suggestion: "--frames")) { try parser.parse(["--frame", "3"]) }
        #expect(throws: ArgumentError.self) { try parser.parse(["--workload", "pulse", "--readme", "README.md"]) }
        #expect(throws: ArgumentError.self) { try parser.parse(["compare", "only-one.json"]) }
        #expect(throws: ArgumentError.missingArguments(command: "\(toolName) compare", expected: "A.json")) { try parser.parse(["compare"]) }
        #expect(throws: ArgumentError.unexpectedArgument("pulse", suggestion: "--workload pulse")) { try parser.parse(["pulse"]) }
        for bad in [["--frames", "0"], ["--hz", "-60"], ["--clock", "sundial"], ["--format", "pdf"], ["calibrate", "--repetitions", "0"],
                    ["compare", "a.json", "b.json", "--format", "svg"]] {
            #expect(throws: ArgumentError.self) { try parser.parse(bad) }
        }
    }

    /// Every documented flag and subcommand of `bench` (its help, the README, Docs and .ci/run)
    /// parses to what it meant before the shared parser.
    @Test func parsesEveryDocumentedCommandLine() throws {
        let run = try parser.parse(["--workload", "pulse", "--workload", "counter", "--workload", "pulse", "--strategy", "eager",
                                    "--frames", "30", "--repetitions", "2", "--hz", "120", "--clock", "virtual", "--format", "json",
                                    "--wide", "--output", "out", "--readme", "README.md"])
        var expected = RunOptions(workloads: ["pulse", "counter"], strategies: ["eager"])
        (expected.frames, expected.repetitionCount, expected.frameRate, expected.clock, expected.format) = (30, 2, 120, .virtual, .json)
        (expected.wide, expected.output, expected.readme, expected.namesWorkloads) = (true, "out", "README.md", true)
        #expect(run == .run(expected))
        #expect(try parser.parse(["--list"]) == .list)
        #expect(try parser.parse(["--clock", "virtual", "--list"]) == .list)
        guard case .help(let help) = try parser.parse(["--help"]), case .help(let compareHelp) = try parser.parse(["compare", "-h"]) else {
            Issue.record("expected help")
            return
        }
        // The tool's name is the file it was started as (`bench`, or a researcher's own tool).
        let name = toolName
        #expect(help.hasPrefix("USAGE: \(name) [options]\n       \(name) sweep [options]\n       \(name) compare [options] A.json [B.json...]\n       \(name) calibrate [options]"))
        for option in ["--workload NAME", "--strategy NAME", "--frames N", "--repetitions N", "--hz RATE", "--clock CLOCK", "--costs FILE",
                       "--format FORMAT", "--wide", "--output DIR", "--readme PATH", "--stall-seconds S", "--list", "--help", "Exit status: 0"] {
            #expect(help.contains(option), "\(option)")
        }
        #expect(compareHelp.hasPrefix("USAGE: \(toolName) compare [options] A.json [B.json...]"))
        #expect(try parser.parse(["compare", "a.json", "b.json"]) == .compare(baseline: "a.json", candidate: "b.json", format: .table))
        #expect(try parser.parse(["compare", "--format", "markdown", "a.json", "b.json"])
            == .compare(baseline: "a.json", candidate: "b.json", format: .markdown))
        #expect(try parser.parse(["calibrate"]) == .calibrate(output: nil, writesDefault: false, repetitions: 3))
        #expect(try parser.parse(["calibrate", "--default", "--repetitions", "5", "--output", "p.json"])
            == .calibrate(output: "p.json", writesDefault: true, repetitions: 5))
    }

    /// A ratio is new/old, 1 when both are 0, and has no value when only the baseline is 0.
    @Test func comparisonRatios() {
        #expect(Comparison.ratio(3, to: 2) == 1.5)
        #expect(Comparison.ratio(0, to: 0) == 1)
        #expect(Comparison.ratio(5, to: 0) == nil)
    }

    /// The median's interval comes from order statistics: at least 95 % coverage from 6 values
    /// on, [min, max] with its own coverage below that, and a single value is exact (coverage 0:
    /// one value says nothing about a noisy quantity's median).
    @Test func estimates() throws {
        let one = try #require(MedianEstimate(numbersIn: [4]))
        #expect(one.median == 4 && one.isExact && one.coverage == 0 && one.count == 1)
        let three = try #require(MedianEstimate(numbersIn: [3, 1, 2]))
        #expect(three.median == 2 && three.low == 1 && three.high == 3 && three.coverage == 0.75)
        let six = try #require(MedianEstimate(numbersIn: [6, 1, 5, 2, 4, 3]))
        #expect(six.median == 3.5 && six.low == 1 && six.high == 6 && six.coverage > 0.95)
        let nine = MedianEstimate((1 ... 9).map(Double.init))
        #expect(nine.low == 2 && nine.high == 8 && nine.coverage >= 0.95)
        #expect(MedianEstimate(numbersIn: [.nan]) == nil)
    }

    /// A results file written before the estimate type was shared (`Estimate`, without `count`)
    /// still loads, with the same estimates, and compares with itself: no difference anywhere.
    @Test func aResultsFileWrittenBeforeStillLoads() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/results-written-before-MedianEstimate.json").path
        let results = try BenchResults(contentsOf: path)
        #expect(results.runs.map { "\($0.workload) × \($0.strategy)" } == ["counter × eager", "counter × lazy"])
        let run = try #require(results.runs.first)
        let frameTime = try #require(run.estimates?["frame-time-p50"])
        #expect(frameTime == MedianEstimate(median: 1.842908, low: 0.19803, high: 3.562356, coverage: 0.75, count: nil))
        let samples = try #require(run.samples?["frame-time-p50"]).compactMap { $0 }
        let recomputed = MedianEstimate(samples)
        #expect((recomputed.median, recomputed.low, recomputed.high, recomputed.coverage) == (frameTime.median, frameTime.low, frameTime.high, frameTime.coverage))
        let comparison = Comparison(baseline: results, candidate: results, names: ("A", "B"))
        #expect(comparison.notes.isEmpty)
        let cells = comparison.table.rows.flatMap { $0.dropFirst(2) }
        #expect(!cells.isEmpty && cells.allSatisfy { cell in
            if case .text(let text) = cell { return text.hasSuffix(" =") }
            return cell == .missing
        })
    }

    /// Verdicts: lower or higher only when the intervals do not overlap.
    @Test func verdicts() throws {
        let a = try #require(MedianEstimate(numbersIn: [10, 11, 12, 13, 14, 15]))
        let overlapping = try #require(MedianEstimate(numbersIn: [12, 13, 14, 15, 16, 17]))
        let below = try #require(MedianEstimate(numbersIn: [5, 6, 7, 8, 9, 9.5]))
        #expect(Comparison.Verdict(overlapping, against: a) == .noDifference)
        #expect(Comparison.Verdict(below, against: a) == .lower)
        #expect(Comparison.Verdict(a, against: below) == .higher)
        #expect(Comparison.Verdict(a, against: a) == .noDifference)
    }

    /// `--repetitions` is a positive count; an empty `--output` names no directory.
    @Test func parsesRepetitionsAndRejectsEmptyPaths() throws {
        guard case .run(let options) = try parser.parse(["--repetitions", "4"]) else {
            Issue.record("expected a run")
            return
        }
        #expect(options.repetitions == 4)
        guard case .run(let defaults) = try parser.parse([]), case .run(let virtual) = try parser.parse(["--clock", "virtual"]) else {
            Issue.record("expected runs")
            return
        }
        #expect(defaults.repetitions == RunOptions.realClockRepetitions && virtual.repetitions == 1)
        #expect(throws: ArgumentError.self) { try parser.parse(["--repetitions", "0"]) }
        #expect(throws: ArgumentError.self) { try parser.parse(["--output", ""]) }
    }

    /// The committed profile decodes and charges by kind; a profile without per-kind costs or a
    /// warm wake-up (an older file) still reads; a bad profile file is a usage error.
    @Test func costProfiles() throws {
        let profile = CostProfile.default
        #expect(profile.perKind?.isEmpty == false)
        #expect(profile.costModel.perKind.count == profile.perKind?.count)
        #expect(Calibration.defaultProfileSource(profile).contains("\"perFrameMicroseconds\""))
        let flat = #"{"machine":"m","method":"by hand","perEvaluationMicroseconds":2,"perFrameMicroseconds":500}"#
        let decoded = try JSONDecoder().decode(CostProfile.self, from: Data(flat.utf8))
        #expect(decoded.costModel == CostModel(perFrame: .microseconds(500), perEvaluation: .microseconds(2)))
        // The warm wake-up's keys are optional; given, they reach the cost model.
        #expect(profile.costModel.warmWakeUp != nil && profile.costModel.warmWindow > .zero)
        let warm = #"{"machine":"m","method":"by hand","perEvaluationMicroseconds":2,"perFrameMicroseconds":500,"#
            + #""warmWakeUpMicroseconds":80,"warmWindowMicroseconds":3000}"#
        let warmModel = try JSONDecoder().decode(CostProfile.self, from: Data(warm.utf8)).costModel
        #expect(warmModel.warmWakeUp == .microseconds(80) && warmModel.warmWindow == .milliseconds(3))
        #expect(throws: UsageError.self) { try parser.parse(["--costs", "/nonexistent/profile.json"]) }
    }

    /// The fit recovers non-negative coefficients exactly, and clamps at zero a coefficient that
    /// unconstrained least squares would make negative.
    @Test func nonNegativeLeastSquares() {
        let rows: [[Double]] = [[1, 0, 2], [1, 1, 0], [1, 3, 1], [1, 2, 5], [1, 7, 3]]
        let truth = [0.5, 2, 0.25]
        let targets = rows.map { zip($0, truth).reduce(0) { $0 + $1.0 * $1.1 } }
        let fit = NonNegativeLeastSquares(rows: rows, targets: targets).coefficients
        #expect(zip(fit, truth).allSatisfy { abs($0 - $1) < 1e-6 })
        // y = 3 - x: the best line through zero or above has slope 0 and the mean as intercept.
        let clamped = NonNegativeLeastSquares(rows: [[1, 0], [1, 1], [1, 2]], targets: [3, 2, 1]).coefficients
        #expect(clamped[1] == 0 && abs(clamped[0] - 2) < 1e-9)
    }

    /// Kinds of node fall into the classes the calibration fits.
    @Test func kindClasses() {
        #expect(Calibration.kindClass(of: "placement") == "geometry")
        #expect(Calibration.kindClass(of: "HStack") == "view")
        #expect(Calibration.kindClass(of: "Environment") == "environment")
        #expect(Calibration.kindClass(of: "spin") == "other")
    }

    /// Strategies that end on different screens are named.
    @Test func differingScreensAreNamed() {
        let blank = Views.DisplayList()
        let drawn = Views.DisplayList([.group(opacity: 0.5, offset: .zero, items: [])])
        #expect(Runner.mismatch(of: [("lazy", blank), ("eager", blank)]) == nil)
        let message = Runner.mismatch(of: [("lazy", blank), ("eager", blank), ("workflow", drawn)])
        #expect(message?.contains("{lazy, eager} vs {workflow}") == true)
    }

    /// A virtual-clock run writes results that decode again, charts, and a comparison of two runs.
    @Test func runsWritesAndCompares() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tool = BenchTool(workloads: [PulseWorkload()], registry: StrategyRegistry())
        for name in ["a", "b"] {
            let status = tool.main(arguments: ["--clock", "virtual", "--frames", "20", "--format", "json",
                                               "--output", directory.appendingPathComponent(name).path])
            #expect(status == 0)
        }
        let data = try Data(contentsOf: directory.appendingPathComponent("a/results.json"))
        let results = try JSONDecoder().decode(BenchResults.self, from: data)
        #expect(results.runs.map(\.strategy).sorted() == ["async-pull", "eager", "lazy"])
        // The keys scripts outside the repository read are where they were.
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let run = try #require((json["runs"] as? [[String: Any]])?.first)
        let result = try #require(run["result"] as? [String: Any])
        #expect(run["workload"] as? String == "pulse" && run["strategy"] != nil)
        #expect(result["missedVsyncs"] != nil && result["frameTime"] != nil)
        #expect(result["inputLatency"] != nil && run["samples"] != nil && json["complete"] as? Bool == true)
        // A file compared with itself shows no difference anywhere.
        let itself = Comparison(baseline: results, candidate: results, names: ("a", "a"))
        for row in itself.table.rows {
            for cell in row.dropFirst(2) {
                if case .text(let text) = cell { #expect(text.hasSuffix(" =")) }
            }
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("a").path)
        #expect(files.contains("results.csv") && files.contains { $0.hasSuffix(".svg") })
        let compare = tool.main(arguments: ["compare", directory.appendingPathComponent("a/results.json").path,
                                            directory.appendingPathComponent("b/results.json").path])
        #expect(compare == 0)
    }

    /// Render time per evaluation divides the render time of the frames that evaluated by their
    /// evaluations, in microseconds, and is a column of the README's table.
    @Test func renderTimePerEvaluation() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tool = BenchTool(workloads: [PulseWorkload()], registry: StrategyRegistry())
        #expect(tool.main(arguments: ["--clock", "virtual", "--frames", "20", "--strategy", "lazy", "--format", "json",
                                      "--output", directory.path]) == 0)
        let results = try JSONDecoder().decode(BenchResults.self, from: Data(contentsOf: directory.appendingPathComponent("results.json")))
        let result = try #require(results.runs.first).result
        let evaluating = result.frames.filter { $0.evaluations > 0 }
        try #require(!evaluating.isEmpty)
        let expected = 1_000 * evaluating.map(\.renderMilliseconds).reduce(0, +) / Double(evaluating.map(\.evaluations).reduce(0, +))
        #expect(abs(Metric.renderPerEvaluation.value(result) - expected) <= 1e-9 * expected)
        #expect(results.readmeTable.columns.contains { $0.name == "µs/eval" })
    }

    /// Without `--workload`, a run takes the default set; a workload outside it runs when named.
    @Test func theDefaultSetIsRunUnlessWorkloadsAreNamed() throws {
        let parser = OptionParser(workloadNames: ["pulse", "counter"], strategyNames: ["lazy"], defaultWorkloadNames: ["pulse"])
        guard case .run(let options) = try parser.parse([]), case .run(let named) = try parser.parse(["--workload", "counter"]) else {
            Issue.record("expected runs")
            return
        }
        #expect(options.workloads == ["pulse"] && named.workloads == ["counter"])
    }

    /// `--readme` adds the section on `heavy-update`, running it on the virtual clock when the run
    /// did not, with its table and its scatter chart.
    @Test func theReadmeShowsHeavyUpdatesLatencies() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let readme = directory.appendingPathComponent("README.md")
        try "# Title\n\n<!-- BEGIN BENCH -->\n<!-- END BENCH -->\n".write(to: readme, atomically: true, encoding: .utf8)
        let tool = BenchTool(workloads: [PulseWorkload(), HeavyUpdateWorkload(rows: 20)], registry: StrategyRegistry())
        let status = tool.main(arguments: ["--clock", "virtual", "--frames", "12", "--workload", "pulse",
                                           "--output", directory.appendingPathComponent("out").path, "--readme", readme.path])
        #expect(status == 0)
        let text = try String(contentsOf: readme, encoding: .utf8)
        #expect(text.contains("**heavy-update: input latency against update latency**"))
        #expect(text.contains("| sliced |") == false, "only the strategies of the run")
        #expect(text.contains("| lazy |") && text.contains("(out/heavy-update-latency.svg)"))
        let chart = try String(contentsOf: directory.appendingPathComponent("out/heavy-update-latency.svg"), encoding: .utf8)
        #expect(chart.contains("one frame interval"))
    }

    /// Messages count in the singular for 1: "1 frame", "1 run".
    @Test func pluralForms() throws {
        #expect(NumberFormat.counted(1, "frame") == "1 frame" && NumberFormat.counted(0, "frame") == "0 frames")
        #expect(NumberFormat.counted(1_200, "tap") == "1,200 taps" && NumberFormat.counted(2, "family", plural: "families") == "2 families")
        var options = RunOptions(workloads: ["pulse"], strategies: ["lazy"])
        (options.clock, options.frames) = (.virtual, 1)
        let outcome = Runner(workloads: [PulseWorkload()], registry: StrategyRegistry()).run(options, shouldStop: { false })
        #expect(outcome.results.summary.hasPrefix("1 frame at 60 Hz, virtual clock"))
    }

    /// Usage errors exit with status 2, before any run.
    @Test func usageErrorsExitWithStatusTwo() {
        let tool = BenchTool(workloads: [PulseWorkload()], registry: StrategyRegistry())
        #expect(tool.main(arguments: ["--strategy", "fastest"]) == 2)
        #expect(tool.main(arguments: ["compare", "/nonexistent/a.json", "/nonexistent/b.json"]) == 2)
    }
}
