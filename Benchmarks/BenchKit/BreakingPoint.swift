import Foundation
import Scheduling

/// What it means for a strategy to break under a load: a condition on one run's metrics that
/// users feel, with a threshold tied to the frame interval.
enum BreakingCriterion: String, Codable, CaseIterable, Sendable {
    /// More than 5 % of the run's vsyncs missed (Apple's missed vsyncs over the run's vsync intervals).
    case missedVsyncs = "missed-vsyncs"
    /// Input latency p99 over one frame interval: events wait for more than a frame.
    case inputLatency = "input-latency"
    /// Update latency p99 over three frame intervals: changes show more than three frames late.
    case updateLatency = "update-latency"

    /// The share of missed vsyncs above which ``missedVsyncs`` holds.
    static let missedVsyncShare = 0.05

    /// The value the criterion compares with its threshold in each repetition of `run` (from its
    /// samples, or its one result in a file without them); 0 where a repetition does not have it
    /// (no events, no transaction shown): the criterion does not hold there.
    func values(of run: BenchRun) -> [Double] {
        let source = self == .missedVsyncs ? Metric.missedVsyncs : metric
        let samples = run.samples?[source.slug] ?? [source.value(run.result)]
        let scale = self == .missedVsyncs ? 1 / Double(max(1, run.result.ticks)) : 1
        return samples.map { value in value.map { $0.isNaN ? 0 : $0 * scale } ?? 0 }
    }

    /// The threshold above which the criterion holds, at `frameRate` Hz.
    func threshold(frameRate: Double) -> Double {
        switch self {
        case .missedVsyncs: Self.missedVsyncShare
        case .inputLatency: 1_000 / frameRate
        case .updateLatency: 3_000 / frameRate
        }
    }

    /// The metric whose chart shows the criterion.
    var metric: Metric {
        switch self {
        case .missedVsyncs: .missedVsyncShare
        case .inputLatency: .inputLatencyP99
        case .updateLatency: .updateLatencyP99
        }
    }
}

extension Metric {
    /// The share of the run's vsync intervals whose vsync a late frame missed, in %: what the
    /// `missed-vsyncs` breaking criterion compares with 5 %.
    static let missedVsyncShare = Metric(
        column: "missed %", title: "Vsyncs missed (% of the run's vsyncs)", unit: "% of vsyncs",
        slug: "missed-vsync-share", decimals: 1, scale: .linear, guide: .none
    ) { $0.ticks > 0 ? 100 * Double($0.missedVsyncs) / Double($0.ticks) : .nan }
}

/// Where one strategy starts to meet one ``BreakingCriterion`` in a sweep.
///
/// In JSON (a contract): `strategy`, `criterion`, `load` (the smallest swept load at which the
/// criterion holds, `null` when it holds at none), and `lowerLoad` (the swept load below `load`,
/// at which it does not hold; absent when it holds from the smallest load): the breaking point lies
/// between `lowerLoad` and `load`. On the real clock, `confidence` is the probability that it does
/// (sign test on the repetitions at both loads); with a virtual-clock companion, `virtualLoad` and
/// `clocksAgree` (the two loads within one step of the sweep).
struct BreakingPoint: Codable, Equatable, Sendable {
    var strategy: String
    var criterion: BreakingCriterion
    /// The smallest swept load at which the criterion holds; `nil` (JSON `null`) if none.
    var load: Double?
    /// The swept load just below ``load`` (where the criterion does not hold); `nil` when ``load``
    /// is the smallest swept load or `nil`.
    var lowerLoad: Double?
    /// With repetitions: the probability that the criterion's median holds at ``load`` and not at
    /// ``lowerLoad`` (without a `load`: that it does not hold at the largest swept load).
    var confidence: Double?
    /// The virtual clock's breaking load, for a real-clock sweep run with its virtual companion.
    var virtualLoad: Double?
    /// Whether ``load`` and ``virtualLoad`` are within one step of the sweep.
    var clocksAgree: Bool?

    private enum CodingKeys: String, CodingKey {
        case strategy, criterion, load, lowerLoad, confidence, virtualLoad, clocksAgree
    }

    init(strategy: String, criterion: BreakingCriterion, load: Double?, lowerLoad: Double? = nil, confidence: Double? = nil) {
        (self.strategy, self.criterion, self.load, self.lowerLoad, self.confidence) = (strategy, criterion, load, lowerLoad, confidence)
    }

    /// Writes `load` as `null` when there is none (the contract's key is always present).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(strategy, forKey: .strategy)
        try container.encode(criterion, forKey: .criterion)
        try container.encode(load, forKey: .load)
        try container.encodeIfPresent(lowerLoad, forKey: .lowerLoad)
        try container.encodeIfPresent(confidence, forKey: .confidence)
        if clocksAgree != nil { try container.encode(virtualLoad, forKey: .virtualLoad) }
        try container.encodeIfPresent(clocksAgree, forKey: .clocksAgree)
    }

    /// The breaking points of every strategy and criterion in `points` (swept at `loads`,
    /// ascending), at `frameRate` Hz. A criterion holds at a point when the median of its
    /// repetitions' values is over the threshold; with more than one repetition, ``confidence``
    /// is that of a sign test: the probability that the true median is over the threshold at
    /// ``load`` and not over it at ``lowerLoad`` (or, for a criterion that holds nowhere, not over
    /// it at the largest load). A strategy in `failed` at a load (its run drew nothing or too
    /// little) holds every criterion there, for certain.
    static func find(
        in points: [SweepPoint], loads: [Double], strategies: [String], frameRate: Double, failed: [SweepFailure] = []
    ) -> [BreakingPoint] {
        var found: [BreakingPoint] = []
        for strategy in strategies {
            let failedLoads = Set(failed.filter { $0.strategy == strategy }.map(\.load))
            for criterion in BreakingCriterion.allCases {
                let threshold = criterion.threshold(frameRate: frameRate)
                // Per swept load: whether the repetitions' median is over the threshold, and how
                // many of them are.
                let tallies = loads.map { load -> (holds: Bool, over: Int, count: Int)? in
                    if failedLoads.contains(load) { return (true, 1, 1) }
                    guard let point = points.first(where: { $0.load == load && $0.run.strategy == strategy }) else { return nil }
                    let values = criterion.values(of: point.run).sorted()
                    guard !values.isEmpty else { return nil }
                    let median = (values[(values.count - 1) / 2] + values[values.count / 2]) / 2
                    return (median > threshold, values.filter { $0 > threshold }.count, values.count)
                }
                let repeated = tallies.contains { ($0?.count ?? 0) > 1 }
                let index = tallies.firstIndex { $0?.holds ?? false }
                var point = BreakingPoint(strategy: strategy, criterion: criterion, load: index.map { loads[$0] })
                if let index, index > 0 { point.lowerLoad = loads[index - 1] }
                if repeated {
                    var confidence = 1.0
                    if let index, let tally = tallies[index], !failedLoads.contains(loads[index]) {
                        confidence *= SignTest.overConfidence(over: tally.over, of: tally.count)
                    }
                    let below = index.map { $0 > 0 ? $0 - 1 : nil } ?? (loads.isEmpty ? nil : loads.count - 1)
                    if let below, let tally = tallies[below] { confidence *= SignTest.overConfidence(over: tally.count - tally.over, of: tally.count) }
                    point.confidence = confidence
                }
                found.append(point)
            }
        }
        return found
    }
}

/// The sign test on repetitions: how sure `k` of `n` values over a threshold make us that the
/// median is over it.
enum SignTest {
    /// The probability, were the median at or under the threshold, of fewer than `over` of `count`
    /// values over it: P(Binomial(count, ½) < over). 6 of 6: 98.4 %; 3 of 3: 87.5 %; 1 of 1: 50 %.
    static func overConfidence(over: Int, of count: Int) -> Double {
        guard count > 0 else { return 0 }
        var probability = 0.0
        var coefficient = 1.0  // C(count, i)
        for i in 0 ..< over {
            probability += coefficient
            coefficient = coefficient * Double(count - i) / Double(i + 1)
        }
        return probability / pow(2, Double(count))
    }
}
