import Reporting

/// The simulator's validation on sweeps: at every swept point of the incremental strategies, the
/// virtual clock's p50 frame time and missed vsyncs against the real clock's medians, and every
/// breaking point of both clocks. The goal (``Validation``'s): p50 within ±25 % and missed vsyncs
/// within ±1 per 120 frames at ≥ 90 % of points, and breaking points within one step of the sweep.
struct SweepValidation {
    /// The real-clock sweeps.
    let real: [Sweep]
    /// The same sweeps on the virtual clock.
    let virtual: [Sweep]

    /// The share of points that must meet the goal.
    static let requiredShare = 0.9

    /// One compared point.
    struct Row {
        var workload: String
        var parameter: String
        var load: Double
        var strategy: String
        var predicted: (p50: Double, missed: Double)
        var measured: (p50: Double, missed: Double)
        /// The real clock's interval of the p50 frame time and of the missed vsyncs (over its
        /// repetitions: [min, max] of 3).
        var measuredRange: (p50: ClosedRange<Double>?, missed: ClosedRange<Double>?)
        var frames: Int
        /// The bounds the point misses; empty when it meets the goal.
        var misses: [String]
    }

    /// The points of the incremental strategies that both clocks ran.
    var rows: [Row] {
        real.flatMap { sweep -> [Row] in
            guard let model = companion(of: sweep) else { return [] }
            return sweep.points.compactMap { point -> Row? in
                guard Validation.incremental.contains(point.run.strategy),
                      let predicted = model.point(point.run.strategy, at: point.load)?.run else { return nil }
                let p50 = (predicted.estimate(of: .frameTimeP50)?.median ?? .nan, point.run.estimate(of: .frameTimeP50)?.median ?? .nan)
                let missed = (predicted.estimate(of: .missedVsyncs)?.median ?? 0, point.run.estimate(of: .missedVsyncs)?.median ?? 0)
                var misses: [String] = []
                if p50.1 > 0, abs(p50.0 - p50.1) / p50.1 > Validation.frameTimeTolerance { misses.append("p50") }
                if abs(missed.0 - missed.1) * 120 / Double(max(1, point.run.frames)) > Validation.missedVsyncTolerance { misses.append("missed vsyncs") }
                func range(_ metric: Metric) -> ClosedRange<Double>? {
                    point.run.estimate(of: metric).flatMap { $0.low <= $0.high ? $0.low ... $0.high : nil }
                }
                return Row(workload: sweep.workload, parameter: sweep.parameter, load: point.load, strategy: point.run.strategy,
                           predicted: (p50.0, missed.0), measured: (p50.1, missed.1),
                           measuredRange: (range(.frameTimeP50), range(.missedVsyncs)), frames: point.run.frames, misses: misses)
            }
        }
    }

    /// The virtual sweep matching `sweep`.
    private func companion(of sweep: Sweep) -> Sweep? {
        virtual.first { $0.workload == sweep.workload && $0.parameter == sweep.parameter }
    }

    /// The breaking points of the incremental strategies both clocks have: (agreeing, compared).
    var breakingPointAgreement: (agreeing: Int, compared: Int) {
        var agreeing = 0, compared = 0
        for sweep in real {
            guard let model = companion(of: sweep) else { continue }
            var joined = sweep
            joined.compare(with: model)
            for point in joined.breakingPoints where Validation.incremental.contains(point.strategy) && point.clocksAgree != nil {
                compared += 1
                if point.clocksAgree == true { agreeing += 1 }
            }
        }
        return (agreeing, compared)
    }

    /// For `workload`'s sweep, a sentence when the model misses the goal there, else `nil`.
    func fidelity(of workload: String) -> String? {
        let rows = rows.filter { $0.workload == workload }
        guard !rows.isEmpty else { return nil }
        let met = rows.filter(\.misses.isEmpty).count
        guard Double(met) < Self.requiredShare * Double(rows.count) else { return nil }
        return "The simulator misses its accuracy goal on this sweep: \(met) of \(rows.count) points of the incremental strategies within bounds (validation.md)."
    }

    /// A paragraph: how many points and breaking points meet the goal.
    var summary: String {
        let rows = rows
        let met = rows.filter(\.misses.isEmpty).count
        let share = rows.isEmpty ? 0 : Double(met) / Double(rows.count)
        let (agreeing, compared) = breakingPointAgreement
        let verdict = share >= Self.requiredShare && agreeing == compared ? "The goal is met." : "The goal is not met."
        return "Goal on the incremental strategies (\(Validation.incremental.sorted().joined(separator: ", "))): p50 frame time within ±25 % "
            + "and missed vsyncs within ±1 per 120 frames at ≥ 90 % of the swept points, breaking points of both clocks within "
            + "one step of the sweep. Points within bounds: \(met) of \(rows.count) (\(Int((share * 100).rounded())) %); "
            + "breaking points within one step: \(agreeing) of \(compared). \(verdict) Details: `validation.md`."
    }

    /// Whether the row's virtual values lie within the real clock's intervals, for every bound
    /// the row misses: a miss the real runs' own spread covers.
    static func isWithinRealSpread(_ row: Row) -> Bool {
        guard !row.misses.isEmpty else { return false }
        let p50 = row.measuredRange.p50.map { $0.contains(row.predicted.p50) } ?? false
        let missed = row.measuredRange.missed.map { $0.contains(row.predicted.missed) } ?? false
        return (!row.misses.contains("p50") || p50) && (!row.misses.contains("missed vsyncs") || missed)
    }

    /// Per sweep, a line naming the points that miss, grouped by strategy and by which way the
    /// model is off, and how many of them the real runs' own spread covers.
    var missesBySweep: [String] {
        let rows = rows
        var lines: [String] = []
        var seen: [String] = []
        for row in rows where !seen.contains(row.workload) { seen.append(row.workload) }
        for workload in seen {
            let ofSweep = rows.filter { $0.workload == workload }
            let missing = ofSweep.filter { !$0.misses.isEmpty }
            guard !missing.isEmpty else {
                lines.append("- **\(workload)**: every point within bounds.")
                continue
            }
            var parts: [String] = []
            var strategies: [String] = []
            for row in missing where !strategies.contains(row.strategy) { strategies.append(row.strategy) }
            for strategy in strategies {
                let points = missing.filter { $0.strategy == strategy }
                let loads = points.map { LoadFormat.number($0.load) }.joined(separator: ", ")
                let p50 = points.filter { $0.misses.contains("p50") }
                let over = p50.filter { $0.predicted.p50 > $0.measured.p50 }.count
                let missed = points.filter { $0.misses.contains("missed vsyncs") }
                let missedOver = missed.filter { $0.predicted.missed > $0.measured.missed }.count
                var how: [String] = []
                if !p50.isEmpty { how.append("p50 " + (over == p50.count ? "over" : over == 0 ? "under" : "over and under") + " the real one") }
                if !missed.isEmpty {
                    how.append("missed vsyncs " + (missedOver == missed.count ? "over" : missedOver == 0 ? "under" : "over and under") + " the real ones")
                }
                parts.append("`\(strategy)` at \(loads) (\(how.joined(separator: ", ")))")
            }
            let spread = missing.filter(Self.isWithinRealSpread).count
            lines.append("- **\(workload)**: \(ofSweep.count - missing.count) of \(ofSweep.count) within bounds; misses: "
                + parts.joined(separator: "; ") + ". The real runs' own spread covers \(spread) of the \(missing.count) misses.")
        }
        return lines
    }

    /// The real clock's p50 and missed vsyncs over its repetitions, as `0.21–0.25 ms, 0–1`.
    static func rangeText(_ row: Row) -> String {
        func text(_ range: ClosedRange<Double>?, _ unit: String) -> String {
            guard let range else { return "—" }
            return range.lowerBound == range.upperBound ? NumberFormat.compact(range.lowerBound) + unit
                : NumberFormat.compact(range.lowerBound) + "–" + NumberFormat.compact(range.upperBound) + unit
        }
        return text(row.measuredRange.p50, " ms") + ", " + text(row.measuredRange.missed, "")
    }

    /// `validation.md`: the summary, then one row per compared point.
    var report: String {
        var table = Table(
            title: "Virtual clock against real runs at every swept point",
            columns: [Column("workload"), Column("load", alignment: .right), Column("strategy"), Column("p50 ms virtual", alignment: .right),
                      Column("real", alignment: .right), Column("error", alignment: .right), Column("missed virtual", alignment: .right),
                      Column("real", alignment: .right), Column("per 120 frames", alignment: .right), Column("goal"),
                      Column("real range")]
        )
        for row in rows {
            table.append([
                .text(row.workload), .text("\(LoadFormat.number(row.load)) \(row.parameter)"), .text(row.strategy),
                .number(row.predicted.p50), .number(row.measured.p50),
                .text(Validation.error(.frameTimeP50, row.predicted.p50, row.measured.p50, frames: row.frames)),
                .number(row.predicted.missed), .number(row.measured.missed),
                .text(Validation.error(.missedVsyncs, row.predicted.missed, row.measured.missed, frames: row.frames)),
                .text(row.misses.isEmpty ? "met" : "not met: " + row.misses.joined(separator: ", ")),
                .text(Self.rangeText(row)),
            ])
        }
        return """
            # The virtual clock against real runs, on the sweeps

            Generated by the main job on the real clock (`\(toolName) --output DIR`), which runs every sweep on the \
            virtual clock too. \(summary)

            ## Where the points miss

            \(missesBySweep.joined(separator: "\n"))

            A miss within the real runs' own spread (the *real range* column: the real clock's p50 and missed \
            vsyncs over its repetitions) is one the real clock does not itself pin down; the goal counts it as a miss all \
            the same. What the cost model leaves out or approximates, and so where misses come from, is listed in \
            `Docs/VirtualClock.md` (Validation).

            \(table.markdown())
            """
    }
}
