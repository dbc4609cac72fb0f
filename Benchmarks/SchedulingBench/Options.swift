import ArgumentParsing

/// The command line of `scheduling-bench`.
enum Options {
    /// `scheduling-bench`'s options, one line each.
    static let spec = CommandSpec(
        "scheduling-bench",
        summary: "Measures what the scheduling layer itself costs per frame.",
        description: """
            Measures what the scheduling layer itself costs per frame under eager, lazy and async-pull: \
            the overhead per frame of an animating target with an empty graph on the virtual clock and \
            under the real clock at 1 kHz (process CPU time per frame), and a 1,000-node animation per \
            frame (virtual clock: CPU time per frame; real clock at 120 Hz: render time percentiles). \
            Wall-clock figures; takes about a minute.
            """,
        options: [
            .value("--readme", "PATH", .path, help: "Also write the tables into the SCHEDULING-BENCH region of PATH."),
        ],
        notes: ExitStatus.help(failure: "a measurement failed or the README could not be written")
    )
}
