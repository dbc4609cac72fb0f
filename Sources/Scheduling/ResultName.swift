/// The rule for the names that label results: strategies, workloads and load parameters. A name
/// appears on the command line, in tables, in JSON and CSV, and in the names of the files a run
/// writes (`timelines/WORKLOAD--STRATEGY.svg`), so it must be a word every file system takes.
public enum ResultName {
    /// Why `name` cannot name a `what` (a strategy, a workload, a load parameter), or `nil` when it
    /// can: a name starts with an ASCII letter or digit (not `-`, which would read as an option),
    /// goes on with ASCII letters, digits, `-`, `_`, `.` or `+`, and holds no `--` (which parts the
    /// workload from the strategy in a timeline's file name).
    public static func problem(with name: String, naming what: String) -> String? {
        func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
            ("a" ... "z").contains(scalar) || ("A" ... "Z").contains(scalar) || ("0" ... "9").contains(scalar)
        }
        let scalars = name.unicodeScalars
        guard let first = scalars.first, isLetterOrDigit(first),
              scalars.allSatisfy({ isLetterOrDigit($0) || "-_.+".unicodeScalars.contains($0) }), !name.contains("--") else {
            return "'\(name)' cannot name a \(what): a name starts with an ASCII letter or digit and goes on with letters, digits, "
                + "'-', '_', '.' or '+', without '--' (it is an argument and names the files of a run's results)"
        }
        return nil
    }
}
