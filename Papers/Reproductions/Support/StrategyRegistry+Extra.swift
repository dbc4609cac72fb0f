import ExtraStrategies
import Scheduling

extension StrategyRegistry {
    /// A registry of the built-in strategies and `ExtraStrategies`'; a failed registration is
    /// logged, and the experiment goes on with the strategies it has.
    static func withExtraStrategies(_ context: RunContext) -> StrategyRegistry {
        let registry = StrategyRegistry()
        do {
            try registerExtraStrategies(in: registry)
        } catch {
            context.log("cannot register the extra strategies: \(error)")
        }
        return registry
    }
}
