import Scheduling
import Testing
import Views
import Workloads

@Suite struct LoadParameterTests {
    /// The workloads reproduced from seed 000 as they are, whose tree is the example itself.
    static let unparameterised: Set<String> = ["foreach-animation", "color-animation"]

    @Test func everyWorkloadButTheSeedExamplesDeclaresAParameterHoldingItsDefault() {
        for workload in WorkloadCatalog.all where !Self.unparameterised.contains(workload.name) {
            let parameters = workload.loadParameters
            #expect(!parameters.isEmpty, "\(workload.name)")
            for parameter in parameters {
                #expect(parameter.sweepValues.count >= 5, "\(workload.name) \(parameter.name)")
                #expect(parameter.sweepValues == parameter.sweepValues.sorted())
                #expect(parameter.sweepValues.allSatisfy(parameter.range.contains))
                #expect(parameter.range.contains(parameter.defaultValue))
            }
            // The first parameter, swept by default, holds the default load.
            #expect(parameters[0].sweepValues.contains(parameters[0].defaultValue), "\(workload.name)")
        }
    }

    @Test func settingAParameterKeepsTheNameAndChangesTheWork() throws {
        let heavy = try HeavyUpdateWorkload().setting("rows", to: 500)
        #expect(heavy.name == "heavy-update")
        #expect(heavy.loadParameters.first?.defaultValue == 500)
        let burst = try BurstWorkload(changesPerFrame: 10).setting("taps-per-frame", to: 3)
        #expect(burst.name == "burst-10")
        #expect(burst.makeInstance(frames: 20, frameRate: 60).events.count == 3 * EventScript.activeFrames(of: 20).count)
        let busy = try BusyMainWorkload().setting("busy-percent", to: 50)
        #expect(busy.loadParameters.first?.defaultValue == 50)
        let feed = try ScrollFeedWorkload.expensive.setting("caption-lines", to: 20)
        #expect(feed.name == "expensive-feed")
        #expect(feed.loadParameters.first?.defaultValue == 20)
    }

    @Test func theDefaultLoadIsTheWorkloadAsItWas() throws {
        // Setting each parameter to its default makes the same script: the same events, at the same
        // frames and offsets, as the catalog's workload.
        for workload in WorkloadCatalog.all {
            for parameter in workload.loadParameters {
                let loaded = try workload.setting(parameter.name, to: parameter.defaultValue)
                #expect(loaded.summary == workload.summary, "\(workload.name) \(parameter.name)")
                let before = workload.makeInstance(frames: 12, frameRate: 60).events.map { "\($0.frame) \($0.offset) \($0.name ?? "unnamed")" }
                let after = loaded.makeInstance(frames: 12, frameRate: 60).events.map { "\($0.frame) \($0.offset) \($0.name ?? "unnamed")" }
                #expect(before == after, "\(workload.name) \(parameter.name)")
            }
        }
    }

    /// A parameter defined against its own rules says so, for the tool to report before it runs
    /// anything, rather than stopping the program where the workload declares it.
    @Test func aWrongDefinitionIsAProblemNotACrash() {
        func problem(default value: Double = 5, range: ClosedRange<Double> = 1 ... 10, sweep: [Double]? = nil, name: String = "n") -> String? {
            LoadParameter(name: name, unit: "things", summary: "things", default: value, range: range, sweep: sweep).definitionProblem
        }
        #expect(problem() == nil)
        #expect(problem(sweep: [1, 2]) == nil)
        // The workload's own value may lie outside what runs may set (a smaller one for a test).
        #expect(problem(default: 50) == nil)
        #expect(problem(sweep: [1, 20]) == "load parameter n: a sweep value: n takes values from 1 to 10, not 20")
        #expect(problem(sweep: []) == "load parameter n: it lists no load to sweep")
        #expect(problem(range: 1 ... .infinity) == "load parameter n: its range 1.0...inf is not finite")
        #expect(problem(name: "rows/s")?.hasPrefix("'rows/s' cannot name a load parameter") == true)
        for workload in WorkloadCatalog.all {
            for parameter in workload.loadParameters { #expect(parameter.definitionProblem == nil, "\(workload.name) \(parameter.name)") }
        }
    }

    /// The catalogue's workloads are a valid list; names shared or not names, and wrong parameters,
    /// are each named.
    @Test func aListOfWorkloadsIsCheckedAsAWhole() {
        #expect(WorkloadCatalog.problems(in: WorkloadCatalog.all).isEmpty)
        let problems = WorkloadCatalog.problems(in: WorkloadCatalog.all + [CounterWorkload(), RenamedWorkload(name: "a b"), UnsettableWorkload()])
        #expect(problems == [
            "two workloads are named 'counter'",
            "'a b' cannot name a workload: a name starts with an ASCII letter or digit and goes on with letters, digits, "
                + "'-', '_', '.' or '+', without '--' (it is an argument and names the files of a run's results)",
            "workload unsettable: cannot set n to 1: unsettable: it declares n but does not implement setting(_:to:)",
        ])
    }

    @Test func badLoadsAreErrorsThatSayWhy() {
        #expect(throws: WorkloadError.unknownParameter(workload: "heavy-update", parameter: "lines", known: ["rows", "taps-per-second"])) {
            try HeavyUpdateWorkload().setting("lines", to: 3)
        }
        #expect(throws: WorkloadError.badLoad(workload: "heavy-update", message: "rows takes values from 50 to 32,000, not 10")) {
            try HeavyUpdateWorkload().setting("rows", to: 10)
        }
        #expect(throws: WorkloadError.badLoad(workload: "heavy-update", message: "rows takes whole numbers, not 100.5")) {
            try HeavyUpdateWorkload().setting("rows", to: 100.5)
        }
        #expect(throws: WorkloadError.unknownParameter(workload: "color-animation", parameter: "rows", known: [])) {
            try ColorAnimationWorkload().setting("rows", to: 3)
        }
        #expect(WorkloadError.unknownParameter(workload: "color-animation", parameter: "rows", known: []).description
            == "color-animation declares no load parameter, so it has no load 'rows'")
    }

    @Test func aRangeOverAFactorOfTenIsSweptGeometricallyOnRoundNumbers() {
        let rows = LoadParameter(name: "rows", unit: "rows", summary: "rows", default: 1_000, range: 100 ... 10_000)
        #expect(rows.sweepValues == [100, 250, 1_000, 2_000, 5_000, 10_000])
        let share = LoadParameter(name: "share", unit: "%", summary: "share", default: 40, range: 0 ... 100)
        #expect(share.sweepValues == [0, 40, 60, 80, 100, 20].sorted())
        #expect(rows.describe(2_000) == "2,000 rows")
    }
}

/// The counter workload under another name.
private struct RenamedWorkload: Workload {
    let name: String
    var summary: String { CounterWorkload().summary }
    func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        CounterWorkload().makeInstance(frames: frames, frameRate: frameRate)
    }
}

/// A workload that declares a load parameter but cannot be set to any load.
private struct UnsettableWorkload: Workload {
    let name = "unsettable"
    var summary: String { CounterWorkload().summary }
    var loadParameters: [LoadParameter] { [LoadParameter(name: "n", unit: "things", summary: "things", default: 2, range: 1 ... 10)] }
    func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        CounterWorkload().makeInstance(frames: frames, frameRate: frameRate)
    }
}
