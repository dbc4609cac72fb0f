import Foundation

/// The median of a metric's repeated measurements with a distribution-free confidence interval
/// from order statistics.
///
/// For n sorted values x₍₁₎ ≤ … ≤ x₍ₙ₎, the interval [x₍ₖ₎, x₍ₙ₊₁₋ₖ₎] contains the true median with
/// probability 1 − 2·P(B ≤ k − 1), B ~ Binomial(n, ½), whatever the distribution. The estimate
/// takes the narrowest such interval whose coverage is at least 95 %; with fewer than 6 values none
/// reaches 95 %, and the interval is [min, max] with the coverage it has (75 % for 3 values, 94 %
/// for 5), stated in ``coverage``. A single value (the virtual clock, which is exact) is its own
/// interval.
public struct Estimate: Codable, Hashable, Sendable {
    /// The median of the values (the mean of the middle two for an even count).
    public var median: Double
    /// The interval's lower end.
    public var low: Double
    /// The interval's upper end.
    public var high: Double
    /// The probability that the interval contains the true median (1 for a single value).
    public var coverage: Double

    /// The coverage the estimate aims for.
    public static let targetCoverage = 0.95

    /// The estimate of `values`, ignoring values that are not numbers (runs without the metric).
    /// `nil` when no value is a number.
    public init?(_ values: [Double]) {
        let sorted = values.filter { !$0.isNaN }.sorted()
        let n = sorted.count
        guard n > 0 else { return nil }
        median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
        guard n > 1 else {
            (low, high, coverage) = (sorted[0], sorted[0], 1)
            return
        }
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

    /// Whether the interval is a single value.
    public var isExact: Bool { low == high }
}
