import Reporting

/// `bench compare A.json B.json`: for each workload and strategy that both results files hold,
/// the ratio B / A of every metric's median, an interval for it, and a verdict.
///
/// The ratio's interval runs from B's interval low over A's high to B's high over A's low, so it
/// holds whenever both medians' intervals do. B is *lower* when B's interval lies wholly below
/// A's, *higher* when wholly above, and otherwise there is *no detectable difference*: a verdict
/// a second pair of runs would not be expected to flip. A file compared with itself has no
/// difference anywhere; virtual-clock results (exact, one repetition) differ wherever the values do.
struct Comparison {
    /// The results compared against: A.
    let baseline: BenchResults
    /// The results compared: B.
    let candidate: BenchResults
    /// How the files are named in the table's title.
    let names: (baseline: String, candidate: String)

    /// What the intervals say about B against A.
    enum Verdict: String {
        case lower
        case higher
        case noDifference = "="

        /// The verdict of `candidate` against `baseline`.
        init(_ candidate: MedianEstimate, against baseline: MedianEstimate) {
            if candidate.high < baseline.low {
                self = .lower
            } else if candidate.low > baseline.high {
                self = .higher
            } else {
                self = .noDifference
            }
        }
    }

    /// One row per run of the baseline that the candidate also has, one column per ``Metric``: the
    /// ratio B / A of the medians with its interval in brackets and the verdict (`lower`, `higher`,
    /// or `=` for no detectable difference). A ratio is 1 when both medians are 0, and has no
    /// number when only A's is.
    var table: Table {
        var table = Table(
            title: "Ratios B / A of the medians (A: \(names.baseline), B: \(names.candidate)), [interval] and verdict: "
                + "lower or higher when the intervals do not overlap, = for no detectable difference",
            columns: [Column("workload"), Column("strategy")] + Metric.all.map { Column($0.column, alignment: .right) }
        )
        for (old, new) in pairs {
            table.append([.text(old.workload), .text(old.strategy)] + Metric.all.map { metric in
                guard let a = old.estimate(of: metric), let b = new.estimate(of: metric) else { return .missing }
                return .text(Self.describe(b, against: a))
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

    /// "0.82 [0.75, 0.90] lower": the ratio of the medians, its interval unless exact, and the verdict.
    static func describe(_ new: MedianEstimate, against old: MedianEstimate) -> String {
        let verdict = Verdict(new, against: old)
        let format = { (ratio: Double?, fallback: String) in ratio.map { NumberFormat.fixed($0, decimals: 2) } ?? fallback }
        var text = format(ratio(new.median, to: old.median), "—")
        if !(new.isExact && old.isExact) {
            text += " [\(format(ratio(new.low, to: old.high), "—")), \(format(ratio(new.high, to: old.low), "∞"))]"
        }
        return text + " " + verdict.rawValue
    }

    /// `new / old`: 1 when both are 0, `nil` when only `old` is.
    static func ratio(_ new: Double, to old: Double) -> Double? {
        if old == 0 { return new == 0 ? 1 : nil }
        return new / old
    }
}
