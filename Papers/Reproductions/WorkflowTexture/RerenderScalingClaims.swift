import Reporting
import Scheduling

/// Claims 1 and 2, checked on the runs of ``RerenderScaling``. Evaluation counts are exact
/// (the virtual clock runs the same events in the same order every time), so both parts are gated.
extension RerenderScaling {
    var claims: [Claim] {
        [fullRerenderGrowsWithTree, incrementalCostIsTheChange]
    }

    /// Under `workflow`, evaluations per change grow linearly with the tree: every row or nested
    /// view added costs the same number of evaluations more per change, at least one, within 1 %
    /// (a list combines its rows' display lists through about 2n^⅔ nodes, see the view layer's
    /// `DisplayListTree`, so a list's increments are not exactly equal).
    private var fullRerenderGrowsWithTree: Claim {
        let complete = TreeShape.allCases.allSatisfy { runs(of: $0, strategy: Self.fullRerender).count == sizes[$0]?.count }
        let linear = TreeShape.allCases.allSatisfy { shape in
            let increments = increments(shape, Self.fullRerender)
            return increments.allSatisfy { $0 >= 1 && abs($0 - increments[0]) <= 0.01 * increments[0] }
        }
        return Claim.exact(
            "Re-rendering the whole tree on every change (workflow) costs evaluations that grow linearly with the tree's size.",
            held: complete && linear,
            evidence: TreeShape.allCases.map(fullRerenderEvidence).joined(separator: "; ")
        )
    }

    /// Under `lazy`, `eager` and `async-pull`, evaluations per change are the same at every size:
    /// the cost of the change, not of the tree.
    private var incrementalCostIsTheChange: Claim {
        let complete = TreeShape.allCases.allSatisfy { shape in
            Self.incremental.allSatisfy { runs(of: shape, strategy: $0).count == sizes[shape]?.count }
        }
        let constant = TreeShape.allCases.allSatisfy { shape in
            Self.incremental.allSatisfy { Set(runs(of: shape, strategy: $0).map(\.evaluationsPerChange)).count == 1 }
        }
        return Claim.exact(
            "Incremental strategies (lazy, eager, async-pull) cost the same per change at every tree size: the change's cost, not the tree's.",
            held: complete && constant,
            evidence: TreeShape.allCases.map(incrementalEvidence).joined(separator: "; ")
        )
    }

    /// "wide list of 100, 1,000 and 10,000 rows: 5,314 → 53,014 → 530,014 evaluations per change,
    /// 53.0 more per row (log-log slope 1.00), 1060.13 ms of main thread per change under workflow
    /// at 10,000 rows".
    private func fullRerenderEvidence(_ shape: TreeShape) -> String {
        let counts = runs(of: shape, strategy: Self.fullRerender)
            .map { NumberFormat.grouped(Int($0.evaluationsPerChange.rounded())) }.joined(separator: " → ")
        let increments = Set(increments(shape, Self.fullRerender).map { NumberFormat.fixed($0, decimals: 1) }).sorted()
        return "\(sizeList(shape)): \(counts) evaluations per change, \(increments.joined(separator: " or ")) more per \(shape.sizeUnit) "
            + "(log-log slope \(NumberFormat.fixed(slope(shape, Self.fullRerender), decimals: 2)))" + largestTime(shape, Self.fullRerender)
    }

    /// "wide list of 100, 1,000 and 10,000 rows: lazy 19, eager 19, async-pull 19 evaluations per
    /// change, 1.04 ms of main thread per change under lazy at 10,000 rows".
    private func incrementalEvidence(_ shape: TreeShape) -> String {
        let counts = Self.incremental.map { "\($0) \(evaluationRange(shape, $0))" }.joined(separator: ", ")
        return "\(sizeList(shape)): \(counts) evaluations per change" + largestTime(shape, LazyStrategy.name)
    }

    /// ", 1060.13 ms of main thread per change under workflow at 10,000 rows", for the largest tree.
    private func largestTime(_ shape: TreeShape, _ strategy: String) -> String {
        guard let run = runs(of: shape, strategy: strategy).last else { return "" }
        return ", \(NumberFormat.fixed(run.mainThreadMillisecondsPerChange, decimals: 2)) ms of main thread per change under "
            + "\(strategy) at \(NumberFormat.grouped(run.size)) \(shape.sizeUnits)"
    }

    /// "wide list of 100, 1,000 and 10,000 rows".
    private func sizeList(_ shape: TreeShape) -> String {
        let sizes = (sizes[shape] ?? []).map(NumberFormat.grouped)
        let list = sizes.count > 1 ? sizes.dropLast().joined(separator: ", ") + " and " + sizes.last! : sizes.joined()
        return "\(shape.title) of \(list) \(shape.sizeUnits)"
    }

    /// The evaluations per change that each row or nested view added costs, between consecutive
    /// sizes of `shape` under `strategy`.
    func increments(_ shape: TreeShape, _ strategy: String) -> [Double] {
        let shapeRuns = runs(of: shape, strategy: strategy)
        return zip(shapeRuns, shapeRuns.dropFirst()).map { smaller, larger in
            (larger.evaluationsPerChange - smaller.evaluationsPerChange) / Double(larger.size - smaller.size)
        }
    }

    /// The least-squares log-log slope of evaluations per change against size for `shape` under
    /// `strategy`.
    func slope(_ shape: TreeShape, _ strategy: String) -> Double {
        Scaling.slope(runs(of: shape, strategy: strategy).map { (Double($0.size), $0.evaluationsPerChange) })
    }

    /// "12" when `strategy` evaluates the same per change at every size of `shape`, else "12–40".
    private func evaluationRange(_ shape: TreeShape, _ strategy: String) -> String {
        let values = runs(of: shape, strategy: strategy).map(\.evaluationsPerChange)
        guard let low = values.min(), let high = values.max() else { return "?" }
        let format = { (value: Double) in NumberFormat.fixed(value, decimals: value == value.rounded() ? 0 : 1) }
        return low == high ? format(low) : format(low) + "–" + format(high)
    }
}
