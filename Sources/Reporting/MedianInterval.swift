import Foundation

/// The median of repeated measurements with a distribution-free interval from order statistics,
/// written once for the comparison's and the reproductions' estimates.
///
/// For n sorted values x₍₁₎ ≤ … ≤ x₍ₙ₎, the interval [x₍ₖ₎, x₍ₙ₊₁₋ₖ₎] contains the true median with
/// probability 1 − 2·P(B ≤ k − 1), B ~ Binomial(n, ½), whatever the distribution. The interval is
/// the narrowest such one whose coverage is at least ``targetCoverage``; with fewer than 6 values
/// none reaches it, and the interval is [min, max] with the coverage it has (0 for one value, 75 %
/// for 3, 94 % for 5).
public struct MedianInterval: Hashable, Sendable {
    /// The median (the mean of the middle two values for an even count).
    public let median: Double
    /// The interval's lower end.
    public let low: Double
    /// The interval's upper end.
    public let high: Double
    /// The probability that the interval contains the true median.
    public let coverage: Double

    /// The coverage the interval aims for.
    public static let targetCoverage = 0.95

    /// The median and interval of `values`, which must not be empty or contain NaN.
    public init(_ values: [Double]) {
        precondition(!values.isEmpty && !values.contains(where: \.isNaN), "a median needs numbers")
        let sorted = values.sorted()
        let n = sorted.count
        median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
        var k = 1
        while k + 1 <= (n + 1) / 2 && Self.coverage(count: n, rank: k + 1) >= Self.targetCoverage { k += 1 }
        low = sorted[k - 1]
        high = sorted[n - k]
        coverage = Self.coverage(count: n, rank: k)
    }

    /// The coverage of [x₍ₖ₎, x₍ₙ₊₁₋ₖ₎] for `count` values and `rank` k: 1 − 2·P(Binomial(n, ½) ≤ k − 1).
    static func coverage(count n: Int, rank k: Int) -> Double {
        var tail = 0.0
        var choose = 1.0
        for i in 0 ..< k {
            if i > 0 { choose = choose * Double(n - i + 1) / Double(i) }
            tail += choose
        }
        return 1 - 2 * tail / pow(2, Double(n))
    }
}
