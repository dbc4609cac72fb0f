import Workloads

/// The two view trees of the re-render experiment, each buildable at any size: Workflow's wide
/// and shallow case and its narrow and deep case, as the `wide-list` and `deep-tree` workloads
/// (`Sources/Workloads`) define them. Both change one row or one leaf per frame.
enum TreeShape: CaseIterable {
    /// A `ForEach` of keyed rows; one row's `@State` changes per frame, a different row each time.
    case wideList
    /// Custom views nested in each other; the innermost leaf's `@State` changes every frame.
    case deepTree

    /// The name used in tables and charts.
    var title: String {
        switch self {
        case .wideList: "wide list"
        case .deepTree: "deep tree"
        }
    }

    /// The name used in file names: `wide-list` or `deep-tree`, the workloads' names.
    var fileName: String {
        switch self {
        case .wideList: "wide-list"
        case .deepTree: "deep-tree"
        }
    }

    /// What the size counts, in the singular: `row` or `nested view`.
    var sizeUnit: String {
        switch self {
        case .wideList: "row"
        case .deepTree: "nested view"
        }
    }

    /// What the size counts, in the plural: `rows` or `nested views`.
    var sizeUnits: String { sizeUnit + "s" }

    /// The sizes the experiment runs: three decades for the wide list, 100 to 10,000 rows (10 to
    /// 1,000 for a quick run). The deep tree stops at 3,000 nested views (1,000): our view layer
    /// gives each view an identity path as long as its depth, so building the tree takes time and
    /// memory quadratic in the depth, and a 10,000-deep tree takes seconds and gigabytes to build.
    func sizes(quick: Bool) -> [Int] {
        switch self {
        case .wideList: quick ? [10, 100, 1_000] : [100, 1_000, 10_000]
        case .deepTree: quick ? [10, 100, 1_000] : [100, 1_000, 3_000]
        }
    }

    /// The workload of this shape with `size` rows or nested views.
    func workload(size: Int) -> any Workloads.Workload {
        switch self {
        case .wideList: WideListWorkload(rows: size)
        case .deepTree: DeepTreeWorkload(depth: size)
        }
    }
}
