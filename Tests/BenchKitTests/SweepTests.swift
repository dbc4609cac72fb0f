import ArgumentParsing
import Foundation
import Reporting
import Scheduling
import Testing
import Views
import Workloads
@testable import BenchKit

/// A workload whose breaking load is known: a button on screen, and in every active frame an event
/// handler that keeps the main thread busy for `handler-ms` milliseconds. Its input latency is at
/// least the handler's time, so input latency p99 passes one frame interval (16.7 ms at 60 Hz)
/// first at the smallest load over 16.7 under every strategy; it posts no transaction, so nothing
/// is ever shown late, and it requests no frame, so no vsync is missed.
struct SlowHandlerWorkload: Workload {
    let name = "slow-handler"
    let summary = "a slow event handler every frame"
    var milliseconds = 5.0

    var loadParameters: [LoadParameter] {
        [LoadParameter(name: "handler-ms", unit: "ms handlers", summary: "each handler's time", default: milliseconds,
                       range: 1 ... 100, isWholeNumber: false, sweep: [5, 10, 15, 20, 25])]
    }

    func setting(_ parameter: String, to value: Double) throws -> any Workload {
        try checkedLoad(parameter, value)
        return SlowHandlerWorkload(milliseconds: value)
    }

    func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let host = ViewHost(rootView: PlusButton(), size: Size(width: 100, height: 40))
        let events = EventScript.activeFrames(of: frames).map { frame in
            MainThreadEvent(frame: frame, cost: .microseconds(Int64(milliseconds * 1_000)), name: "slow handler")
        }
        return WorkloadInstance(showing: host, events: events)
    }
}

@Suite struct SweepTests {
    /// `bench sweep` on the virtual clock finds the known breaking load, and writes the contract's
    /// JSON keys: `sweeps[].workload`, `.parameter`, `.points[] {load, strategy, result}`,
    /// `.breakingPoints[] {strategy, criterion, load}` with `load` null where none breaks.
    @Test func aSweepFindsTheKnownBreakingLoadAndWritesTheContractKeys() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tool = BenchTool(workloads: [SlowHandlerWorkload()], registry: StrategyRegistry())
        let status = tool.main(arguments: ["sweep", "--workload", "slow-handler", "--clock", "virtual", "--frames", "12",
                                           "--format", "json", "--output", directory.path])
        #expect(status == 0)
        let data = try Data(contentsOf: directory.appendingPathComponent("results.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let sweep = try #require((json["sweeps"] as? [[String: Any]])?.first)
        #expect(sweep["workload"] as? String == "slow-handler" && sweep["parameter"] as? String == "handler-ms")
        let points = try #require(sweep["points"] as? [[String: Any]])
        #expect(points.count == 5 * 3)
        let point = try #require(points.first)
        #expect(point["load"] as? Double == 5 && point["strategy"] as? String == "eager")
        #expect((point["result"] as? [String: Any])?["missedVsyncs"] != nil)
        let breaking = try #require(sweep["breakingPoints"] as? [[String: Any]])
        #expect(breaking.count == 3 * 3)
        for entry in breaking {
            #expect(entry["strategy"] is String && entry["criterion"] is String)
            #expect(entry.keys.contains("load"), "load is present, null when none")
            switch entry["criterion"] as? String {
            case "input-latency":
                #expect(entry["load"] as? Double == 20 && entry["lowerLoad"] as? Double == 15)
            case "missed-vsyncs", "update-latency":
                #expect(entry["load"] is NSNull)
            default:
                Issue.record("unexpected criterion \(entry)")
            }
        }
        // runs[] holds the points at the default load, keyed as single runs are.
        let runs = try #require(json["runs"] as? [[String: Any]])
        #expect(runs.count == 3 && runs.allSatisfy { $0["workload"] as? String == "slow-handler" })
        // The report leads with the findings; the charts and tidy CSV are beside it.
        let report = try String(contentsOf: directory.appendingPathComponent("report.md"), encoding: .utf8)
        let findings = try #require(report.range(of: "## Findings"))
        #expect(report.range(of: "## Tables").map { findings.lowerBound < $0.lowerBound } == true)
        #expect(report.contains("Every strategy makes events wait over one frame from 20 ms handlers."))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        for file in ["sweeps.csv", "slow-handler--input-latency.svg", "slow-handler--missed-vsyncs.svg", "slow-handler--update-latency.svg"] {
            #expect(files.contains(file), "\(file)")
        }
        let csv = try String(contentsOf: directory.appendingPathComponent("sweeps.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("workload,parameter,load,strategy,clock,repetition,metric,value,unit\r\n"))
        #expect(csv.contains("slow-handler,handler-ms,20,lazy,virtual,1,input-latency-p99,"))
    }

    /// `--load` picks the loads; bad loads and workloads without a parameter are usage errors.
    @Test func loadsAreCheckedBeforeAnythingRuns() throws {
        let tool = BenchTool(workloads: [SlowHandlerWorkload(), PulseWorkload()], registry: StrategyRegistry())
        #expect(tool.main(arguments: ["sweep", "--workload", "slow-handler", "--load", "handler-ms=500", "--clock", "virtual"]) == 2)
        #expect(tool.main(arguments: ["sweep", "--workload", "slow-handler", "--load", "rows=5", "--clock", "virtual"]) == 2)
        #expect(tool.main(arguments: ["sweep", "--workload", "pulse", "--clock", "virtual"]) == 2)
        #expect(tool.main(arguments: ["sweep", "--clock", "virtual"]) == 2)
        #expect(tool.main(arguments: ["--workload", "slow-handler", "--load", "handler-ms=5,10", "--clock", "virtual"]) == 2)
        let parser = OptionParser(workloadNames: ["slow-handler"], strategyNames: ["lazy"])
        guard case .sweep(let options) = try parser.parse(["sweep", "--workload", "slow-handler", "--load", "handler-ms=18,2_5"]) else {
            Issue.record("expected a sweep")
            return
        }
        #expect(options.load == LoadChoice(name: "handler-ms", values: [18, 25]))
        #expect(throws: ArgumentError.self) { try parser.parse(["sweep", "--workload", "slow-handler", "--load", "handler-ms"]) }
        let plan = try SweepRunner.Plan(SlowHandlerWorkload(), parameter: "handler-ms", loads: [25, 18, 25])
        #expect(plan.loads == [18, 25])
    }

    /// A single run at a load: `--workload W --load NAME=V` runs W set to V.
    @Test func aSingleRunTakesALoad() throws {
        let tool = BenchTool(workloads: [SlowHandlerWorkload()], registry: StrategyRegistry())
        let options = RunOptions(workloads: ["slow-handler"], strategies: ["lazy"])
        var loaded = options
        loaded.load = LoadChoice(name: "handler-ms", values: [30])
        let workload = try #require(try tool.atLoad(loaded).workloads.first)
        #expect(workload.loadParameters.first?.defaultValue == 30)
    }

    /// A load the workload does not accept gets one message, naming the parameter and value and
    /// why, from a single run and from a sweep alike.
    @Test func aRejectedLoadHasOneMessage() throws {
        let tool = BenchTool(workloads: [SlowHandlerWorkload()], registry: StrategyRegistry())
        var options = RunOptions(workloads: ["slow-handler"], strategies: ["lazy"])
        options.load = LoadChoice(name: "handler-ms", values: [500])
        func message(_ body: () throws -> Void) -> String {
            do { try body() } catch { return "\(error)" }
            return "no error"
        }
        let single = message { _ = try tool.atLoad(options) }
        let sweep = message { _ = try SweepRunner.Plan(SlowHandlerWorkload(), parameter: "handler-ms", loads: [500]) }
        #expect(single == sweep)
        #expect(single.contains("handler-ms=500") && single.contains("a load slow-handler accepts"), "\(single)")
    }

    /// A strategy whose run failed at a load above the smallest (it drew nothing there) breaks at
    /// that load on every criterion, for certain, instead of being left out and credited with the
    /// loads below it; a results file from before failed points were recorded still loads.
    @Test func aStrategyThatDrewNothingAtALoadBreaksThere() throws {
        let loads = [1.0, 2, 4]
        // Input latency p99 per repetition (ms): under one frame at 1 and 2; no point at 4.
        let points = zip(loads.prefix(2), [[1.0, 2, 3], [4, 5, 6]]).map { load, values in
            SweepPoint(load: load, run: Self.run("sliced", inputLatencies: values))
        }
        let failed = [SweepFailure(load: 4, strategy: "sliced")]
        let found = BreakingPoint.find(in: points, loads: loads, strategies: ["sliced"], frameRate: 60, failed: failed)
        for criterion in BreakingCriterion.allCases {
            let point = found.first { $0.criterion == criterion }
            #expect(point?.load == 4 && point?.lowerLoad == 2, "\(criterion)")
        }
        // Certain at 4; 3 of 3 under at 2 (7/8).
        #expect(found.first { $0.criterion == .inputLatency }?.confidence == 7.0 / 8)
        let unrecorded = BreakingPoint.find(in: points, loads: loads, strategies: ["sliced"], frameRate: 60)
        #expect(unrecorded.first { $0.criterion == .inputLatency }?.load == nil)

        let sweep = Sweep(workload: "w", parameter: "p", unit: "u", clock: "real", frameRate: 60, loads: loads, defaultLoad: nil,
                          points: points, breakingPoints: found, failedPoints: failed)
        let encoded = try JSONEncoder().encode(sweep)
        #expect(try JSONDecoder().decode(Sweep.self, from: encoded) == sweep)
        var old = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        old["failedPoints"] = nil
        let decodedOld = try JSONDecoder().decode(Sweep.self, from: try JSONSerialization.data(withJSONObject: old))
        #expect(decodedOld.failedPoints.isEmpty && decodedOld.points == sweep.points)
    }

    /// Breaking points: the smallest load at which the median holds, the load below it, and with
    /// repetitions the sign test's confidence; the clocks agree within one step.
    @Test func breakingPointsAndTheirConfidence() {
        #expect(SignTest.overConfidence(over: 6, of: 6) == 63.0 / 64)
        #expect(SignTest.overConfidence(over: 3, of: 3) == 7.0 / 8)
        #expect(SignTest.overConfidence(over: 0, of: 3) == 0)
        let loads = [1.0, 2, 4, 8]
        // Input latency p99 per repetition (ms), at each load: breaks (median > 16.7) from 4.
        let latencies: [[Double]] = [[1, 2, 3], [10, 20, 12], [30, 15, 40], [50, 60, 70]]
        let points = zip(loads, latencies).map { load, values in SweepPoint(load: load, run: Self.run("lazy", inputLatencies: values)) }
        let found = BreakingPoint.find(in: points, loads: loads, strategies: ["lazy"], frameRate: 60)
        let input = found.first { $0.criterion == .inputLatency }
        #expect(input?.load == 4 && input?.lowerLoad == 2)
        // 2 of 3 over at 4 (P(Bin(3, ½) < 2) = 1/2), 2 of 3 under at 2 (1/2).
        #expect(input?.confidence == 0.25)
        var real = Sweep(workload: "w", parameter: "p", unit: "u", clock: "real", frameRate: 60, loads: loads, defaultLoad: nil,
                         points: points, breakingPoints: found)
        var virtual = real
        virtual.clock = "virtual"
        virtual.breakingPoints = [BreakingPoint(strategy: "lazy", criterion: .inputLatency, load: 8),
                                  BreakingPoint(strategy: "lazy", criterion: .missedVsyncs, load: 4),
                                  BreakingPoint(strategy: "lazy", criterion: .updateLatency, load: 8)]
        real.compare(with: virtual)
        #expect(real.breakingPoint("lazy", .inputLatency)?.clocksAgree == true)
        // Breaking nowhere counts as one step past the largest load: 8 is one step from it, 4 two.
        #expect(real.breakingPoint("lazy", .missedVsyncs)?.clocksAgree == false)
        #expect(real.breakingPoint("lazy", .updateLatency)?.clocksAgree == true)
    }

    /// Findings are sentences from the breaking points: who breaks from which load, who keeps
    /// within the bound up to the largest load and what it pays, and whether the clocks agree.
    @Test func findingsAreSentencesFromTheData() {
        func point(_ strategy: String, _ criterion: BreakingCriterion, _ load: Double?) -> BreakingPoint {
            BreakingPoint(strategy: strategy, criterion: criterion, load: load)
        }
        let runs = ["lazy", "async-pull", "sliced"].map { SweepPoint(load: 250, run: Self.run($0, inputLatencies: [1])) }
        let sweep = Sweep(
            workload: "heavy-update", parameter: "rows", unit: "rows", clock: "virtual", frameRate: 60,
            loads: [250, 800, 2_000, 8_000], defaultLoad: nil, points: runs,
            breakingPoints: [
                point("lazy", .inputLatency, 800), point("async-pull", .inputLatency, 800), point("sliced", .inputLatency, nil),
                point("lazy", .missedVsyncs, nil), point("async-pull", .missedVsyncs, nil), point("sliced", .missedVsyncs, nil),
                point("lazy", .updateLatency, nil), point("async-pull", .updateLatency, nil), point("sliced", .updateLatency, 2_000),
            ]
        )
        let findings = Findings([sweep])
        #expect(findings.findings.map(\.criterion) == [.inputLatency, .updateLatency])
        #expect(findings.findings[0].sentence == "On heavy-update (virtual clock), `lazy` and `async-pull` make events wait over one frame "
            + "from 800 rows; `sliced` keeps them under one frame up to 8,000 rows, and pays with update latency over three frames from 2,000 rows.")
        #expect(findings.markdown.hasPrefix("- **heavy-update** by rows (virtual clock): `lazy` and `async-pull` make events wait"))
        var compared = sweep
        compared.clock = "real"
        for index in compared.breakingPoints.indices {
            compared.breakingPoints[index].clocksAgree = compared.breakingPoints[index].strategy != "lazy"
        }
        let real = Findings([compared], fidelity: ["heavy-update": "The simulator misses its goal here."])
        // The clocks' agreement is said once for the sweep, after its last criterion, naming the
        // criteria they part on; then the simulator's accuracy.
        #expect(!real.findings[0].statement.contains("virtual clock"))
        #expect(real.findings.last?.statement.hasSuffix(
            "The virtual clock differs by more than one step for `lazy` on `input-latency` (virtual: at no swept load), "
                + "`lazy` on `missed-vsyncs` (virtual: at no swept load) and `lazy` on `update-latency` (virtual: at no swept load). "
                + "The simulator misses its goal here.") == true)
        for index in compared.breakingPoints.indices { compared.breakingPoints[index].clocksAgree = true }
        let agreeing = Findings([compared]).findings
        #expect(agreeing.filter { $0.statement.contains("virtual clock agrees") }.count == 1)
        #expect(agreeing.last?.statement.hasSuffix("The virtual clock agrees within one step of the sweep on every breaking point.") == true)
        let calm = Sweep(workload: "counter", parameter: "taps", unit: "taps per second", clock: "virtual", frameRate: 60, loads: [1, 2],
                         defaultLoad: nil, points: runs, breakingPoints: [point("lazy", .inputLatency, nil)])
        #expect(Findings([calm]).findings.map(\.statement) == [
            "No strategy breaks up to 2 taps per second: events wait under one frame, at most 5 % of vsyncs are missed and updates show within three frames.",
        ])
    }

    /// A sweep's chart: one line per strategy, the real clock's intervals as bands, breaking points
    /// ringed, and the frame interval drawn.
    @Test func chartsHaveLinesBandsMarkersAndTheFrameInterval() {
        let loads = [1.0, 2, 4]
        let points = loads.flatMap { load in
            ["lazy", "sliced"].map { SweepPoint(load: load, run: Self.run($0, inputLatencies: [load * 5, load * 6, load * 7])) }
        }
        let found = BreakingPoint.find(in: points, loads: loads, strategies: ["lazy", "sliced"], frameRate: 60)
        let real = Sweep(workload: "w", parameter: "rows", unit: "rows", clock: "real", frameRate: 60, loads: loads, defaultLoad: nil,
                         points: points, breakingPoints: found)
        var virtual = real
        virtual.clock = "virtual"
        let chart = SweepCharts(sweep: real, virtual: virtual).chart(.inputLatency)
        #expect(chart.series.map(\.label) == ["lazy", "sliced"])
        #expect(chart.bands.count == 2 && chart.bands[0].spans.count == 3)
        #expect(chart.markers.map(\.x) == [4, 4])
        #expect(chart.references.map(\.label) == ["one frame interval"])
        let svg = chart.svg()
        #expect(svg.components(separatedBy: "<polygon").count - 1 == 2)
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 2)
        #expect(svg.contains("one frame interval") && svg.contains("○ breaking point") && svg.contains("r=\"9\""))
        #expect(svg.contains("lines: virtual clock; bands: real clock&apos;s 95 % interval"))
        let virtualOnly = SweepCharts(sweep: virtual, virtual: nil).chart(.updateLatency)
        #expect(virtualOnly.bands.isEmpty && virtualOnly.references.map(\.label) == ["one frame interval", "three frame intervals"])
    }

    /// The validation on sweeps compares every point of the incremental strategies and every
    /// breaking point of both clocks, and says where the model misses its goal.
    @Test func validationCoversTheSweptPoints() {
        let loads = [1.0, 2, 4, 8]
        let points = loads.flatMap { load in
            ["lazy", "workflow"].map { SweepPoint(load: load, run: Self.run($0, inputLatencies: [load * 5])) }
        }
        let found = BreakingPoint.find(in: points, loads: loads, strategies: ["lazy", "workflow"], frameRate: 60)
        let model = Sweep(workload: "w", parameter: "rows", unit: "rows", clock: "virtual", frameRate: 60, loads: loads, defaultLoad: nil,
                          points: points, breakingPoints: found)
        var real = model
        real.clock = "real"
        let same = SweepValidation(real: [real], virtual: [model])
        #expect(same.rows.count == 4, "lazy's points only: workflow is not an incremental strategy")
        #expect(same.rows.allSatisfy(\.misses.isEmpty) && same.fidelity(of: "w") == nil)
        #expect(same.breakingPointAgreement == (3, 3))
        #expect(same.summary.contains("Points within bounds: 4 of 4 (100 %); breaking points within one step: 3 of 3. The goal is met."))
        // Real frame times twice the model's at every point: p50 misses its ±25 %.
        for index in real.points.indices {
            real.points[index].run.estimates?["frame-time-p50"]?.median *= 2
            real.points[index].run.estimates?["frame-time-p50"]?.low *= 2
            real.points[index].run.estimates?["frame-time-p50"]?.high *= 2
        }
        let off = SweepValidation(real: [real], virtual: [model])
        #expect(off.rows.allSatisfy { $0.misses == ["p50"] })
        #expect(off.fidelity(of: "w")?.contains("0 of 4 points") == true)
        #expect(off.report.contains("| w | 1 rows | lazy |"))
        // validation.md names the points that miss, which way, and whether the real spread covers them.
        #expect(off.missesBySweep == ["- **w**: 0 of 4 within bounds; misses: `lazy` at 1, 2, 4, 8 (p50 under the real one). "
            + "The real runs' own spread covers 0 of the 4 misses."])
        #expect(same.missesBySweep == ["- **w**: every point within bounds."])
        // A real interval wide enough to hold the model's value: the miss is within the real spread.
        real.points[0].run.estimates?["frame-time-p50"]?.low = 0
        #expect(SweepValidation(real: [real], virtual: [model]).missesBySweep.first?.hasSuffix("The real runs' own spread covers 1 of the 4 misses.") == true)
    }

    /// The main job of a tool whose workloads declare no parameter runs each once, as before.
    @Test func theMainJobOfUnparameterisedWorkloadsIsASingleRun() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tool = BenchTool(workloads: [PulseWorkload()], registry: StrategyRegistry())
        #expect(tool.main(arguments: ["--clock", "virtual", "--frames", "12", "--output", directory.path]) == 0)
        let results = try JSONDecoder().decode(BenchResults.self, from: Data(contentsOf: directory.appendingPathComponent("results.json")))
        #expect(results.sweeps == nil && results.runs.count == 3)
    }

    /// The result of a short virtual-clock run, whose metrics the tests' records change.
    static let template = try! WorkloadRunner.run(
        PulseWorkload(), strategy: "lazy", clock: .virtual(CostModel(perFrame: .microseconds(100), perEvaluation: .microseconds(1))), frames: 6
    ).result

    /// A run record of `strategy` whose repetitions had the input latencies p99 `values`.
    static func run(_ strategy: String, inputLatencies values: [Double]) -> BenchRun {
        let results = values.map { value in
            var result = template
            result.strategy = strategy
            result.inputLatency = RunResult.Percentiles([value])
            return result
        }
        return BenchRun(workload: "w", strategy: strategy, frames: 60, repetitions: results)
    }
}
