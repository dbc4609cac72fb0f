extension Paper {
    /// S. E. Hudson, "Incremental attribute evaluation: a flexible algorithm for lazy update",
    /// ACM TOPLAS 13(3), 1991; and "A system for efficient and flexible one-way constraint
    /// evaluation in C++", GVU TR 93-15, 1993: the mark-dirty / lazy-evaluate algorithm our engine
    /// implements.
    public static let hudson1991 = Paper(
        name: "hudson1991", folder: "Hudson1991",
        summary: "Hudson 1991/1993: lazy evaluation runs only what is affected and demanded, once",
        experiments: [OracleComparisonExperiment(), ChangePointsExperiment(), RereadExperiment(), IndirectionExperiment(), ScalingExperiment(),
                      InterruptionExperiment()]
    )
}
