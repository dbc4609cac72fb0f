import Scheduling

/// Registers the strategies of this module by name in `registry`: `workflow`
/// (``WorkflowStrategy``) and `texture` (``TextureStrategy``, with the default working range of
/// 2 leading and 1 trailing screenfuls).
///
/// ```swift
/// let registry = StrategyRegistry()
/// try registerExtraStrategies(in: registry)
/// let loop = try FrameLoop(target: target, strategy: "texture", registry: registry,
///                          clock: .virtual(CostModel()))
/// ```
///
/// - Throws: ``SchedulingError/duplicateStrategy(_:)`` if either name is already registered.
public func registerExtraStrategies(in registry: StrategyRegistry) throws {
    try registry.register(WorkflowStrategy.name) { WorkflowStrategy() }
    try registry.register(TextureStrategy.name) { TextureStrategy() }
}

/// Registers the strategies of this module in ``StrategyRegistry/shared``, once: later calls,
/// from any thread, do nothing (or rethrow the first call's error).
///
/// - Throws: ``SchedulingError/duplicateStrategy(_:)`` if another module registered `workflow` or
///   `texture` in the shared registry first.
public func registerExtraStrategies() throws {
    try sharedRegistration.get()
}

/// The outcome of registering in the shared registry; Swift initialises it once, on first use.
private let sharedRegistration = Result<Void, any Error> { try registerExtraStrategies(in: .shared) }
