import Scheduling
import Views

/// `deep-tree`: 1,000 custom views nested in each other, the innermost holding a leaf whose
/// `@State` changes every frame (Workflow's narrow and deep case). A leaf change must not
/// re-evaluate the views above it.
public struct DeepTreeWorkload: Workload {
    public let name = "deep-tree"
    public var summary: String {
        "\(depth) nested views with a leaf whose state changes every frame: the views above the leaf must not be re-evaluated."
    }
    /// Number of nested views above the leaf.
    public let depth: Int

    /// A tree `depth` views deep (at least 1).
    public init(depth: Int = 1_000) {
        self.depth = max(1, depth)
    }

    /// `depth`.
    public var loadParameters: [LoadParameter] {
        [LoadParameter(name: "depth", unit: "nested views", summary: "views nested above the leaf", default: Double(depth),
                       range: 1 ... 20_000, sweep: [125, 250, 500, 1_000, 2_000, 4_000])]
    }

    public func setting(_ parameter: String, to value: Double) throws -> any Workload {
        try checkedLoad(parameter, value)
        return DeepTreeWorkload(depth: Int(value))
    }

    public func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let host = ViewHost(rootView: DeepLevel(remaining: depth - 1), size: Size(width: 100, height: 100))
        let events = EventScript.activeFrames(of: frames).map { frame in
            EventScript.tap(DeepLeaf.identifier, on: host, frame: frame)
        }
        return WorkloadInstance(showing: host, events: events)
    }
}

/// One level of the deep tree: the next level, or the leaf below the last one.
struct DeepLevel: View, Equatable {
    /// Levels below this one.
    let remaining: Int

    var body: some View {
        if remaining == 0 {
            DeepLeaf()
        } else {
            DeepLevel(remaining: remaining - 1)
        }
    }
}

/// A colored square that is also a button changing its color. Each tap moves to the next of 100
/// shades, so that taps applied together never cancel each other (a toggle tapped twice between
/// two frames would be no change at all, under some strategies and not others).
struct DeepLeaf: View {
    static let identifier = "leaf"
    @State var taps = 0

    var body: some View {
        Button(action: { taps += 1 }) {
            Color(red: Double(taps % 100) / 100, green: 0.5, blue: 1).frame(width: 40, height: 40)
        }
        .accessibilityIdentifier(Self.identifier)
    }
}
