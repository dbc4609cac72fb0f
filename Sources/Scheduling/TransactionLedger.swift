/// What became of the transactions posted to a ``FrameLoop`` (``FrameLoop/audit``), and of the
/// events the loop delivered: the evidence that a strategy did its job, checked by the tools
/// before a run's numbers count.
///
/// Every transaction posted with ``FrameLoop/transaction(_:_:)`` must be applied exactly once
/// (however the strategy applies it: ``FrameLoop/apply(_:)``, ``FrameLoop/flushTransactions()``
/// or ``Transaction/apply(to:)``), and the changes it made must be shown by a frame rendered after
/// it was applied. An event whose handler acted on nothing reports it with
/// ``FrameLoop/reportMiss(_:)``.
public struct LoopAudit: Hashable, Sendable {
    /// Transactions posted since the loop was made.
    public var posted = 0
    /// The posted transactions never applied, by name (or `#n`, their place in posting order,
    /// counted from 1, when they have none), in posting order.
    public var unapplied: [String] = []
    /// The posted transactions applied more than once, with how many times.
    public var appliedMoreThanOnce: [Repeated] = []
    /// Applications of posted transactions after the last rendered frame: changes no frame shows.
    public var unshownApplications = 0
    /// The events whose handlers acted on nothing, in the order they ran.
    public var missedEvents: [MissedEvent] = []

    /// A transaction applied more than once.
    public struct Repeated: Hashable, Sendable {
        /// Its name, or `#n` for the n-th posted.
        public var name: String
        /// How many times it was applied.
        public var applications: Int
    }
}

/// An event whose handler acted on nothing: a tap on a button no view has, or on one that is
/// disabled. An error of the workload, the same under every strategy.
public struct MissedEvent: Hashable, Sendable, CustomStringConvertible {
    /// The event's name (``MainThreadEvent/name``), or `nil` without one.
    public var event: String?
    /// The frame interval of the run the event arrived in, counted from 0.
    public var frame: Int
    /// What the handler did not find, e.g. "no button 'save'".
    public var reason: String

    /// "event 'tap save' (frame 3) acted on nothing: no button 'save'".
    public var description: String {
        "event \(event.map { "'\($0)'" } ?? "without a name") (frame \(frame)) acted on nothing: \(reason)"
    }
}

/// The loop's record behind ``LoopAudit``: how often each posted transaction was applied.
struct TransactionLedger {
    /// Per posted transaction, in posting order: its name and how many times it was applied.
    private var entries: [(name: String?, applications: Int)] = []
    /// Applications of posted transactions so far, and how many of them the last render showed.
    private var applications = 0, shown = 0
    /// The events that acted on nothing.
    var missedEvents: [MissedEvent] = []

    /// Records a posted transaction named `name`; returns its number for ``applied(_:)``.
    mutating func post(named name: String?) -> Int {
        entries.append((name, 0))
        return entries.count - 1
    }

    /// Records an application of transaction `number`.
    mutating func applied(_ number: Int) {
        entries[number].applications += 1
        applications += 1
    }

    /// Records that a render has pulled the target: it shows every application so far.
    mutating func rendered() { shown = applications }

    /// The audit of what was recorded.
    var audit: LoopAudit {
        var audit = LoopAudit(posted: entries.count, unshownApplications: applications - shown, missedEvents: missedEvents)
        for (index, entry) in entries.enumerated() {
            let name = entry.name ?? "#\(index + 1)"
            if entry.applications == 0 { audit.unapplied.append(name) }
            if entry.applications > 1 { audit.appliedMoreThanOnce.append(.init(name: name, applications: entry.applications)) }
        }
        return audit
    }
}
