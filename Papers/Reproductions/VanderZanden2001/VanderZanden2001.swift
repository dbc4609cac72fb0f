import Foundation
import Reporting

/// B. T. Vander Zanden, R. Halterman, B. A. Myers, R. McDaniel, R. Miller, P. Szekely,
/// D. A. Giuse and D. Kosbie, "Lessons learned about one-way, dataflow constraints in the Garnet
/// and Amulet graphical toolkits", ACM TOPLAS 23(6), 2001.
struct VanderZanden2001: ReproductionSource {
    let name = "vanderzanden2001"
    let folder = "VanderZanden2001"
    let summary = "Vander Zanden et al. 2001: mark-sweep vs topological order, eager vs lazy, storage"

    func run(_ context: RunContext) -> SourceResults {
        // Storage first, while the heap is least fragmented by this source's own experiments.
        let storage = StorageExperiment.run(context)
        let versus = MarkSweepVersusTopological.run(context)
        let eagerLazy = EagerVersusLazy.run(context)
        let onViews = EagerVersusLazyOnViews.run(context)

        var results = SourceResults()
        let mismatches = versus.rows.reduce(0) { $0 + $1.mismatches }
        let checkedSteps = versus.rows.reduce(0) { $0 + $1.steps }
        results.claim(ClaimCheck(
            "The topological-order evaluator and the mark-sweep graph compute the same values on the same graph definitions.",
            held: mismatches == 0 && !versus.rows.isEmpty, gated: true,
            evidence: "\(versus.rows.count) shapes, \(checkedSteps) steps, every observed value after every step and every value at the end "
                + "checked against each other and a from-scratch evaluation: \(mismatches) wrong"
        ))
        let ratios = versus.rows.map(\.ratio)
        let faster = ratios.filter { $0 > 1 }.count
        let geometricMean = exp(ratios.map { log($0) }.reduce(0, +) / Double(max(1, ratios.count)))
        results.claim(ClaimCheck(
            "Mark-sweep evaluation beats topological-ordering evaluation.",
            held: faster * 2 >= ratios.count && geometricMean > 1, gated: false,
            evidence: "mark-sweep faster on \(faster) of \(ratios.count) shapes; topological / mark-sweep time: geometric mean "
                + "\(NumberFormat.fixed(geometricMean, decimals: 2)), from \(NumberFormat.fixed(ratios.min() ?? 0, decimals: 2)) "
                + "to \(NumberFormat.fixed(ratios.max() ?? 0, decimals: 2))"
        ))
        if let typical = eagerLazy.typical {
            results.claim(ClaimCheck(
                "With one change per frame and every output shown, eager and lazy evaluation run the same rules.",
                held: typical.eagerEvaluations == typical.lazyEvaluations, gated: true,
                evidence: "\(NumberFormat.fixed(typical.lazyEvaluations, decimals: 1)) lazy and "
                    + "\(NumberFormat.fixed(typical.eagerEvaluations, decimals: 1)) eager evaluations per frame"
            ))
            let ratio = typical.eagerNanoseconds / typical.lazyNanoseconds
            let worst = eagerLazy.rows.max { $0.eagerNanoseconds / $0.lazyNanoseconds < $1.eagerNanoseconds / $1.lazyNanoseconds }
            results.claim(ClaimCheck(
                "Lazy and eager evaluation perform about the same for most applications.",
                held: (0.8 ... 1.25).contains(ratio), gated: false,
                evidence: "one change per frame, all visible: eager / lazy time \(NumberFormat.fixed(ratio, decimals: 2)); "
                    + "they part when frames batch changes or hide outputs (up to "
                    + "\(worst.map { NumberFormat.fixed($0.eagerNanoseconds / $0.lazyNanoseconds, decimals: 2) } ?? "?")× "
                    + "with \(worst.map { EagerVersusLazy.changes($0.changesPerFrame) } ?? "?") per frame, \(Int((worst?.visibleFraction ?? 0) * 100)) % visible)"
            ))
        }
        results.claim(ClaimCheck(
            "On the view workloads (our applications), eager and lazy evaluation do about the same work for most of them.",
            held: onViews.failures.isEmpty && onViews.similar.count * 2 > onViews.rows.count, gated: false,
            evidence: "eager evaluates at most \(NumberFormat.fixed(EagerVersusLazyOnViews.similarFactor, decimals: 2))× what lazy does on "
                + "\(onViews.similar.count) of \(onViews.rows.count) workloads; the others: "
                + onViews.rows.filter { $0.evaluationRatio > EagerVersusLazyOnViews.similarFactor }
                    .map { "\($0.workload) \(NumberFormat.fixed($0.evaluationRatio, decimals: 1))×" }.joined(separator: ", ")
                + (onViews.failures.isEmpty ? "" : "; failed runs: \(onViews.failures.joined(separator: "; "))")
        ))
        if let markSweep = storage.fits.first(where: { $0.evaluator == StorageExperiment.markSweep }),
           let topological = storage.fits.first(where: { $0.evaluator == StorageExperiment.topological }) {
            results.claim(ClaimCheck(
                "The storage the algorithms need can be the problem.",
                held: markSweep.node >= 10 * Double(MemoryLayout<Int>.size), gated: false,
                evidence: "mark-sweep: \(NumberFormat.fixed(markSweep.node, decimals: 0)) bytes per node + "
                    + "\(NumberFormat.fixed(markSweep.edge, decimals: 0)) per edge; topological: "
                    + "\(NumberFormat.fixed(topological.node, decimals: 0)) + \(NumberFormat.fixed(topological.edge, decimals: 0)); "
                    + "the value itself is \(MemoryLayout<Int>.size) bytes"
            ))
        }

        results.heading("Experiment 1: mark-sweep against topological ordering")
        results.table(versus.table, file: "mark-sweep-vs-topological")
        results.chart(versus.chart.svg(), file: "mark-sweep-vs-topological", caption: "Time per change by shape")
        results.heading("Experiment 2: eager against lazy evaluation")
        results.table(eagerLazy.table, file: "eager-vs-lazy")
        results.chart(eagerLazy.chart.svg(), file: "eager-vs-lazy", caption: "Time per frame, lazy and eager")
        results.table(onViews.table, file: "eager-vs-lazy-views")
        results.chart(onViews.chart.svg(), file: "eager-vs-lazy-views", caption: "Rule evaluations per run on the view workloads, lazy and eager")
        results.heading("Experiment 3: storage")
        results.table(storage.table, file: "storage")
        results.table(storage.fitTable, file: "storage-fit")
        return results
    }
}
