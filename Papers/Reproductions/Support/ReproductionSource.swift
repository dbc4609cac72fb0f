/// One source (a paper or a talk) whose claims the `reproduce` tool tests.
///
/// To add a source, write a type conforming to this protocol in its own file and list it in
/// ``Registry/sources``. Its results go to `Papers/<folder>/`, next to the hand-written README.
public protocol ReproductionSource: Sendable {
    /// The name given on the command line, lowercase, such as `hudson1991`.
    var name: String { get }
    /// The folder under `Papers/` that holds the README and the generated files.
    var folder: String { get }
    /// A one-line description for `reproduce --list`.
    var summary: String { get }
    /// Runs the experiments and returns the generated results.
    func run(_ context: RunContext) -> SourceResults
}

/// What a source's experiments are given.
public struct RunContext: Sendable {
    /// Small sizes and short timings (for CI) instead of the full experiment.
    public var quick: Bool
    /// Reports progress (to standard error in the tool).
    public var log: @Sendable (String) -> Void

    public init(quick: Bool, log: @escaping @Sendable (String) -> Void) {
        self.quick = quick
        self.log = log
    }

    var budget: Budget { Budget(quick: quick) }
}
