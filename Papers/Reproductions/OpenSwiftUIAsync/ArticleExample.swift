import Scheduling
import Views
import Workloads

/// The two views of OpenSwiftUI's async-rendering article, hosted for a frame loop.
enum ArticleExample: CaseIterable {
    /// `AsyncRenderExample`: a `ForEach` whose row slides out over 2 s when the view appears.
    case forEach
    /// `NoAsyncRenderExample`: one `Color` animated from blue to red over 5 s; no dynamic container.
    case plainColor

    /// The name used in tables and charts.
    var title: String {
        switch self {
        case .forEach: "ForEach example"
        case .plainColor: "plain Color example"
        }
    }

    /// Frames at 60 Hz that cover the example's animation and a little more: 2.5 s for the 2 s
    /// slide, 5.5 s for the 5 s color animation.
    var frames: Int {
        switch self {
        case .forEach: 150
        case .plainColor: 330
        }
    }

    /// A fresh host of the example, and a way to read its last rendered display list.
    func makeHost() -> (target: any RenderTarget, output: @Sendable () -> DisplayList) {
        switch self {
        case .forEach:
            let host = ViewHost(rootView: AsyncRenderExample(), size: Size(width: 200, height: 200))
            return (host, { host.displayList })
        case .plainColor:
            let host = ViewHost(rootView: NoAsyncRenderExample(), size: Size(width: 100, height: 100))
            return (host, { host.displayList })
        }
    }
}
