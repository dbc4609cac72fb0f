/// Maps strategy names to factories, so that tools can pick a strategy by name (`--strategy lazy`).
///
/// A new registry knows the built-in strategies (`eager`, `lazy`, `async-pull`); more are added
/// with ``register(_:_:)``, from any module:
///
/// ```swift
/// try StrategyRegistry.shared.register("throttled") { ThrottledStrategy(interval: 2) }
/// let loop = try FrameLoop(target: target, strategy: "throttled")
/// ```
public final class StrategyRegistry: Sendable {
    /// Makes a fresh strategy for one frame loop.
    public typealias Factory = @Sendable () -> any UpdateStrategy

    /// The registry that ``FrameLoop/init(target:strategy:registry:clock:frameRate:)`` uses by default.
    public static let shared = StrategyRegistry()

    private let factories: Protected<[String: Factory]>

    /// Makes a registry holding the built-in strategies.
    public init() {
        factories = Protected([
            EagerStrategy.name: { EagerStrategy() },
            LazyStrategy.name: { LazyStrategy() },
            AsyncPullStrategy.name: { AsyncPullStrategy() },
        ])
    }

    /// The registered names, sorted.
    public var names: [String] {
        factories.withLock { $0.keys.sorted() }
    }

    /// Registers `factory` under `name`.
    ///
    /// - Throws: ``SchedulingError/invalidStrategyName(_:)`` if `name` is not a name
    ///   (``ResultName/problem(with:naming:)``), ``SchedulingError/duplicateStrategy(_:)`` if it
    ///   is taken.
    public func register(_ name: String, _ factory: @escaping Factory) throws {
        guard ResultName.problem(with: name, naming: "strategy") == nil else { throw SchedulingError.invalidStrategyName(name) }
        let added = factories.withLock { factories in
            guard factories[name] == nil else { return false }
            factories[name] = factory
            return true
        }
        guard added else { throw SchedulingError.duplicateStrategy(name) }
    }

    /// Makes a new instance of the strategy registered under `name`.
    ///
    /// - Throws: ``SchedulingError/unknownStrategy(_:known:)``, listing the known names.
    public func makeStrategy(named name: String) throws -> any UpdateStrategy {
        let factory = factories.withLock { $0[name] }
        guard let factory else { throw SchedulingError.unknownStrategy(name, known: names) }
        return factory()
    }
}
