import ExtraStrategies
import Scheduling
import Testing

/// The module's strategies register by name.
@Suite struct RegistrationTests {
    @Test func registersItsStrategiesByName() throws {
        let registry = StrategyRegistry()
        try registerExtraStrategies(in: registry)
        #expect(registry.names == ["async-pull", "eager", "lazy", "sliced", "texture", "workflow"])
        #expect(try registry.makeStrategy(named: "sliced") is SlicedStrategy)
        #expect(try registry.makeStrategy(named: "workflow") is WorkflowStrategy)
        #expect(try registry.makeStrategy(named: "texture") is TextureStrategy)
        // A fresh instance per frame loop.
        #expect(try registry.makeStrategy(named: "texture") !== registry.makeStrategy(named: "texture"))
        #expect(throws: SchedulingError.self) { try registerExtraStrategies(in: registry) }
    }
}
