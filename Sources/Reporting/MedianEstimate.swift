import Foundation

/// The median of repeated measurements with a distribution-free interval from order statistics
/// and the interval's exact coverage: the one estimate of the package, made by `bench` (BenchKit),
/// `views-bench` and the paper reproductions alike.
///
/// For n sorted values x₍₁₎ ≤ … ≤ x₍ₙ₎, the interval [x₍ₖ₎, x₍ₙ₊₁₋ₖ₎] contains the true median with
/// probability 1 − 2·P(B ≤ k − 1), B ~ Binomial(n, ½), whatever the distribution. The interval is
/// the narrowest such one whose coverage is at least ``targetCoverage``; with fewer than 6 values
/// none reaches it, and the interval is [min, max] with the coverage it has (75 % for 3 values,
/// 93.75 % for 5). A single value is its own interval with coverage 0: one measurement of a noisy
/// quantity says nothing about where its median lies. (A deterministic measurement, such as the
/// virtual clock's, is exact whatever its coverage: ``isExact`` and ``count`` show it.)
///
/// Encoded as `{"median", "low", "high", "coverage", "count"}`; `count` is absent from files
/// written before it was kept (`bench`'s older `results.json`), which still decode.
public struct MedianEstimate: Codable, Hashable, Sendable {
    /// The median (the mean of the middle two values for an even count).
    public var median: Double
    /// The interval's lower end.
    public var low: Double
    /// The interval's upper end.
    public var high: Double
    /// The probability that the interval contains the true median.
    public var coverage: Double
    /// How many values the estimate is made of; `nil` when decoded from a file that did not say.
    public var count: Int?

    /// The coverage the interval aims for.
    public static let targetCoverage = 0.95

    /// An estimate given by its parts (a placeholder, a test's fixture).
    public init(median: Double, low: Double, high: Double, coverage: Double, count: Int?) {
        self.median = median
        self.low = low
        self.high = high
        self.coverage = coverage
        self.count = count
    }

    /// The median and interval of `values`, which must not be empty or contain NaN.
    public init(_ values: [Double]) {
        precondition(!values.isEmpty && !values.contains(where: \.isNaN), "a median needs numbers")
        let sorted = values.sorted()
        let n = sorted.count
        var k = 1
        while k + 1 <= (n + 1) / 2 && Self.coverage(count: n, rank: k + 1) >= Self.targetCoverage { k += 1 }
        self.init(median: n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
                  low: sorted[k - 1], high: sorted[n - k], coverage: Self.coverage(count: n, rank: k), count: n)
    }

    /// The estimate of the numbers among `values`, ignoring NaN (a repetition without the
    /// measure); `nil` when none is a number.
    public init?(numbersIn values: [Double]) {
        let numbers = values.filter { !$0.isNaN }
        guard !numbers.isEmpty else { return nil }
        self.init(numbers)
    }

    /// Whether the interval is a single value (every value equal, or only one).
    public var isExact: Bool { low == high }

    /// "1.10–1.40": the interval's ends with `decimals` digits.
    public func interval(decimals: Int) -> String {
        NumberFormat.fixed(low, decimals: decimals) + "–" + NumberFormat.fixed(high, decimals: decimals)
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
