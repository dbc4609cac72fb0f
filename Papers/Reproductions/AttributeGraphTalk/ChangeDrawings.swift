extension Report {
    /// Adds the three drawings of `change` as `<file>-before`, `<file>-marked` and `<file>-after`;
    /// the last two are shown, all are linked (see ``drawings(_:)``).
    mutating func drawings(of change: ObservedChange, file: String) {
        let dots = change.drawings
        drawings([
            Drawing(name: "\(file)-before", caption: "before the change", dot: dots.before, shown: false),
            Drawing(name: "\(file)-marked", caption: "after the change, before the render", dot: dots.marked, shown: true),
            Drawing(name: "\(file)-after", caption: "after the render", dot: dots.after, shown: true),
        ])
    }
}

extension Report {
    /// The report of one of the talk's changes: its claim, then the table and drawings of what the
    /// change marked and ran, as `<file>.csv` and `<file>-*.dot`.
    init(claim: Claim, change: ObservedChange, file: String) {
        self.init()
        self.claim(claim)
        table(change.table, file: file)
        drawings(of: change, file: file)
    }
}
