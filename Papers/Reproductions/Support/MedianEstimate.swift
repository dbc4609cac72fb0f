import Foundation
import Reporting

/// The median of repeated measurements with a distribution-free confidence interval.
///
/// The interval runs between two order statistics of the sorted samples chosen so that it holds
/// the true median with probability at least 95 % (``MedianInterval``); with fewer than 6 samples
/// no pair reaches 95 %, so it is the whole range of the samples and ``confidence`` says how much
/// that range is worth.
public struct MedianEstimate: Sendable, Equatable {
    /// The median of the samples.
    public var value: Double
    /// The interval's bounds.
    public var low: Double, high: Double
    /// How many samples (rounds) it is made of.
    public var samples: Int
    /// The probability that the interval holds the true median, such as 0.96.
    public var confidence: Double

    public init(value: Double, low: Double, high: Double, samples: Int, confidence: Double) {
        self.value = value
        self.low = low
        self.high = high
        self.samples = samples
        self.confidence = confidence
    }

    /// The median of `samples` and its interval (``MedianInterval``). Needs at least one sample.
    public static func median(of samples: [Double]) -> MedianEstimate {
        precondition(!samples.isEmpty, "an estimate needs at least one sample")
        let interval = MedianInterval(samples)
        return MedianEstimate(value: interval.median, low: interval.low, high: interval.high, samples: samples.count,
                              confidence: interval.coverage)
    }

    /// "1.10–1.40".
    public func interval(decimals: Int) -> String {
        NumberFormat.fixed(low, decimals: decimals) + "–" + NumberFormat.fixed(high, decimals: decimals)
    }

    /// "1.26 (97 % interval 1.10–1.40, 21 rounds)".
    public func description(decimals: Int) -> String {
        "\(NumberFormat.fixed(value, decimals: decimals)) (\(NumberFormat.fixed(100 * confidence, decimals: 0)) % interval "
            + "\(interval(decimals: decimals)), \(samples) rounds)"
    }
}
