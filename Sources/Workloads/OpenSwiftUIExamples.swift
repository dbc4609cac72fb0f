import Views

/// OpenSwiftUI's async-rendering article's `AsyncRenderExample` (see Papers/OpenSwiftUIAsync): a `ForEach` whose only row is removed with a slide when the
/// view appears, animated over 2 seconds. It has a dynamic container, so its animation frames can
/// render off the main thread.
public struct AsyncRenderExample: View {
    @State private var items = [6]

    public init() {}

    public var body: some View {
        VStack(spacing: 10) {
            ForEach(items, id: \.self) { item in
                Color.blue.opacity(Double(item) / 6.0)
                    .frame(height: 50)
                    .transition(.slide)
            }
        }
        .animation(.easeInOut(duration: 2), value: items)
        .onAppear {
            items.removeAll { $0 == 6 }
        }
    }
}

/// OpenSwiftUI's async-rendering article's `NoAsyncRenderExample`: one color animated from blue to red over 5 seconds (logically
/// complete after 1), with a completion handler. No dynamic container: never renders off the main
/// thread.
public struct NoAsyncRenderExample: View {
    @State private var showRed = false
    private let onComplete: @Sendable () -> Void

    /// - Parameter onComplete: runs on the main thread when the animation is logically complete.
    public init(onComplete: @escaping @Sendable () -> Void = {}) {
        self.onComplete = onComplete
    }

    public var body: some View {
        VStack {
            Color(red: showRed ? 1 : 0, green: 0, blue: showRed ? 0 : 1)
                .onAppear {
                    let animation = Animation.linear(duration: 5).logicallyComplete(after: 1)
                    withAnimation(animation, completionCriteria: .logicallyComplete) {
                        showRed.toggle()
                    } completion: {
                        onComplete()
                    }
                }
        }
    }
}
