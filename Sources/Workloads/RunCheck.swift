import Scheduling

/// Why a run did not do its job, so that its numbers must not count: found by
/// ``WorkloadRunner/run(_:strategy:registry:clock:frames:frameRate:loopMade:)`` after the
/// drain, from the frame loop's ``Scheduling/LoopAudit``.
///
/// A strategy must apply every transaction exactly once, show every change in a rendered frame
/// and let the loop settle; a workload's events must act on something. Otherwise the run is not a
/// fast run but a wrong one: a strategy that skips every frame would look the best of all.
public enum RunDefect: Hashable, Sendable, CustomStringConvertible {
    /// The loop still had `work` (``Scheduling/FrameLoop/pendingWork``: a frame requested, a
    /// transaction pending, an animation running) `seconds` after the measured frames, in which
    /// the strategy rendered `rendered` frames and skipped `skipped`.
    case neverSettled(seconds: Double, work: [String], rendered: Int, skipped: Int)
    /// Posted transactions the strategy never applied (their names, in posting order).
    case unappliedTransactions([String], posted: Int)
    /// Posted transactions the strategy applied more than once.
    case transactionsAppliedMoreThanOnce([LoopAudit.Repeated], posted: Int)
    /// Changes applied after the last rendered frame: the strategy committed fewer frames than the
    /// workload needs (`rendered` and `skipped` count the frames of the measured run and the drain).
    case unshownChanges(applications: Int, rendered: Int, skipped: Int)
    /// Events whose handlers acted on nothing: an error of the workload, not of the strategy.
    case missedEvents([MissedEvent])

    /// Whether the defect is the workload's (the same under every strategy), not the strategy's.
    public var isWorkloadError: Bool {
        if case .missedEvents = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .neverSettled(let seconds, let work, let rendered, let skipped):
            return "never settled: still had work (\(work.joined(separator: ", "))) \(Self.number(seconds)) s after its measured frames "
                + "(\(Self.counted(rendered, "frame")) rendered, \(skipped) skipped, drain included)"
        case .unappliedTransactions(let names, let posted):
            return "left \(names.count) of \(Self.counted(posted, "transaction")) unapplied (\(Self.list(names)))"
        case .transactionsAppliedMoreThanOnce(let repeated, let posted):
            let described = repeated.map { "\($0.name) \($0.applications) times" }
            return "applied \(repeated.count) of \(Self.counted(posted, "transaction")) more than once (\(Self.list(described)))"
        case .unshownChanges(let applications, let rendered, let skipped):
            return "committed fewer frames than the workload needs: no frame shows the last "
                + "\(Self.counted(applications, "transaction application")) (\(Self.counted(rendered, "frame")) rendered, "
                + "\(Self.number(Double(skipped))) skipped, drain included)"
        case .missedEvents(let events):
            return "workload error: " + (events.count == 1 ? events[0].description
                : "\(events.count) events acted on nothing, the first: \(events[0])")
        }
    }

    /// The defects the `audit` of a loop shows, and `neverSettled` while `pendingWork` is not empty.
    static func defects(of audit: LoopAudit, pendingWork: [String], drainSeconds: Double, rendered: Int, skipped: Int) -> [RunDefect] {
        var defects: [RunDefect] = []
        if !audit.missedEvents.isEmpty { defects.append(.missedEvents(audit.missedEvents)) }
        if !audit.unapplied.isEmpty { defects.append(.unappliedTransactions(audit.unapplied, posted: audit.posted)) }
        if !audit.appliedMoreThanOnce.isEmpty { defects.append(.transactionsAppliedMoreThanOnce(audit.appliedMoreThanOnce, posted: audit.posted)) }
        if audit.unshownApplications > 0 {
            defects.append(.unshownChanges(applications: audit.unshownApplications, rendered: rendered, skipped: skipped))
        }
        if !pendingWork.isEmpty {
            defects.append(.neverSettled(seconds: drainSeconds, work: pendingWork, rendered: rendered, skipped: skipped))
        }
        return defects
    }

    /// "1 frame", "3 frames".
    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// The first few of `items`, "a, b, c and 4 more".
    private static func list(_ items: [String]) -> String {
        let shown = items.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
        return items.count > 3 ? shown + " and \(items.count - 3) more" : shown
    }

    /// `value` without a trailing ".0".
    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
