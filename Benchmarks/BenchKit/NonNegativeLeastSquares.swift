/// Least squares with every coefficient at least zero: the `x ≥ 0` minimising `Σ_i (A_i · x − b_i)²`.
///
/// Solved by cyclic coordinate descent on the normal equations: with `Q = AᵀA` and `c = Aᵀb`, each
/// step sets one coefficient to the minimiser of the objective along its axis, clamped at zero,
/// `x_j ← max(0, x_j − (Q x − c)_j / Q_jj)`. The objective is convex and each step never increases
/// it, so the sweeps converge to the constrained minimum; they stop when a sweep moves no
/// coefficient by more than 10⁻¹² of its size, or after `sweeps` sweeps. Columns that are all
/// zero get coefficient 0. Costs are non-negative, and an unconstrained fit over correlated kinds of
/// work gives some kinds negative costs that cancel others: this is why the calibration uses it.
struct NonNegativeLeastSquares {
    /// The coefficients, one per column.
    let coefficients: [Double]

    /// Fits `rows` (each the same length) to `targets`.
    init(rows: [[Double]], targets: [Double], sweeps: Int = 100_000) {
        precondition(rows.count == targets.count, "one target per row")
        let width = rows.first?.count ?? 0
        var gram = [[Double]](repeating: [Double](repeating: 0, count: width), count: width)
        var projected = [Double](repeating: 0, count: width)
        for (row, target) in zip(rows, targets) {
            precondition(row.count == width, "rows of one length")
            for j in 0 ..< width where row[j] != 0 {
                projected[j] += row[j] * target
                for k in 0 ..< width { gram[j][k] += row[j] * row[k] }
            }
        }
        var x = [Double](repeating: 0, count: width)
        for _ in 0 ..< sweeps {
            var largestMove = 0.0
            for j in 0 ..< width where gram[j][j] > 0 {
                var gradient = -projected[j]
                for k in 0 ..< width { gradient += gram[j][k] * x[k] }
                let next = max(0, x[j] - gradient / gram[j][j])
                largestMove = max(largestMove, abs(next - x[j]) / max(abs(next), 1e-12))
                x[j] = next
            }
            if largestMove < 1e-12 { break }
        }
        coefficients = x
    }
}
