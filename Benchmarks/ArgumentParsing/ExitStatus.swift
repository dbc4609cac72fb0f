/// The exit statuses every tool of the package uses, so that scripts and CI read them alike.
///
/// - 0 (``success``): the command did what it was asked, and every check it makes passed.
/// - 1 (``failure``): the command ran but its result is wrong or incomplete: a benchmark run that
///   failed its checks, a claim that did not hold, a verification that failed, results that could
///   not be written.
/// - 2 (``usage``): nothing was run because the command line is wrong: an unknown option, name or
///   subcommand, a missing or bad value, an unusable file or directory given on the command line.
public enum ExitStatus {
    /// 0: done, every check passed.
    public static let success: Int32 = 0
    /// 1: a run, a check or a claim failed, or results could not be written.
    public static let failure: Int32 = 1
    /// 2: a usage error; nothing was run.
    public static let usage: Int32 = 2

    /// The help's closing paragraph, for a tool whose status 1 means `failure` ("a run failed").
    public static func help(failure: String) -> String {
        "Exit status: 0 on success; 1 when \(failure); 2 for a usage error (an unknown option or name, "
            + "a missing or bad value, an unusable file or directory), with a one-line message naming it."
    }
}
