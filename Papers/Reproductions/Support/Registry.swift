/// Every implemented source, in the order `reproduce --all` runs them.
public enum Registry {
    public static let sources: [any ReproductionSource] = [
        Hudson1991(),
        VanderZanden2001(),
        AttributeGraphTalk(),
        OpenSwiftUIAsync(),
        WorkflowTexture(),
    ]

    /// The source called `name` (case-insensitive; the folder name works too).
    public static func source(named name: String, in sources: [any ReproductionSource] = sources) -> (any ReproductionSource)? {
        sources.first { $0.name.lowercased() == name.lowercased() || $0.folder.lowercased() == name.lowercased() }
    }
}
