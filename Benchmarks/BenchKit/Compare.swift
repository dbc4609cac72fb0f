import Reporting

/// `bench compare A.json B.json`: the ratio B / A of every metric, for each workload and strategy
/// that both results files hold.
struct Comparison {
    /// The results compared against: A.
    let baseline: BenchResults
    /// The results compared: B.
    let candidate: BenchResults
    /// How the files are named in the table's title.
    let names: (baseline: String, candidate: String)

    /// One row per run of the baseline that the candidate also has, one ratio column per
    /// ``Metric``. A ratio is 1 when both values are 0, and missing when only the baseline's is.
    var table: Table {
        var table = Table(
            title: "Ratios B / A (A: \(names.baseline), B: \(names.candidate)); below 1 means B is lower",
            columns: [Column("workload"), Column("strategy")] + Metric.all.map { Column($0.column, decimals: 2) }
        )
        for (old, new) in pairs {
            table.append([.text(old.workload), .text(old.strategy)] + Metric.all.map { metric in
                Self.ratio(metric.value(new.result), to: metric.value(old.result))
            })
        }
        return table
    }

    /// Sentences about what the ratios cannot show: runs only one file holds, and settings that
    /// differ between the files.
    var notes: [String] {
        var notes: [String] = []
        if baseline.summary != candidate.summary {
            notes.append("the files were made with different settings: A: \(baseline.summary); B: \(candidate.summary)")
        }
        let key = { (run: BenchRun) in "\(run.workload) × \(run.strategy)" }
        let baselineKeys = Set(baseline.runs.map(key))
        let candidateKeys = Set(candidate.runs.map(key))
        let onlyBaseline = baseline.runs.map(key).filter { !candidateKeys.contains($0) }
        let onlyCandidate = candidate.runs.map(key).filter { !baselineKeys.contains($0) }
        if !onlyBaseline.isEmpty { notes.append("only in A: \(onlyBaseline.joined(separator: ", "))") }
        if !onlyCandidate.isEmpty { notes.append("only in B: \(onlyCandidate.joined(separator: ", "))") }
        return notes
    }

    /// The runs both files hold, in the baseline's order.
    private var pairs: [(BenchRun, BenchRun)] {
        baseline.runs.compactMap { old in
            candidate.runs.first { $0.workload == old.workload && $0.strategy == old.strategy }.map { (old, $0) }
        }
    }

    /// `new / old` as a cell: 1 when both are 0, missing when only `old` is.
    static func ratio(_ new: Double, to old: Double) -> Cell {
        if old == 0 { return new == 0 ? .number(1) : .missing }
        return .number(new / old)
    }
}
