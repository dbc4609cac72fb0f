import Foundation
import Reporting

/// The findings of sweeps: each breaking point stated as a sentence generated from the data, per
/// workload and criterion: which strategies break from which load, which keep within the bound up
/// to the largest load swept and what they pay for it (their other breaking points), on which
/// clock, and, for a real-clock sweep with its virtual companion, whether the clocks agree.
///
/// "On heavy-update (virtual clock), `lazy` and `async-pull` make events wait over one frame from
/// 1,000 rows, `eager` from 2,000 rows; `sliced` keeps them under one frame up to 4,000 rows, and
/// pays with update latency over three frames from 2,000 rows."
struct Findings {
    /// One sentence about one sweep and one criterion (or about a sweep where nothing breaks).
    struct Finding: Equatable {
        var workload: String
        var parameter: String
        /// "virtual clock", or "real clock, 3 repetitions per point".
        var clock: String
        /// `nil` for a sweep in which no strategy breaks.
        var criterion: BreakingCriterion?
        /// The statement, starting with a strategy's name: "`lazy` makes events wait over one
        /// frame from 1,000 rows; ...".
        var statement: String

        /// The statement as a sentence of its own: "On heavy-update (virtual clock), `lazy` ...".
        var sentence: String { "On \(workload) (\(clock)), " + statement.prefix(1).lowercased() + statement.dropFirst() }
    }

    /// The findings, sweep by sweep.
    let findings: [Finding]

    /// The findings of `sweeps`; `fidelity` gives, by workload, a sentence on the simulator's
    /// accuracy on the sweep where it misses its goal, said beside the sweep's findings.
    init(_ sweeps: [Sweep], fidelity: [String: String] = [:]) {
        findings = sweeps.flatMap { Self.findings(of: $0, fidelity: fidelity[$0.workload]) }
    }

    /// The findings as a Markdown list, one item per sweep.
    var markdown: String {
        var items: [String] = []
        var index = findings.startIndex
        while index < findings.endIndex {
            let first = findings[index]
            let sweep = findings[index...].prefix { $0.workload == first.workload && $0.parameter == first.parameter }
            items.append("- **\(first.workload)** by \(first.parameter) (\(first.clock)): " + sweep.map(\.statement).joined(separator: " "))
            index += sweep.count
        }
        return items.joined(separator: "\n")
    }

    /// The sweep's statements: one per criterion at which some strategy breaks, or one saying that
    /// none does.
    static func findings(of sweep: Sweep, fidelity: String?) -> [Finding] {
        let strategies = sweep.strategies
        guard let largest = sweep.loads.last, !strategies.isEmpty else { return [] }
        let clock = clockNote(sweep)
        var found: [Finding] = []
        for criterion in [BreakingCriterion.inputLatency, .missedVsyncs, .updateLatency] {
            let points = strategies.compactMap { sweep.breakingPoint($0, criterion) }
            let breaking = points.filter { $0.load != nil }
            guard !breaking.isEmpty else { continue }
            // Strategies that break at the same load are named together, the earliest first.
            let groups = Dictionary(grouping: breaking, by: { $0.load! }).sorted { $0.key < $1.key }
            var clauses: [String] = []
            for (index, group) in groups.enumerated() {
                let everyone = groups.count == 1 && group.value.count == strategies.count && strategies.count > 1
                let names = everyone ? "every strategy" : list(group.value.map { "`\($0.strategy)`" })
                let verb = index == 0 ? " " + criterion.breaks(plural: group.value.count > 1 && !everyone) : ""
                clauses.append("\(names)\(verb) from \(sweep.describe(group.key))")
            }
            var statement = clauses.joined(separator: ", ")
            if statement.hasPrefix("every") { statement = "Every" + statement.dropFirst(5) }
            let keepers = points.filter { $0.load == nil }.map(\.strategy)
            if !keepers.isEmpty {
                statement += "; \(list(keepers.map { "`\($0)`" })) \(criterion.keeps(plural: keepers.count > 1)) up to \(sweep.describe(largest))"
                // What the keepers pay: their other breaking points, keepers that pay alike together.
                let costs = keepers.map { keeper in
                    BreakingCriterion.allCases.filter { $0 != criterion }.compactMap { other -> String? in
                        sweep.breakingPoint(keeper, other)?.load.map { "\(other.cost) from \(sweep.describe($0))" }
                    }
                }
                var payers: [(names: [String], costs: [String])] = []
                for (keeper, cost) in zip(keepers, costs) where !cost.isEmpty {
                    if let index = payers.firstIndex(where: { $0.costs == cost }) { payers[index].names.append(keeper) } else { payers.append(([keeper], cost)) }
                }
                let payments = payers.map { payer in
                    (payer.names.count == keepers.count ? "" : list(payer.names.map { "`\($0)`" }) + " ") + "with " + list(payer.costs)
                }
                if !payments.isEmpty {
                    statement += ", and pay\(keepers.count > 1 ? "" : "s")\(payers.first?.names.count == keepers.count ? " " : ": ")" + payments.joined(separator: "; ")
                }
            }
            statement += "."
            found.append(Finding(workload: sweep.workload, parameter: sweep.parameter, clock: clock, criterion: criterion, statement: statement))
        }
        if found.isEmpty {
            let statement = "No strategy breaks up to \(sweep.describe(largest)): events wait under one frame, "
                + "at most 5 % of vsyncs are missed and updates show within three frames."
            found.append(Finding(workload: sweep.workload, parameter: sweep.parameter, clock: clock, criterion: nil, statement: statement))
        }
        // What the clocks say is said once for the sweep, after its last criterion, as is the
        // simulator's accuracy.
        let notes = [agreement(sweep.breakingPoints, sweep: sweep), fidelity].compactMap { $0 }
        if let last = found.indices.last, !notes.isEmpty { found[last].statement += " " + notes.joined(separator: " ") }
        return found
    }

    /// "virtual clock", or "real clock, 6 repetitions".
    private static func clockNote(_ sweep: Sweep) -> String {
        let repetitions = sweep.points.first?.run.repetitions ?? 1
        return sweep.clock == "real" ? "real clock, \(repetitions) repetition\(repetitions == 1 ? "" : "s") per point" : "virtual clock"
    }

    /// What the clocks say of the sweep's breaking points, for a real sweep with its virtual
    /// companion: agreement within one sweep step, or where they part; and the least confidence of
    /// the real breaking points stated. `nil` when there is nothing to say (a virtual sweep, or
    /// one in which nothing breaks).
    private static func agreement(_ points: [BreakingPoint], sweep: Sweep) -> String? {
        var notes: [String] = []
        let compared = points.filter { $0.clocksAgree != nil }
        if !compared.isEmpty && points.contains(where: { $0.load != nil || $0.virtualLoad != nil }) {
            let differing = compared.filter { $0.clocksAgree == false }
            if differing.isEmpty {
                notes.append("The virtual clock agrees within one step of the sweep on every breaking point.")
            } else {
                let where_ = differing.map { point in
                    "`\(point.strategy)` on `\(point.criterion.rawValue)` (virtual: \(point.virtualLoad.map { "from " + sweep.describe($0) } ?? "at no swept load"))"
                }
                notes.append("The virtual clock differs by more than one step for " + list(where_) + ".")
            }
        }
        let confidences = points.filter { $0.load != nil }.compactMap(\.confidence)
        if let least = confidences.min() {
            notes.append("Each breaking load lies where stated with at least \(Int((least * 100).rounded(.down))) % confidence (sign test on the repetitions).")
        }
        return notes.isEmpty ? nil : notes.joined(separator: " ")
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}

extension BreakingCriterion {
    /// The verb phrase of strategies that break: "makes events wait over one frame".
    func breaks(plural: Bool) -> String {
        switch self {
        case .inputLatency: plural ? "make events wait over one frame" : "makes events wait over one frame"
        case .missedVsyncs: plural ? "miss over 5 % of vsyncs" : "misses over 5 % of vsyncs"
        case .updateLatency: plural ? "show updates over three frames late" : "shows updates over three frames late"
        }
    }

    /// The verb phrase of strategies that do not break: "keeps them under one frame".
    func keeps(plural: Bool) -> String {
        switch self {
        case .inputLatency: plural ? "keep them under one frame" : "keeps them under one frame"
        case .missedVsyncs: plural ? "miss at most 5 %" : "misses at most 5 %"
        case .updateLatency: plural ? "show them within three frames" : "shows them within three frames"
        }
    }

    /// What breaking it costs, as a noun phrase: "update latency over three frames".
    var cost: String {
        switch self {
        case .inputLatency: "input latency over one frame"
        case .missedVsyncs: "over 5 % of vsyncs missed"
        case .updateLatency: "update latency over three frames"
        }
    }
}
