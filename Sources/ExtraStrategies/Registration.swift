import Scheduling

/// Registers the strategies of this module by name in `registry`: `workflow`
/// (``WorkflowStrategy``), `texture` (``TextureStrategy``, with the default working range of
/// 2 leading and 1 trailing screenfuls) and `sliced` (``SlicedStrategy``, with 4 ms slices).
///
/// ```swift
/// let registry = StrategyRegistry()
/// try registerExtraStrategies(in: registry)
/// let loop = try FrameLoop(target: target, strategy: "texture", registry: registry,
///                          clock: .virtual(CostModel()))
/// ```
///
/// - Throws: ``SchedulingError/duplicateStrategy(_:)`` if one of the names is already registered.
public func registerExtraStrategies(in registry: StrategyRegistry) throws {
    try registry.register(WorkflowStrategy.name) { WorkflowStrategy() }
    try registry.register(TextureStrategy.name) { TextureStrategy() }
    try registry.register(SlicedStrategy.name) { SlicedStrategy() }
}

/// Registers the strategies of this module in ``StrategyRegistry/shared``, once: later calls,
/// from any thread, do nothing (or rethrow the first call's error).
///
/// - Throws: ``SchedulingError/duplicateStrategy(_:)`` if another module registered `workflow`,
///   `texture` or `sliced` in the shared registry first.
public func registerExtraStrategies() throws {
    try sharedRegistration.get()
}

/// The outcome of registering in the shared registry; Swift initialises it once, on first use.
private let sharedRegistration = Result<Void, any Error> { try registerExtraStrategies(in: .shared) }
