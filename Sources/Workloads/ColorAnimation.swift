import Scheduling
import Views

/// `color-animation`: seed 000's ``NoAsyncRenderExample`` repeated: one color animated between
/// blue and red, started again each time the animation is logically complete, so that it animates
/// for the whole run. The tree has no dynamic container, so no frame can render asynchronously.
public struct ColorAnimationWorkload: Workload {
    public let name = "color-animation"
    public let summary = "Seed 000's single animated color, restarted each second: a static tree that animates every frame but never renders asynchronously."

    /// The workload.
    public init() {}

    public func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        WorkloadInstance(showing: ViewHost(rootView: RepeatingColorAnimation(), size: Size(width: 100, height: 100)), events: [])
    }
}

/// ``NoAsyncRenderExample`` whose completion toggles the color again: the seed's color, animation
/// and completion criteria, restarted each time the animation is logically complete (after 1 s).
struct RepeatingColorAnimation: View {
    @State var showRed = false

    var body: some View {
        VStack {
            Color(red: showRed ? 1 : 0, green: 0, blue: showRed ? 0 : 1)
                .onAppear(perform: toggle)
        }
    }

    private func toggle() {
        let animation = Animation.linear(duration: 5).logicallyComplete(after: 1)
        withAnimation(animation, completionCriteria: .logicallyComplete) {
            showRed.toggle()
        } completion: {
            toggle()
        }
    }
}
