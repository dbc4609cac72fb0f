import Reporting
import Testing

/// The order-statistic interval both estimates (`bench`'s and the reproductions') are made of.
@Suite struct MedianIntervalTests {
    /// Below 6 values no pair of order statistics reaches 95 %: the interval is the whole range,
    /// with the coverage it has.
    @Test func smallSamplesSpanTheirRange() {
        let one = MedianInterval([4])
        #expect((one.median, one.low, one.high, one.coverage) == (4, 4, 4, 0))
        let three = MedianInterval([3, 1, 2])
        #expect((three.median, three.low, three.high, three.coverage) == (2, 1, 3, 0.75))
        let five = MedianInterval([5, 1, 4, 2, 3])
        #expect((five.low, five.high, five.coverage) == (1, 5, 0.9375))
        let six = MedianInterval([6, 1, 5, 2, 4, 3])
        #expect((six.median, six.low, six.high, six.coverage) == (3.5, 1, 6, 0.96875))
    }

    /// For 20 values the interval is [x₍₆₎, x₍₁₅₎]: 95.9 % coverage, where [x₍₇₎, x₍₁₄₎] has 88.5 %.
    @Test func twentyValuesUseTheSixthOrderStatistics() {
        let interval = MedianInterval((1 ... 20).reversed().map(Double.init))
        #expect(interval.median == 10.5)
        #expect(interval.low == 6 && interval.high == 15)
        #expect(abs(interval.coverage - 0.958610) < 1e-6)
    }
}
