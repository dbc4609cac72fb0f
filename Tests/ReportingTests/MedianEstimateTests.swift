import Foundation
import Reporting
import Testing

/// The one order-statistic estimate of the package (`bench`'s, `views-bench`'s and the reproductions').
@Suite struct MedianEstimateTests {
    /// Below 6 values no pair of order statistics reaches 95 %: the interval is the whole range,
    /// with the coverage it has; one value has coverage 0.
    @Test func smallSamplesSpanTheirRange() {
        let one = MedianEstimate([4])
        #expect((one.median, one.low, one.high, one.coverage, one.count) == (4, 4, 4, 0, 1))
        #expect(one.isExact)
        let three = MedianEstimate([3, 1, 2])
        #expect((three.median, three.low, three.high, three.coverage, three.count) == (2, 1, 3, 0.75, 3))
        let five = MedianEstimate([5, 1, 4, 2, 3])
        #expect((five.low, five.high, five.coverage) == (1, 5, 0.9375))
        let six = MedianEstimate([6, 1, 5, 2, 4, 3])
        #expect((six.median, six.low, six.high, six.coverage) == (3.5, 1, 6, 0.96875))
        #expect(!six.isExact && MedianEstimate([2, 2, 2]).isExact)
    }

    /// For 20 values the interval is [x₍₆₎, x₍₁₅₎]: 95.9 % coverage, where [x₍₇₎, x₍₁₄₎] has 88.5 %.
    @Test func twentyValuesUseTheSixthOrderStatistics() {
        let estimate = MedianEstimate((1 ... 20).reversed().map(Double.init))
        #expect(estimate.median == 10.5)
        #expect(estimate.low == 6 && estimate.high == 15)
        #expect(abs(estimate.coverage - 0.958610) < 1e-6)
        #expect(estimate.interval(decimals: 1) == "6.0–15.0")
    }

    /// The coverage is exact: it matches the binomial tail computed independently for every n up
    /// to 40, and is at least 95 % from 6 values on.
    @Test func coverageIsTheBinomialTail() {
        for n in 1 ... 40 {
            let estimate = MedianEstimate((1 ... n).map(Double.init))
            let k = Int(estimate.low)
            // P(B ≤ k − 1) for B ~ Binomial(n, ½), by summing the binomial coefficients exactly.
            var coefficient = 1.0, tail = 0.0
            for i in 0 ..< k {
                if i > 0 { coefficient *= Double(n - i + 1) / Double(i) }
                tail += coefficient
            }
            #expect(abs(estimate.coverage - (1 - 2 * tail / pow(2, Double(n)))) < 1e-12, "n = \(n)")
            #expect(estimate.high == Double(n + 1 - k), "symmetric order statistics for n = \(n)")
            if n >= 6 { #expect(estimate.coverage >= MedianEstimate.targetCoverage, "n = \(n)") }
        }
    }

    /// NaN values (repetitions without the measure) are left out; none at all is no estimate.
    @Test func numbersOnly() throws {
        let estimate = try #require(MedianEstimate(numbersIn: [3, .nan, 1, 2]))
        #expect(estimate == MedianEstimate([1, 2, 3]))
        #expect(MedianEstimate(numbersIn: [.nan, .nan]) == nil && MedianEstimate(numbersIn: []) == nil)
    }

    /// The JSON keys `bench`'s results files have always had, plus `count`; a file without `count`
    /// still decodes.
    @Test func codingKeepsTheResultsFileKeys() throws {
        let estimate = MedianEstimate([1, 2, 3, 4, 5, 6])
        let data = try JSONEncoder().encode(estimate)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["median", "low", "high", "coverage", "count"])
        #expect(try JSONDecoder().decode(MedianEstimate.self, from: data) == estimate)
        let older = #"{"coverage":0.75,"high":3.5,"low":0.2,"median":1.8}"#
        let decoded = try JSONDecoder().decode(MedianEstimate.self, from: Data(older.utf8))
        #expect(decoded == MedianEstimate(median: 1.8, low: 0.2, high: 3.5, coverage: 0.75, count: nil))
    }
}
