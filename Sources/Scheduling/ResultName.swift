/// The rule for the names that label results: strategies, workloads and load parameters. A name
/// appears on the command line, in tables, in JSON and CSV, and in the names of the files a run
/// writes (`timelines/WORKLOAD--STRATEGY.svg`), so it must be a word every file system takes.
public enum ResultName {
    /// Why `name` cannot name a `what` (a strategy, a workload, a load parameter), or `nil` when it
    /// can: a name is one or more ASCII letters, digits, `-`, `_` or `.`, and not `.` or `..`.
    public static func problem(with name: String, naming what: String) -> String? {
        let allowed = name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0" ... "9").contains($0) || "-_.".unicodeScalars.contains($0)) }
        guard !name.isEmpty, allowed, name != ".", name != ".." else {
            return "'\(name)' cannot name a \(what): a name is one or more ASCII letters, digits, '-', '_' or '.' (it names the files of a run's results)"
        }
        return nil
    }
}
