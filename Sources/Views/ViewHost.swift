import Constraints

/// Owns the graph of a view tree and renders frames: the root view, proposed size, environment and
/// time are inputs; the root display list is the output. Every render flushes the graph's effects
/// before it reads the root display list (lists learn that a row's layout changed from an
/// effect of the row, ``ElementLayoutWatch``).
///
/// Event handlers (``tap(_:)``, ``perform(_:)``) run on the main thread and queue their state
/// writes as a transaction. ``render(at:)`` (main thread) applies queued transactions and host
/// property changes, sets the time, pulls the root display list and then runs `onAppear` actions
/// and animation completions. ``renderAsync(at:)`` renders from another thread, and returns `nil`
/// when the asynchronous-rendering conditions of OpenSwiftUI do not hold (see ``asyncBlocker``).
///
/// Every method takes the graph's update lock.
public final class ViewHost<Root: View>: @unchecked Sendable {
    /// The graph holding every node of the view tree.
    public let graph: Graph
    let context: ViewGraphContext
    private let rootViewInput: Input<Root>
    /// The host's environment: its values and one input per key read (see `EnvironmentNode`).
    private let environment: EnvironmentNode
    private let proposedSize: Input<Size>
    /// The root display-list node. Read it after ``Constraints/Graph/flush()``, as the host does: a
    /// list learns that a row changed size from an effect (`ElementLayoutWatch`), so without the
    /// flush a changed row's list still has its old layout.
    public let rootDisplayList: Rule<DisplayList>
    /// The root layout-computer node; read it after ``Constraints/Graph/flush()``, as
    /// ``rootDisplayList``.
    public let rootLayout: Rule<LayoutComputer>
    /// Host property changes (size, environment) waiting for the next main-thread frame.
    private var pendingProperties: [() -> Void] = []
    /// The display list of the last rendered frame.
    public private(set) var displayList = DisplayList()
    /// Whether a frame was rendered on the main thread yet (the first one must be: it evaluates
    /// every body for the first time).
    private(set) var hasRenderedOnMainThread = false

    /// Makes the graph of `rootView` laid out in `size`.
    public init(rootView: Root, size: Size, environment environmentValues: EnvironmentValues = EnvironmentValues()) {
        let graph = Graph()
        self.graph = graph
        let context = ViewGraphContext(graph: graph)
        self.context = context
        rootViewInput = graph.input(rootView, name: "rootView")
        let environmentValues = graph.input(environmentValues, name: "environment")
        proposedSize = graph.input(size, name: "proposedSize")
        let rootEnvironment = EnvironmentNode(rootNamed: "Environment(root)", graph: graph, values: environmentValues)
        environment = rootEnvironment
        let proposedSize = self.proposedSize
        var layout: Rule<LayoutComputer>?
        let geometry = graph.rule(name: "rootGeometry") { () -> Rect in
            let size = proposedSize.value
            let fitted = layout!.value.sizeThatFits(ProposedSize(size))
            return Alignment.center.place(fitted, in: Rect(origin: .zero, size: size))
        }
        let root = rootViewInput
        let inputs = ViewInputs(context: context, environment: rootEnvironment, geometry: geometry)
        let outputs = Root.makeView(graph.rule(name: context.typeNames.name(of: Root.self)) { root.value }, inputs: inputs)
        layout = outputs.layout
        rootLayout = outputs.layout
        rootDisplayList = outputs.displayList
        graph.diagnosticHandler = { [unowned context] diagnostic in context.report(.graph(diagnostic)) }
    }

    // MARK: Events (main thread)

    /// Runs `handler` as an event handler: `@State` writes it makes are queued as one transaction
    /// for the next frame; `withAnimation` inside it animates them.
    public func perform(_ handler: () -> Void) {
        graph.withLock {
            ViewGraphContext.$current.withValue(context) { handler() }
        }
    }

    /// Taps the button whose `.accessibilityIdentifier` or text title is `identifier`.
    /// Returns `false`, and reports ``ViewDiagnostic/unknownButton(_:)``, when there is none, or
    /// ``ViewDiagnostic/disabledButton(_:)`` when it is disabled (``View/disabled(_:)``).
    @discardableResult
    public func tap(_ identifier: String) -> Bool {
        graph.withLock {
            guard let button = context.buttons.button(for: identifier) else {
                context.report(.unknownButton(identifier))
                return false
            }
            guard button.isEnabled else {
                context.report(.disabledButton(identifier))
                return false
            }
            if let action = button.action() { perform(action) }
            return true
        }
    }

    /// Changes the environment (a host property: applied at the next main-thread frame).
    public func updateEnvironment(_ update: @escaping (inout EnvironmentValues) -> Void) {
        graph.withLock {
            let environment = self.environment
            pendingProperties.append { environment.update(update) }
        }
    }

    /// Changes the proposed size (a host property: applied at the next main-thread frame).
    public func setSize(_ size: Size) {
        graph.withLock {
            let proposedSize = self.proposedSize
            pendingProperties.append { proposedSize.value = size }
        }
    }

    /// Replaces the root view (a host property: applied at the next main-thread frame).
    public func setRootView(_ view: Root) {
        graph.withLock {
            let rootView = rootViewInput
            pendingProperties.append { rootView.value = view }
        }
    }

    // MARK: Rendering

    /// Renders a frame on the main thread at `time` (seconds): applies host property changes and
    /// queued transactions, pulls the root display list, then runs `onAppear` actions and
    /// animation completions queued by this or earlier (asynchronous) frames.
    @discardableResult
    public func render(at time: Double) -> DisplayList {
        graph.withLock {
            applyPendingChanges()
            let list = pull(at: time)
            hasRenderedOnMainThread = true
            runMainThreadActions()
            return list
        }
    }

    /// Applies host property changes and queued transactions (main thread) without rendering:
    /// their writes mark what the next frame must bring up to date, and nothing is evaluated.
    /// ``render(at:)`` starts with this; call it alone to look at the marks (``Graph/dot()``).
    public func applyPendingChanges() {
        graph.withLock {
            let properties = pendingProperties
            pendingProperties.removeAll()
            graph.batch {
                for apply in properties { apply() }
            }
            context.commitPendingWrites()
        }
    }

    /// Renders a frame off the main thread at `time`, or returns `nil` (rendering nothing) when
    /// the frame must be rendered on the main thread; ``asyncBlocker`` says why.
    public func renderAsync(at time: Double) -> DisplayList? {
        graph.withLock { tryRenderAsync(at: time) == nil ? displayList : nil }
    }

    /// Renders off the main thread if the conditions allow; returns why not otherwise.
    func tryRenderAsync(at time: Double) -> AsyncBlocker? {
        if let blocker = asyncBlocker(at: time) { return blocker }
        pullRoot()
        return nil
    }

    /// Why the frame at `time` cannot be brought up to date off the main thread, or `nil` if it
    /// can: ``asyncBlocker``, then, with the time set, whether anything out of date below the root
    /// requires the main thread. The time is set before that last check, so that a main-thread
    /// node reading it forces the fallback.
    func asyncBlocker(at time: Double) -> AsyncBlocker? {
        if let blocker = asyncBlocker { return blocker }
        context.time.value = time
        return outOfDateWorkRequiresMainThread ? .requiresMainThread : nil
    }

    /// Whether something out of date below the root, or an effect waiting to watch a row's layout,
    /// lies below a dirty node that requires the main thread.
    private var outOfDateWorkRequiresMainThread: Bool {
        !rootDisplayList.allowsAsyncUpdate || !graph.pendingEffectsAllowAsyncUpdate
    }

    private func pull(at time: Double) -> DisplayList {
        context.time.value = time
        pullRoot()
        return displayList
    }

    /// Runs the effects that watch list rows' layouts (``ElementLayoutWatch``), then pulls the root
    /// display list.
    private func pullRoot() {
        graph.flush()
        displayList = rootDisplayList.value
        context.endFrame()
    }

    /// Runs queued `onAppear` actions and animation completions (main thread). They may queue
    /// transactions for the next frame.
    public func runMainThreadActions() {
        graph.withLock {
            while !context.mainThreadActions.isEmpty {
                let actions = context.mainThreadActions
                context.mainThreadActions.removeAll()
                for action in actions { perform(action) }
            }
        }
    }

    /// Why the next frame cannot be rendered asynchronously, or `nil` if it can.
    public var asyncBlocker: AsyncBlocker? {
        graph.withLock {
            if !hasRenderedOnMainThread { return .firstFrame }
            if !context.hasDynamicContainer { return .noDynamicContainer }
            if !context.pendingWrites.isEmpty { return .pendingTransactions }
            if !pendingProperties.isEmpty { return .pendingHostProperties }
            if outOfDateWorkRequiresMainThread { return .requiresMainThread }
            return nil
        }
    }

    /// Whether main-thread work (transactions, host properties, `onAppear`, completions) is waiting.
    public var hasMainThreadWork: Bool {
        graph.withLock { !context.pendingWrites.isEmpty || !pendingProperties.isEmpty || !context.mainThreadActions.isEmpty }
    }

    /// Number of animations running.
    public var runningAnimations: Int { graph.withLock { context.runningAnimations } }

    /// Diagnostics reported so far (oldest first).
    public var diagnostics: [ViewDiagnostic] { graph.withLock { context.diagnostics } }

    /// Called with each diagnostic as it is reported.
    public func onDiagnostic(_ handler: @escaping @Sendable (ViewDiagnostic) -> Void) {
        graph.withLock { context.diagnosticHandler = handler }
    }

    /// The last rendered frame as an SVG image.
    public func svg() -> String {
        graph.withLock { SVGRenderer.render(displayList, size: proposedSize.value) }
    }
}

/// Why a frame must be rendered on the main thread (OpenSwiftUI's `updateOutputsAsync` conditions).
public enum AsyncBlocker: String, Hashable, Sendable, Codable {
    /// No frame was rendered on the main thread yet: the first one evaluates every body.
    case firstFrame
    /// The tree has no dynamic container, so there are no host preference values.
    case noDynamicContainer
    /// State transactions from the main thread are waiting.
    case pendingTransactions
    /// Host properties (size, environment, root view) are waiting.
    case pendingHostProperties
    /// A dirty node that requires the main thread (a view body) is upstream of the root display list.
    case requiresMainThread
}
