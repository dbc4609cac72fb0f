extension Paper {
    /// The attribute-graph talk (full reference in Papers/AttributeGraphTalk/README.md): its four on-stage experiments
    /// (counter, layout jump, color scheme, environment modifier) replayed on our view layer, with
    /// per-node evaluation counts and Graphviz drawings of the graph around each change.
    public static let attributeGraphTalk = Paper(
        name: "attributegraphtalk", folder: "AttributeGraphTalk",
        summary: "The attribute-graph talk: which nodes run for a tap, a layout jump, dark mode, a font modifier",
        experiments: [
            MarkThenRenderExperiment(), CounterExperiment(), LayoutJumpExperiment(), ColorSchemeExperiment(), EnvironmentModifierExperiment(),
        ]
    )
}
