import Foundation

/// A bad argument given to the scheduling layer. Each case describes itself in a sentence that
/// says what was wrong and what is accepted.
public enum SchedulingError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// No strategy is registered under the name; `known` lists the registered names.
    case unknownStrategy(String, known: [String])
    /// A strategy is already registered under the name.
    case duplicateStrategy(String)
    /// The name cannot name a strategy (see ``ResultName/problem(with:naming:)``).
    case invalidStrategyName(String)
    /// The frame rate is not a number in `0 < rate ≤ 1,000,000` Hz.
    case invalidFrameRate(Double)
    /// A synthetic cost (named by the first value) is negative.
    case negativeCost(String, Duration)
    /// A run was asked for a negative number of frames.
    case negativeFrameCount(Int)
    /// A main-thread event (named, if it has a name) arrives before the run starts or after it ends.
    case eventOutsideRun(String?, at: Duration, runLength: Duration)
    /// ``FrameLoop/run(frames:events:)`` was called while a run of the same loop was in progress.
    case alreadyRunning

    /// A sentence saying what was wrong and what is accepted.
    public var description: String {
        switch self {
        case .unknownStrategy(let name, let known):
            "unknown strategy '\(name)'; known strategies: \(known.joined(separator: ", "))"
        case .duplicateStrategy(let name):
            "a strategy named '\(name)' is already registered"
        case .invalidStrategyName(let name):
            ResultName.problem(with: name, naming: "strategy") ?? "'\(name)' cannot name a strategy"
        case .invalidFrameRate(let rate):
            "invalid frame rate \(rate) Hz: it must be greater than 0 and at most 1,000,000 Hz"
        case .negativeCost(let what, let cost):
            "negative synthetic cost for \(what): \(cost); costs must be zero or more"
        case .negativeFrameCount(let frames):
            "cannot run \(frames) frames: the number of frames must be zero or more"
        case .eventOutsideRun(let name, let time, let length):
            "event \(name.map { "'\($0)' " } ?? "")arrives at \(time), outside the run (0 ..< \(length))"
        case .alreadyRunning:
            "this frame loop is already running; runs of one loop must not overlap"
        }
    }

    /// ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}
