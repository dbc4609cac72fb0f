/// A paper (or a talk) whose claims `reproduce` tests: a list of experiments, run in order. Its
/// results go to `<output>/<folder>/`, next to the hand-written README.
public struct Paper: Sendable {
    /// The name given on the command line, lowercase, such as `hudson1991`.
    public let name: String
    /// The folder under the output directory that holds the README and the generated files.
    public let folder: String
    /// A one-line description for `reproduce --list`.
    public let summary: String
    /// The experiments, in the order they run and appear in the README.
    public let experiments: [any Experiment]

    public init(name: String, folder: String, summary: String, experiments: [any Experiment]) {
        self.name = name
        self.folder = folder
        self.summary = summary
        self.experiments = experiments
    }

    /// Every paper of this package, in the order `reproduce --all` runs them.
    public static let all: [Paper] = [.hudson1991, .vanderZanden2001, .attributeGraphTalk, .openSwiftUIAsync, .workflowTexture]

    /// Runs every experiment; each report becomes a section headed by the experiment's title.
    public func run(_ context: RunContext) -> Report {
        var report = Report()
        for experiment in experiments {
            context.log(experiment.title)
            report.heading(experiment.title)
            report.append(experiment.run(context))
        }
        return report
    }
}

extension [Paper] {
    /// The paper called `name` (case-insensitive; the folder name works too).
    func paper(named name: String) -> Paper? {
        first { $0.name.lowercased() == name.lowercased() || $0.folder.lowercased() == name.lowercased() }
    }
}
