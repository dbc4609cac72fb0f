import ExtraStrategies
import Reporting
import Scheduling

/// OpenSwiftUI's "Async Rendering in UIKit Integration" (seed `000_e829c1785716965e.txt`): a view
/// with a dynamic container (`ForEach`) renders its animation frames on the render thread, a view
/// without one (a single `Color`) never does; what that is worth under a busy main thread.
struct OpenSwiftUIAsync: ReproductionSource {
    let name = "openswiftuiasync"
    let folder = "OpenSwiftUIAsync"
    let summary = "OpenSwiftUI async rendering: ForEach renders off the main thread, a plain Color never; hitches when main is busy"

    func run(_ context: RunContext) -> SourceResults {
        let registry = StrategyRegistry()
        do {
            try registerExtraStrategies(in: registry)
        } catch {
            context.log("cannot register the extra strategies: \(error)")
        }
        let experiment = AsyncRenderingExperiment.run(context, registry: registry)
        var results = SourceResults()
        for claim in experiment.claims { results.claim(claim) }

        results.heading("Frames off the main thread and hitches, per strategy")
        results.table(experiment.table, file: "async-rendering")
        results.chart(experiment.fractionChart.svg(), file: "fraction-off-main", caption: "Fraction of frames rendered off the main thread")
        results.chart(experiment.hitchChart.svg(), file: "hitch-ratio", caption: "Hitch time ratio under a busy main thread")
        results.heading("Frame by frame: the ForEach example under a busy main thread")
        for strategy in [LazyStrategy.name, AsyncPullStrategy.name] {
            guard let timeline = experiment.timeline(.forEach, load: .busy, strategy: strategy) else { continue }
            results.chart(timeline.svg(), file: "timeline-\(strategy)", caption: "Frame time by thread, \(strategy)")
        }
        return results
    }
}
