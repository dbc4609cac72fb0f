import Foundation
import Scheduling
import Workloads

/// One workload run at a series of loads under several strategies, and where each strategy breaks.
///
/// In JSON (a contract): `workload`, `parameter` (the load parameter's name), `unit`, `clock`,
/// `loads` (ascending), `points[]` (`load`, `strategy`, `result` keyed as `runs[].result`, and
/// the other keys of a run: `frames`, `samples`, `estimates`) and `breakingPoints[]`
/// (``BreakingPoint``).
struct Sweep: Codable, Equatable, Sendable {
    var workload: String
    /// The load parameter's name, e.g. `rows`.
    var parameter: String
    /// What a load counts, after the number in sentences, e.g. `rows`.
    var unit: String
    /// `real` or `virtual`.
    var clock: String
    /// The display-link rate, in Hz.
    var frameRate: Double
    /// The loads swept, ascending.
    var loads: [Double]
    /// The workload's default load, if the sweep holds it (its points are the workload's `runs[]`).
    var defaultLoad: Double?
    /// One point per load and strategy, load by load.
    var points: [SweepPoint]
    /// One per strategy and criterion.
    var breakingPoints: [BreakingPoint]
    /// The strategies whose runs failed at a load above the smallest (they drew nothing, or too
    /// little): no point of theirs is in ``points`` there, and they break there on every criterion.
    var failedPoints: [SweepFailure] = []

    /// The strategies of the points, in run order.
    var strategies: [String] { points.map(\.run.strategy).uniqued() }

    /// The point of `strategy` at `load`, if it ran.
    func point(_ strategy: String, at load: Double) -> SweepPoint? {
        points.first { $0.load == load && $0.run.strategy == strategy }
    }

    /// The breaking point of `strategy` for `criterion`, if found.
    func breakingPoint(_ strategy: String, _ criterion: BreakingCriterion) -> BreakingPoint? {
        breakingPoints.first { $0.strategy == strategy && $0.criterion == criterion }
    }

    /// `value` with the sweep's unit: "8,000 rows".
    func describe(_ value: Double) -> String { "\(LoadFormat.number(value)) \(unit)" }

    /// Sets each breaking point's virtual-clock load from `virtual` (the same sweep on the virtual
    /// clock) and whether the two are within one step of the sweep: a load that breaks nowhere
    /// counts as one step past the largest.
    mutating func compare(with virtual: Sweep) {
        func step(_ load: Double?) -> Int { load.flatMap { loads.firstIndex(of: $0) } ?? loads.count }
        for index in breakingPoints.indices {
            let point = breakingPoints[index]
            guard let other = virtual.breakingPoint(point.strategy, point.criterion) else { continue }
            breakingPoints[index].virtualLoad = other.load
            breakingPoints[index].clocksAgree = abs(step(point.load) - step(other.load)) <= 1
        }
    }
}

extension Sweep {
    enum CodingKeys: String, CodingKey {
        case workload, parameter, unit, clock, frameRate, loads, defaultLoad, points, breakingPoints, failedPoints
    }

    /// Decodes a sweep; one written before sweeps recorded failed points has none.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        workload = try container.decode(String.self, forKey: .workload)
        parameter = try container.decode(String.self, forKey: .parameter)
        unit = try container.decode(String.self, forKey: .unit)
        clock = try container.decode(String.self, forKey: .clock)
        frameRate = try container.decode(Double.self, forKey: .frameRate)
        loads = try container.decode([Double].self, forKey: .loads)
        defaultLoad = try container.decodeIfPresent(Double.self, forKey: .defaultLoad)
        points = try container.decode([SweepPoint].self, forKey: .points)
        breakingPoints = try container.decode([BreakingPoint].self, forKey: .breakingPoints)
        failedPoints = try container.decodeIfPresent([SweepFailure].self, forKey: .failedPoints) ?? []
    }
}

/// A strategy whose run failed at a swept load above the smallest: overloaded, it drew nothing or
/// too little there (JSON `sweeps[].failedPoints[] {load, strategy}`).
struct SweepFailure: Codable, Equatable, Sendable {
    var load: Double
    var strategy: String
}

/// Numbers of loads in sentences and tables: grouped thousands, no trailing zeros.
enum LoadFormat {
    static func number(_ value: Double) -> String { LoadParameter.format(value) }
}

/// One workload at one load under one strategy: the load and the run's record, whose keys are
/// those of `runs[]` (`workload`, `strategy`, `frames`, `result`, `samples`, `estimates`) beside
/// `load` in JSON.
struct SweepPoint: Codable, Equatable, Sendable {
    var load: Double
    var run: BenchRun

    init(load: Double, run: BenchRun) {
        (self.load, self.run) = (load, run)
    }

    private enum CodingKeys: String, CodingKey { case load }

    init(from decoder: any Decoder) throws {
        load = try decoder.container(keyedBy: CodingKeys.self).decode(Double.self, forKey: .load)
        run = try BenchRun(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(load, forKey: .load)
        try run.encode(to: encoder)
    }
}
