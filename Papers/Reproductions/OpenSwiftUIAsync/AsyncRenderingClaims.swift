import Reporting
import Scheduling

/// The article's claims, checked on the runs of ``AsyncRendering``. The virtual clock makes
/// every figure exact and repeatable, so all four are gated.
extension AsyncRendering {
    /// Apple's threshold for a good hitch time ratio, in ms of hitch per second.
    static let goodHitchRatio = 5.0
    /// The strategies that always render on the main thread, to compare async-pull with.
    static let mainThreadStrategies = [EagerStrategy.name, LazyStrategy.name]

    var claims: [Claim] {
        [forEachRendersOffMain, plainColorStaysOnMain, asyncAvoidsHitches, noContainerNoHelp]
    }

    /// Under async-pull, every frame of the ForEach example but the first one and the one that
    /// applies the `onAppear` transaction renders on the render thread, whatever the main thread does.
    private var forEachRendersOffMain: Claim {
        let runs = [MainThreadLoad.idle, .busy].compactMap { run(of: .forEach, load: $0, strategy: AsyncPullStrategy.name) }
        let mainOnly: Set<FallbackReason> = [.firstFrame, .pendingTransactions]
        return Claim.exact(
            "The ForEach example renders its animation frames off the main thread.",
            held: runs.count == 2 && runs.allSatisfy { run in
                Set(run.result.fallbacks.keys).isSubset(of: mainOnly) && run.result.fallbacks.values.allSatisfy { $0 == 1 }
                    && run.result.asyncFrames > 0 && run.result.asyncFrames + run.result.mainThreadFrames == run.result.renderedFrames
            },
            evidence: runs.map { run in
                "\(run.load.name) main thread: \(run.result.asyncFrames) of \(run.result.renderedFrames) frames off it "
                    + "(on it: \(run.fallbacks))"
            }.joined(separator: "; ") + " under async-pull; with an idle main thread, main-thread time "
                + "\(busyTime(.forEach, AsyncPullStrategy.name)) against \(busyTime(.forEach, LazyStrategy.name)) under lazy"
        )
    }

    /// No strategy renders a frame of the plain Color example off the main thread; async-pull
    /// says why: no dynamic container (or the first frame).
    private var plainColorStaysOnMain: Claim {
        let plain = runs.filter { $0.example == .plainColor }
        let asyncPull = plain.filter { $0.strategy == AsyncPullStrategy.name }
        return Claim.exact(
            "The plain Color example never renders off the main thread.",
            held: !plain.isEmpty && plain.allSatisfy { $0.result.asyncFrames == 0 && $0.result.renderedFrames > 0 }
                && asyncPull.allSatisfy { Set($0.result.fallbacks.keys).isSubset(of: [.firstFrame, .noDynamicContainer]) },
            evidence: "0 frames off the main thread in all \(plain.count) runs (\(plain.map(\.result.renderedFrames).reduce(0, +)) frames, "
                + "\(strategies.count) strategies); async-pull's fallbacks: \(asyncPull.map(\.fallbacks).joined(separator: "; "))"
        )
    }

    /// With a busy main thread, the ForEach example's hitch ratio is good under async-pull and not
    /// under the strategies that render on the main thread.
    private var asyncAvoidsHitches: Claim {
        let asyncPull = hitchRatio(.forEach, AsyncPullStrategy.name)
        let main = Self.mainThreadStrategies.compactMap { hitchRatio(.forEach, $0) }
        return Claim.exact(
            "Under a busy main thread, rendering off the main thread avoids the ForEach example's hitches.",
            held: asyncPull.map { $0 <= Self.goodHitchRatio } == true && main.count == Self.mainThreadStrategies.count
                && main.allSatisfy { $0 > Self.goodHitchRatio },
            evidence: "hitch time ratio " + hitchRatios(.forEach) + " (good: ≤ \(NumberFormat.fixed(Self.goodHitchRatio, decimals: 0)) ms/s)"
        )
    }

    /// With a busy main thread, the plain Color example hitches under async-pull as much as under
    /// lazy (within 10 %), because every frame falls back to the main thread.
    private var noContainerNoHelp: Claim {
        let asyncPull = hitchRatio(.plainColor, AsyncPullStrategy.name), lazy = hitchRatio(.plainColor, LazyStrategy.name)
        let held = if let asyncPull, let lazy { asyncPull > Self.goodHitchRatio && abs(asyncPull - lazy) <= 0.1 * lazy } else { false }
        return Claim.exact(
            "Without a dynamic container async rendering cannot help: the plain Color example hitches under async-pull as on the main thread.",
            held: held,
            evidence: "hitch time ratio " + hitchRatios(.plainColor)
        )
    }

    /// The hitch time ratio of `example` under `strategy` with a busy main thread.
    private func hitchRatio(_ example: ArticleExample, _ strategy: String) -> Double? {
        run(of: example, load: .busy, strategy: strategy)?.result.hitchTimeRatio
    }

    /// "async-pull 0.0 ms/s, eager 72.4 ms/s, lazy 72.4 ms/s" for `example` with a busy main thread.
    private func hitchRatios(_ example: ArticleExample) -> String {
        ([AsyncPullStrategy.name] + Self.mainThreadStrategies).map { strategy in
            "\(strategy) " + (hitchRatio(example, strategy).map { NumberFormat.fixed($0, decimals: 1) } ?? "?") + " ms/s"
        }.joined(separator: ", ")
    }

    /// The main thread's busy time for `example` under `strategy` with an idle main thread.
    private func busyTime(_ example: ArticleExample, _ strategy: String) -> String {
        run(of: example, load: .idle, strategy: strategy).map { NumberFormat.fixed($0.result.mainThreadBusyMilliseconds, decimals: 0) + " ms" } ?? "?"
    }
}
