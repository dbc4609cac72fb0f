/// Why a frame could not be rendered off the main thread (`Docs/WritingAScheduler.md`, OpenSwiftUI's
/// `updateOutputsAsync` conditions). Targets and strategies may define more reasons.
public struct FallbackReason: RawRepresentable, Hashable, Codable, CodingKeyRepresentable, Sendable,
    CustomStringConvertible
{
    /// The name, as written in JSON results.
    public let rawValue: String

    /// A reason named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// State transactions posted from the main thread wait to be applied; only the main thread
    /// applies them.
    public static let pendingTransactions = FallbackReason(rawValue: "pending-transactions")
    /// An observed output is dirty below a node that requires the main thread
    /// (`allowsAsyncUpdate` is false).
    public static let mainThreadRequired = FallbackReason(rawValue: "main-thread-required")
    /// The target has no host preference values because its tree has no dynamic container
    /// (`ForEach`, `if`/`else`, optional content): a static tree never renders asynchronously.
    public static let noDynamicContainer = FallbackReason(rawValue: "no-dynamic-container")
    /// The outputs were never evaluated: the first frame instantiates them on the main thread, as a
    /// host's first render does, so that nodes requiring the main thread first run there.
    public static let firstFrame = FallbackReason(rawValue: "first-frame")
    /// Host properties (proposed size, environment) wait to be applied on the main thread.
    public static let hostPropertiesPending = FallbackReason(rawValue: "host-properties-pending")

    /// The name.
    public var description: String { rawValue }
}
