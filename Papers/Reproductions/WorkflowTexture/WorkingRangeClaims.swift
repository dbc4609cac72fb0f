import Reporting

/// Claims 3 to 5, checked on the runs of ``WorkingRange``. Range misses are exact counts under
/// the virtual clock, so all three parts are gated.
extension WorkingRange {
    var claims: [Claim] {
        [defaultRangeAvoidsMisses, noRangeMisses, rangeCoversItsLead]
    }

    /// Whether every run scrolled at a steady speed, never coming near the end of the feed.
    private var allSteady: Bool { !runs.isEmpty && runs.allSatisfy { !$0.reachedEnd } }

    /// With Texture's default working range, a steady scroll that moves no more rows per frame than
    /// the range measures ahead shows no row unmeasured.
    private var defaultRangeAvoidsMisses: Claim {
        let within = runs(with: .textureDefault).filter(\.isWithinLead)
        let lead = within.first?.leadingRows ?? 0
        return Claim.exact(
            "With Texture's default working range (2 screenfuls ahead, 1 behind), scrolling at a steady speed below the range's lead has no range misses.",
            held: allSteady && !within.isEmpty && within.allSatisfy { $0.rangeMisses == 0 && $0.prefetchedRows > 0 },
            evidence: "\(within.map(\.rangeMisses).reduce(0, +)) misses in \(within.count) runs from "
                + "\(speedRange(within)) (up to \(NumberFormat.fixed(within.last?.rowsPerFrame ?? 0, decimals: 1)) rows per frame; "
                + "the range measures \(lead) rows ahead); \(NumberFormat.grouped(within.map(\.prefetchedRows).reduce(0, +))) rows prefetched"
        )
    }

    /// With the working range disabled, every steady scroll shows rows unmeasured.
    private var noRangeMisses: Claim {
        let disabled = runs(with: .disabled)
        return Claim.exact(
            "With the working range disabled (0, 0), scrolling at any steady speed has range misses.",
            held: allSteady && disabled.count == Self.speeds.count && disabled.allSatisfy { $0.rangeMisses > 0 },
            evidence: "range misses " + disabled.map { "\($0.rangeMisses) at \(NumberFormat.grouped(Int($0.pointsPerSecond))) pt/s" }.joined(separator: ", ")
                + "; against \(runs(with: .textureDefault).map(\.rangeMisses).map(String.init).joined(separator: ", ")) with the default range"
        )
    }

    /// Every working range avoids misses exactly as far as it reaches: no misses while the feed
    /// moves at most its leading rows per frame, misses beyond.
    private var rangeCoversItsLead: Claim {
        let ranged = runs.filter { $0.setting.leadingScreenfuls > 0 }
        let faster = ranged.filter { !$0.isWithinLead }
        return Claim.exact(
            "A working range avoids misses only up to its lead: scrolling faster than it measures ahead per frame misses rows.",
            held: allSteady && ranged.count == (Self.settings.count - 1) * Self.speeds.count && !faster.isEmpty
                && ranged.allSatisfy { $0.isWithinLead == ($0.rangeMisses == 0) },
            evidence: Self.settings.filter { $0.leadingScreenfuls > 0 }.map { setting in
                let settingRuns = runs(with: setting)
                let slowestMissing = settingRuns.first { $0.rangeMisses > 0 }
                return "\(setting.title) (\(settingRuns.first?.leadingRows ?? 0) rows ahead): "
                    + (slowestMissing.map {
                        "first misses at \(NumberFormat.fixed($0.rowsPerFrame, decimals: 1)) rows per frame (\($0.rangeMisses))"
                    } ?? "no misses")
            }.joined(separator: "; ")
        )
    }

    /// "1,500–96,000 pt/s" for `runs`, slowest first.
    private func speedRange(_ runs: [Run]) -> String {
        guard let first = runs.first, let last = runs.last else { return "no speed" }
        return "\(NumberFormat.grouped(Int(first.pointsPerSecond)))–\(NumberFormat.grouped(Int(last.pointsPerSecond))) pt/s"
    }
}
