/// One experiment of a paper: it runs, and returns its claims (exact or measured) with the tables,
/// charts and files it writes (a ``Report``).
///
/// To add an experiment, write a type conforming to this protocol in its own file and add it to
/// its paper's ``Paper/experiments``. Its report becomes a section of the paper's README, headed
/// by ``title``, and its claims join the paper's table of claims.
public protocol Experiment: Sendable {
    /// The heading of the experiment's section, such as "Experiment 2: several writes before one
    /// read".
    var title: String { get }
    /// Runs the experiment.
    func run(_ context: RunContext) -> Report
}

/// What an experiment is given.
public struct RunContext: Sendable {
    /// Small sizes and short timings (for CI) instead of the full experiment.
    public var quick: Bool
    /// Reports progress (to standard error in the tool).
    public var log: @Sendable (String) -> Void
    /// Counts instructions for the claims decided on work rather than time; `nil` (the default,
    /// and when valgrind is not installed): those claims are decided on timings. Set by
    /// ``ReproduceTool`` for full runs.
    var instructionCounter: InstructionCounter?

    public init(quick: Bool, log: @escaping @Sendable (String) -> Void) {
        self.quick = quick
        self.log = log
    }

    /// How long and how large the timings are.
    public var budget: Budget { Budget(quick: quick) }
}
