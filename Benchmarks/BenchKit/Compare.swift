import ArgumentParsing
import Reporting

/// `bench compare`: ratios of medians, each with an interval and a verdict, for pairs of runs of
/// the same workload: the same strategy in two results files (`bench compare A.json B.json`, the
/// ratio B / A), or every strategy against a baseline strategy in one file
/// (`bench compare results.json --baseline lazy`, the ratio strategy / baseline).
///
/// The ratio's interval runs from the candidate's interval low over the baseline's high to the
/// candidate's high over the baseline's low, so it holds whenever both medians' intervals do. The
/// candidate is *lower* when its interval lies wholly below the baseline's, *higher* when wholly
/// above, and otherwise there is *no detectable difference*: a verdict a second pair of runs would
/// not be expected to flip. A file compared with itself has no difference anywhere; virtual-clock
/// results (exact, one repetition) differ wherever the values do.
struct Comparison {
    /// A run compared against (`baseline`) and the run compared with it (`candidate`).
    struct Pair {
        let baseline: BenchRun
        let candidate: BenchRun
    }

    /// The pairs, in the baseline's order.
    let pairs: [Pair]
    /// What is compared with what, for the table's title.
    let subject: String
    /// Sentences about what the ratios cannot show: runs without a counterpart, settings that
    /// differ, incomplete files.
    let notes: [String]

    /// What the intervals say about the candidate against the baseline.
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

    /// The runs of `candidate` (B) against those of the same workload and strategy in `baseline`
    /// (A); `names` are the files' names.
    init(baseline: BenchResults, candidate: BenchResults, names: (baseline: String, candidate: String)) {
        let key = { (run: BenchRun) in "\(run.workload) × \(run.strategy)" }
        pairs = baseline.runs.compactMap { old in
            candidate.runs.first { $0.workload == old.workload && $0.strategy == old.strategy }.map { Pair(baseline: old, candidate: $0) }
        }
        subject = "B / A (A: \(names.baseline), B: \(names.candidate))"
        var notes: [String] = []
        if baseline.summary != candidate.summary {
            notes.append("the files were made with different settings: A: \(baseline.summary); B: \(candidate.summary)")
        }
        let baselineKeys = Set(baseline.runs.map(key)), candidateKeys = Set(candidate.runs.map(key))
        let onlyBaseline = baseline.runs.map(key).filter { !candidateKeys.contains($0) }
        let onlyCandidate = candidate.runs.map(key).filter { !baselineKeys.contains($0) }
        if !onlyBaseline.isEmpty { notes.append("only in A: \(onlyBaseline.joined(separator: ", "))") }
        if !onlyCandidate.isEmpty { notes.append("only in B: \(onlyCandidate.joined(separator: ", "))") }
        for (name, results) in [("A", baseline), ("B", candidate)] where results.complete == false {
            notes.append("\(name) is incomplete: its benchmark was interrupted")
        }
        self.notes = notes
    }

    /// Every other strategy of `results` against `strategy` on each workload that both ran;
    /// `name` is the file's name.
    ///
    /// - Throws: ``ArgumentParsing/ArgumentError/badValue(option:value:expected:)`` when no run of
    ///   `results` is of `strategy`.
    init(strategiesOf results: BenchResults, against strategy: String, name: String) throws {
        var strategies: [String] = []
        for run in results.runs where !strategies.contains(run.strategy) { strategies.append(run.strategy) }
        guard strategies.contains(strategy) else {
            throw ArgumentError.badValue(option: "--baseline", value: strategy, expected: "a strategy \(name) holds: " + strategies.joined(separator: ", "))
        }
        var pairs: [Pair] = [], workloadsWithout: [String] = []
        var workloads: [String] = []
        for run in results.runs where !workloads.contains(run.workload) { workloads.append(run.workload) }
        for workload in workloads {
            let runs = results.runs.filter { $0.workload == workload }
            guard let baseline = runs.first(where: { $0.strategy == strategy }) else {
                workloadsWithout.append(workload)
                continue
            }
            pairs += runs.filter { $0.strategy != strategy }.map { Pair(baseline: baseline, candidate: $0) }
        }
        self.pairs = pairs
        subject = "of each strategy to \(strategy) (\(name): \(results.summary))"
        var notes: [String] = []
        if !workloadsWithout.isEmpty {
            notes.append("\(strategy) did not run \(workloadsWithout.joined(separator: ", ")): not compared")
        }
        if results.complete == false { notes.append("\(name) is incomplete: its benchmark was interrupted") }
        self.notes = notes
    }

    /// One row per pair, one column per ``Metric``: the ratio of the medians with its interval in
    /// brackets and the verdict (`lower`, `higher`, or `=` for no detectable difference). A ratio
    /// is 1 when both medians are 0, and has no number when only the baseline's is.
    var table: Table {
        var table = Table(
            title: "Ratios \(subject) of the medians, [interval] and verdict: "
                + "lower or higher when the intervals do not overlap, = for no detectable difference",
            columns: [Column("workload"), Column("strategy")] + Metric.all.map { Column($0.column, alignment: .right) }
        )
        for pair in pairs {
            table.append([.text(pair.candidate.workload), .text(pair.candidate.strategy)] + Metric.all.map { metric in
                guard let a = pair.baseline.estimate(of: metric), let b = pair.candidate.estimate(of: metric) else { return .missing }
                return .text(Self.describe(b, against: a))
            })
        }
        return table
    }

    /// The columns of ``tidyTable``.
    static let tidyColumns = ["workload", "strategy", "baseline", "metric", "ratio", "low", "high", "verdict"]

    /// The comparison as tidy data, for `--format csv` and `json`: one row per pair and metric,
    /// the baseline's strategy named, the ratio and its interval as numbers (empty where there is
    /// none: a baseline median of 0 under a non-zero one), and the verdict.
    var tidyTable: Table {
        var table = Table(title: "Ratios \(subject) of the medians", columns: Self.tidyColumns.map { Column($0) })
        for pair in pairs {
            for metric in Metric.all {
                guard let a = pair.baseline.estimate(of: metric), let b = pair.candidate.estimate(of: metric) else { continue }
                let number = { (value: Double?) in value.map { Cell.text(BenchResults.csvNumber($0)) } ?? .missing }
                table.append([
                    .text(pair.candidate.workload), .text(pair.candidate.strategy), .text(pair.baseline.strategy), .text(metric.slug),
                    number(Self.ratio(b.median, to: a.median)), number(Self.ratio(b.low, to: a.high)), number(Self.ratio(b.high, to: a.low)),
                    .text(Verdict(b, against: a).rawValue),
                ])
            }
        }
        return table
    }

    /// The comparison in `format`: the wide table for a terminal or Markdown, the tidy one for CSV
    /// and JSON.
    func rendered(as format: OutputFormat) -> String {
        format == .csv || format == .json ? tidyTable.rendered(as: format) : table.rendered(as: format)
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
