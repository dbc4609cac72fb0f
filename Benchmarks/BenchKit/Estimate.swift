import Foundation
import Reporting

/// The median of a metric's repeated measurements with a distribution-free confidence interval
/// from order statistics (``MedianInterval``): the narrowest interval [x₍ₖ₎, x₍ₙ₊₁₋ₖ₎] of the
/// sorted values whose coverage is at least 95 %; with fewer than 6 values none reaches 95 %, and
/// the interval is [min, max] with the coverage it has (75 % for 3 values, 94 % for 5), stated in
/// ``coverage``. A single value (the virtual clock, which is exact) is its own interval.
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
    public static let targetCoverage = MedianInterval.targetCoverage

    /// The estimate of `values`, ignoring values that are not numbers (runs without the metric).
    /// `nil` when no value is a number.
    public init?(_ values: [Double]) {
        let numbers = values.filter { !$0.isNaN }
        guard !numbers.isEmpty else { return nil }
        let interval = MedianInterval(numbers)
        (median, low, high) = (interval.median, interval.low, interval.high)
        coverage = numbers.count == 1 ? 1 : interval.coverage
    }

    /// Whether the interval is a single value.
    public var isExact: Bool { low == high }
}
