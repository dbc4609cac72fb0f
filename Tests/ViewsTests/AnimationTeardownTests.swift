import Reproductions
import Testing
@testable import Views

/// An animation belongs to its node: a row destroyed while it is still moving must not leave a
/// running animation behind, or the host asks for frames forever (a frame loop never quiesces).
@Suite struct AnimationTeardownTests {
    /// Taps, commits and renders at the given times; `true` at a time means a tap (and its commit)
    /// just before that render.
    private func play(_ schedule: [(time: Double, tap: Bool)]) -> ViewHost<ShrinkingList> {
        let host = ViewHost(rootView: ShrinkingList(), size: Size(width: 100, height: 100))
        host.render(at: 0)
        for step in schedule {
            if step.tap {
                _ = host.tap("drop")
                host.commitTransactions()
            }
            host.render(at: step.time)
        }
        host.render(at: 2)
        return host
    }

    /// Found by the property test below: the third drop comes while rows 1 and 2 are still moving
    /// after row 3 left, and row 2 is destroyed before its own move ends.
    @Test func rowDestroyedWhileMovingEndsItsAnimation() {
        let host = play([(0.004, true), (0.03, true), (0.048, false), (0.068, false), (0.103, true),
                         (0.106, false), (0.146, false), (0.17, false)])
        #expect(host.displayList.leafCount == 1, "only the button is left")
        #expect(host.runningAnimations == 0)
        #expect(!host.wantsNextFrame)
    }

    /// Random schedules of up to three drops and renders 1–40 ms apart: once every row is gone and
    /// time has passed, nothing is animating and the host wants no frame.
    @Test func randomDropSchedulesSettle() {
        var random = SplitMix64(seed: 2026)
        for _ in 0 ..< 300 {
            var schedule: [(time: Double, tap: Bool)] = []
            var time = 0.0, taps = 0
            while time < 0.4 {
                time += Double(Int.random(in: 1 ... 40, using: &random)) / 1000
                let tap = taps < 3 && Bool.random(using: &random)
                if tap { taps += 1 }
                schedule.append((time, tap))
            }
            let host = play(schedule)
            #expect(host.runningAnimations == 0, "schedule \(schedule)")
            #expect(!host.wantsNextFrame)
        }
    }
}
