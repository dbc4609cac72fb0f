extension Paper {
    /// OpenSwiftUI's "Async Rendering in UIKit Integration" (full reference in Papers/OpenSwiftUIAsync/README.md): a
    /// view with a dynamic container (`ForEach`) renders its animation frames on the render thread,
    /// a view without one (a single `Color`) never does; what that is worth under a busy main thread.
    public static let openSwiftUIAsync = Paper(
        name: "openswiftuiasync", folder: "OpenSwiftUIAsync",
        summary: "OpenSwiftUI async rendering: ForEach renders off the main thread, a plain Color never; hitches when main is busy",
        experiments: [AsyncRenderingExperiment()]
    )
}
