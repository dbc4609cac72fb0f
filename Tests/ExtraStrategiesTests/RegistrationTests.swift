import ExtraStrategies
import Scheduling
import Testing

/// Both strategies register by name.
@Suite struct RegistrationTests {
    @Test func registersBothStrategiesByName() throws {
        let registry = StrategyRegistry()
        try registerExtraStrategies(in: registry)
        #expect(registry.names == ["async-pull", "eager", "lazy", "texture", "workflow"])
        #expect(try registry.makeStrategy(named: "workflow") is WorkflowStrategy)
        #expect(try registry.makeStrategy(named: "texture") is TextureStrategy)
        // A fresh instance per frame loop.
        #expect(try registry.makeStrategy(named: "texture") !== registry.makeStrategy(named: "texture"))
        #expect(throws: SchedulingError.self) { try registerExtraStrategies(in: registry) }
    }
}
