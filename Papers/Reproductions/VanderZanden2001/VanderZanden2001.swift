extension Paper {
    /// B. T. Vander Zanden, R. Halterman, B. A. Myers, R. McDaniel, R. Miller, P. Szekely,
    /// D. A. Giuse and D. Kosbie, "Lessons learned about one-way, dataflow constraints in the
    /// Garnet and Amulet graphical toolkits", ACM TOPLAS 23(6), 2001.
    public static let vanderZanden2001 = Paper(
        name: "vanderzanden2001", folder: "VanderZanden2001",
        summary: "Vander Zanden et al. 2001: mark-sweep vs topological order, eager vs lazy, storage",
        experiments: [
            MarkSweepVersusTopologicalExperiment(), EagerVersusLazyExperiment(), EagerVersusLazyOnViewsExperiment(), StorageExperiment(),
        ]
    )
}
