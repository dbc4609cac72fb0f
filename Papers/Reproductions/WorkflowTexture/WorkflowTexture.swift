import Scheduling

extension Paper {
    /// Square Workflow and Texture (full references in Papers/WorkflowTexture/README.md): Workflow re-renders the whole tree from the root after
    /// every change, so its cost grows with the tree where incremental evaluation's grows with the
    /// change; Texture measures rows of a scrolling list ahead of time in a working range, so that
    /// rows do not scroll into view unmeasured.
    public static let workflowTexture = Paper(
        name: "workflowtexture", folder: "WorkflowTexture",
        summary: "Square Workflow and Texture: full re-renders grow with the tree; working ranges avoid range misses",
        experiments: [RerenderScalingExperiment(), WorkingRangeExperiment()]
    )
}

/// What both Workflow and Texture experiments share.
enum WorkflowTexture {
    /// What rendering costs in virtual time, as in `openswiftuiasync`: 1 ms per frame (commit and
    /// drawing) and 2 µs per rule evaluation.
    static let costModel = CostModel(perFrame: .milliseconds(1), perEvaluation: .microseconds(2))
    static let frameRate = 60.0
}
