import ExtraStrategies
import Scheduling
import Testing

/// `texture`'s working range on a list scrolling at a steady speed (10 rows a screen, 60 frames).
@Suite struct WorkingRangeTests {
    private let frames = 60

    private func scroll(
        _ strategy: TextureStrategy, rowsPerFrame: Int, firstRow: Int = 0,
        costs: CostModel = CostModel()
    ) throws -> (feed: FakeFeed, result: RunResult) {
        let feed = FakeFeed(firstRow: firstRow, rowsPerFrame: rowsPerFrame)
        let loop = try FrameLoop(target: feed, strategy: strategy, clock: .virtual(costs))
        let result = try loop.run(frames: frames)
        return (feed, result)
    }

    private func misses(_ result: RunResult) -> Int? { result.counters[TextureStrategy.rangeMissesCounter] }
    private func prefetched(_ result: RunResult) -> Int? { result.counters[TextureStrategy.prefetchedRowsCounter] }

    /// Scrolling by less than a screen per frame, every row is measured on the background thread
    /// before it becomes visible: no range misses.
    @Test func noRangeMissesAtASteadySpeed() throws {
        let (feed, result) = try scroll(TextureStrategy(), rowsPerFrame: 4)
        #expect(result.renderedFrames == frames)
        #expect(misses(result) == 0)
        // The first frame's rows 0 ..< 10 are measured with the first frame; the working range
        // then measures 2 screens ahead of every frame: rows 10 ..< 236 + 10 + 20.
        #expect(prefetched(result) == 256)
        #expect(Set(feed.log.threads(of: "row")) == [measuringThread])
    }

    /// Scrolling up follows the direction of scroll: the leading buffer is above.
    @Test func noRangeMissesScrollingUp() throws {
        let (feed, result) = try scroll(TextureStrategy(), rowsPerFrame: -4, firstRow: 300)
        #expect(misses(result) == 0)
        #expect(Set(feed.log.threads(of: "row")) == [measuringThread])
    }

    /// Without a working range, only the first frame is measured in the background; every row
    /// scrolled into view later is a miss, measured by the main thread's frame.
    @Test func everyNewRowMissesWithoutAWorkingRange() throws {
        let (feed, result) = try scroll(TextureStrategy(leadingScreenfuls: 0, trailingScreenfuls: 0), rowsPerFrame: 4)
        #expect(misses(result) == 4 * (frames - 1))
        #expect(prefetched(result) == 0)
        #expect(feed.log.threads(of: "row").filter { $0 == .main }.count == 4 * (frames - 1))
    }

    /// Misses come back once the list scrolls further per frame than the leading buffer reaches.
    @Test(arguments: [(rowsPerFrame: 15, misses: false), (20, false), (25, true)])
    func missesWhenScrollingOutrunsTheLeadingBuffer(rowsPerFrame: Int, misses expected: Bool) throws {
        let (_, result) = try scroll(TextureStrategy(), rowsPerFrame: rowsPerFrame)
        #expect((misses(result)! > 0) == expected)
    }

    /// Under the virtual clock, with costs, two runs give exactly the same result.
    @Test func runsAreRepeatable() throws {
        let costs = CostModel(perFrame: .milliseconds(2), perEvaluation: .microseconds(300))
        let first = try scroll(TextureStrategy(), rowsPerFrame: 6, costs: costs).result
        let second = try scroll(TextureStrategy(), rowsPerFrame: 6, costs: costs).result
        #expect(first == second)
        #expect(first.renderedFrames > 0)
    }
}
