/// What to draw: the value of display-list nodes, a tree of drawing commands in host coordinates.
///
/// Leaves produce a shape or a text; containers combine their children's lists (like a preference:
/// many inputs, one value); effects (opacity, transitions) wrap a list in a group.
///
/// A list made by combining others references them instead of copying their items, as SwiftUI's
/// display lists do: combining `n` lists costs `n` references whatever their size, and the
/// combined list is flattened into ``items`` only where something draws it. Two lists are equal
/// when their flattened items are; comparing a combined list with the one it replaces costs a
/// reference comparison per unchanged child (see ``==(_:_:)``), so an unchanged child still stops a
/// change at its container.
public struct DisplayList: Hashable, Sendable {
    private var content: Content

    /// The items, back to front (flattened from the lists this one references).
    public var items: [Item] {
        get {
            var flattened: [Item] = []
            flattened.reserveCapacity(content.itemCount)
            content.appendItems(to: &flattened, offset: .zero)
            return flattened
        }
        set { content = Content(.items(newValue)) }
    }

    public init(_ items: [Item] = []) {
        switch items.count {
        case 0: self.init(content: Content.empty)
        case 1: self.init(items[0])
        default: self.init(content: Content(.items(items)))
        }
    }

    /// A list of one item (a leaf's): the same list as `DisplayList([item])`, without the array.
    public init(_ item: Item) {
        switch item {
        case .shape(let frame, let color):
            content = LeafContent(color: color, frame: frame, string: nil, font: Font(size: 0))
        case .text(let frame, let string, let font, let color):
            content = LeafContent(color: color, frame: frame, string: string, font: font)
        case .group:
            content = Content(.items([item]))
        }
    }

    private init(content: Content) { self.content = content }

    /// One drawing command.
    public enum Item: Hashable, Sendable {
        /// A filled rectangle.
        case shape(frame: Rect, color: RGBA)
        /// A line of text; `frame` is the text's layout frame.
        case text(frame: Rect, string: String, font: Font, color: RGBA)
        /// Children drawn with an opacity and an offset.
        case group(opacity: Double, offset: Point, items: [Item])

        /// The item with its frame, or its children's frames, moved by `offset`.
        func moved(by offset: Point) -> Item {
            switch self {
            case .shape(let frame, let color):
                return .shape(frame: frame.offsetBy(dx: offset.x, dy: offset.y), color: color)
            case .text(let frame, let string, let font, let color):
                return .text(frame: frame.offsetBy(dx: offset.x, dy: offset.y), string: string, font: font, color: color)
            case .group(let opacity, let groupOffset, let items):
                return .group(opacity: opacity, offset: groupOffset, items: items.map { $0.moved(by: offset) })
            }
        }

        /// Whether moving the item changes it: it has a frame, or a child that does.
        var hasFrame: Bool {
            if case .group(_, _, let items) = self { return items.contains { $0.hasFrame } }
            return true
        }

        /// Equal when of the same kind with equal fields. The color is compared first: it is what
        /// differs when a color-scheme switch replaces a leaf's list.
        public static func == (lhs: Item, rhs: Item) -> Bool {
            switch lhs {
            case .shape(let frame, let color):
                guard case .shape(let otherFrame, let otherColor) = rhs else { return false }
                return color == otherColor && frame == otherFrame
            case .text(let frame, let string, let font, let color):
                guard case .text(let otherFrame, let otherString, let otherFont, let otherColor) = rhs else { return false }
                return color == otherColor && frame == otherFrame && font == otherFont && string == otherString
            case .group(let opacity, let offset, let items):
                guard case .group(let otherOpacity, let otherOffset, let otherItems) = rhs else { return false }
                return opacity == otherOpacity && offset == otherOffset && items == otherItems
            }
        }
    }

    /// A list of one group, or the children themselves when the group changes nothing. References
    /// `lists` rather than copying their items; a single list without an effect is returned as is.
    static func group(_ lists: consuming [DisplayList], opacity: Double = 1, offset: Point = .zero) -> DisplayList {
        if opacity == 1 && offset == .zero {
            if lists.count == 1 { return lists[0] }
            return DisplayList(content: Content(.sequence(lists)))
        }
        return DisplayList(content: Content(.group(opacity: opacity, offset: offset, lists)))
    }

    /// The lists placed at `offsets` (one per list): the items of each list, their frames moved by
    /// its offset, one list after the other. A list places its rows this way, so that a row draws
    /// in its own coordinates and moving it changes an offset, not the row's items.
    static func placed(_ lists: [DisplayList], at offsets: [Point]) -> DisplayList {
        precondition(lists.count == offsets.count, "one offset per list")
        if offsets.allSatisfy({ $0 == .zero }) { return group(lists) }
        return DisplayList(content: Content(.placed(lists, offsets)))
    }

    /// Equal when the flattened items are equal. Lists of the same shape are compared child by
    /// child, a shared child by reference; lists whose children differ in item counts are
    /// flattened and compared item by item.
    @inline(__always)
    public static func == (lhs: DisplayList, rhs: DisplayList) -> Bool {
        lhs.content.hasSameItems(as: rhs.content)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(items)
    }

    /// Number of leaf items (shapes and texts).
    public var leafCount: Int {
        func count(_ items: [Item]) -> Int {
            items.reduce(0) { total, item in
                if case .group(_, _, let children) = item { return total + count(children) }
                return total + 1
            }
        }
        return count(items)
    }

    /// The list as an indented S-expression tree, like OpenSwiftUI's `OPENSWIFTUI_PRINT_TREE=1`.
    public var treeDescription: String {
        var lines = ["(display-list"]
        func write(_ item: Item, depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            switch item {
            case .shape(let frame, let color):
                lines.append("\(indent)(shape #:frame \(frame) #:color \(color.hex) #:opacity \(Format.number(color.opacity)))")
            case .text(let frame, let string, let font, let color):
                lines.append("\(indent)(text \(quoted(string)) #:frame \(frame) #:size \(Format.number(font.size)) #:color \(color.hex))")
            case .group(let opacity, let offset, let items):
                lines.append("\(indent)(group #:opacity \(Format.number(opacity)) #:offset (\(Format.number(offset.x)), \(Format.number(offset.y)))")
                for child in items { write(child, depth: depth + 1) }
                lines[lines.count - 1] += ")"
            }
        }
        for item in items { write(item, depth: 1) }
        lines[lines.count - 1] += ")"
        return lines.joined(separator: "\n")
    }

    private func quoted(_ string: String) -> String {
        "\"" + string.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

extension DisplayList {
    /// Makes the lists of one leaf (a shape or a text), one per evaluation, reusing the content of
    /// the third list back once nothing references it any more: by then the containers that held
    /// it were replaced, or refilled by their ``ContainerListMaker``, which keep their last two
    /// contents (a leaf runs before the container above it starts, so the container's two hold
    /// the leaf's last two). A leaf that changes again and again (a color-scheme switch replaces
    /// 1,200 of them) then allocates and frees no content, at the cost of two contents kept for it.
    ///
    /// The contents stay in three slots used in turn, so that a reuse moves no reference.
    ///
    /// A class, so that the leaf's display-list closure holds it without a captured variable
    /// (whose every access would be checked for exclusivity at run time).
    final class LeafListMaker {
        // The slots. Exempt from run-time exclusivity checks: only the leaf's closure, under the
        // graph's lock, accesses them.
        @exclusivity(unchecked) private var first: LeafContent?
        @exclusivity(unchecked) private var second: LeafContent?
        @exclusivity(unchecked) private var third: LeafContent?
        /// The slot of the next list (0, 1 or 2): the one holding the oldest content.
        @exclusivity(unchecked) private var next = 0

        init() {}

        /// The list of a shape, the same list as `DisplayList(.shape(frame: frame, color: color))`.
        func shape(frame: Rect, color: RGBA) -> DisplayList {
            list(color: color, frame: frame, string: nil, font: Font(size: 0))
        }

        /// The list of a text, the same list as
        /// `DisplayList(.text(frame: frame, string: string, font: font, color: color))`.
        func text(_ string: String, font: Font, frame: Rect, color: RGBA) -> DisplayList {
            list(color: color, frame: frame, string: string, font: font)
        }

        @inline(__always)
        private func list(color: RGBA, frame: Rect, string: String?, font: Font) -> DisplayList {
            let slot = next
            next = slot == 2 ? 0 : slot + 1
            switch slot {
            case 0: return Self.list(in: &first, color: color, frame: frame, string: string, font: font)
            case 1: return Self.list(in: &second, color: color, frame: frame, string: string, font: font)
            default: return Self.list(in: &third, color: color, frame: frame, string: string, font: font)
            }
        }

        /// The list made with the content in `slot`, overwritten when only the slot references it,
        /// replaced by a new one otherwise.
        @inline(__always)
        private static func list(in slot: inout LeafContent?, color: RGBA, frame: Rect, string: String?, font: Font) -> DisplayList {
            if isKnownUniquelyReferenced(&slot) {
                slot!.set(color: color, frame: frame, string: string, font: font)
            } else {
                slot = LeafContent(color: color, frame: frame, string: string, font: font)
            }
            return DisplayList(content: slot.unsafelyUnwrapped)
        }
    }

    /// Makes the lists of one container (a stack's, a background's), one per evaluation: the
    /// same lists as ``group(_:opacity:offset:)`` without an effect, reusing the content of the
    /// list before last once nothing references it any more (the container above was replaced or
    /// refilled too). The reused content lets go of its children when the container starts to
    /// run, before it reads them, so that the children it brings up to date while it runs find
    /// their own old contents free to reuse.
    ///
    /// The contents stay in two slots used in turn. A class, for the reason ``LeafListMaker`` is.
    final class ContainerListMaker {
        @exclusivity(unchecked) private var first: ChildrenContent?
        @exclusivity(unchecked) private var second: ChildrenContent?
        /// Whether the last list made used the second slot: the next one uses the other, which
        /// holds the older content.
        @exclusivity(unchecked) private var lastUsedSecond = false

        init() {}

        /// The lists a container combines, appended one after the other while it runs.
        struct Children {
            // Unretained: the slot holds the content while the container runs. A reference of
            // its own would be retained and released around every child's read.
            fileprivate let content: Unmanaged<ChildrenContent>

            /// Appends `list`.
            @inline(__always)
            func append(_ list: consuming DisplayList) {
                let itemCount = list.content.itemCount
                content._withUnsafeGuaranteedRef { $0.nextSlot(adding: itemCount) }.initialize(to: list)
            }
        }

        /// The list combining the lists `collect` appends, one after the other: the list itself
        /// when it appends one.
        @inline(__always)
        func list(_ collect: (Children) -> Void) -> DisplayList {
            lastUsedSecond.toggle()
            return lastUsedSecond ? Self.list(in: &second, collect) : Self.list(in: &first, collect)
        }

        /// The list made with the content in `slot`, emptied and refilled when only the slot
        /// references it, replaced by a new one otherwise.
        @inline(__always)
        private static func list(in slot: inout ChildrenContent?, _ collect: (Children) -> Void) -> DisplayList {
            let isReused = isKnownUniquelyReferenced(&slot)
            if !isReused { slot = ChildrenContent() }
            let content = Unmanaged.passUnretained(slot.unsafelyUnwrapped)
            if isReused { content._withUnsafeGuaranteedRef { $0.removeAll() } }
            collect(Children(content: content))
            return content._withUnsafeGuaranteedRef { content in
                guard content.count == 1 else { return DisplayList(content: content) }
                let only = content.first
                content.removeAll()
                return only
            }
        }
    }

    /// The content of a list, shared by every copy of it (its identity is what a container's
    /// comparison skips over), and immutable while shared.
    fileprivate class Content: @unchecked Sendable {
        enum Shape {
            /// One shape or text of its own (a leaf's): the content is a ``LeafContent``.
            case leaf
            /// Items of its own.
            case items([Item])
            /// The items of `lists`, one after the other.
            case sequence([DisplayList])
            /// The items of a container's children, one after the other: the content is a
            /// ``ChildrenContent``.
            case children
            /// One group item holding the items of `lists`.
            case group(opacity: Double, offset: Point, [DisplayList])
            /// The items of `lists`, one after the other, each list's moved by its offset.
            case placed([DisplayList], [Point])
        }

        let shape: Shape
        /// Number of items once flattened.
        @exclusivity(unchecked) fileprivate(set) var itemCount: Int
        /// Whether ``shape`` is `.leaf` or `.children`: tested without a switch over the shape by
        /// the comparisons of two leaves and of two containers' lists, the most frequent ones.
        let kind: Kind

        /// The kinds of content a comparison tells apart before it switches over the shape.
        enum Kind: UInt8 {
            case leaf, children, other
        }

        static let empty = Content(.items([]))

        init(_ shape: Shape) {
            self.shape = shape
            switch shape {
            case .leaf: kind = .leaf
            case .children: kind = .children
            default: kind = .other
            }
            switch shape {
            case .leaf: itemCount = 1
            case .items(let items): itemCount = items.count
            case .sequence(let lists), .placed(let lists, _): itemCount = lists.reduce(0) { $0 + $1.content.itemCount }
            case .children: itemCount = 0
            case .group: itemCount = 1
            }
        }

        /// The leaf content this is (``shape`` is `.leaf`).
        final var leaf: LeafContent { unsafeDowncast(self, to: LeafContent.self) }

        /// The children content this is (``shape`` is `.children`).
        final var children: ChildrenContent { unsafeDowncast(self, to: ChildrenContent.self) }

        /// Appends the items, their frames moved by `offset`.
        final func appendItems(to items: inout [Item], offset: Point) {
            switch shape {
            case .leaf:
                items.append(offset == .zero ? leaf.item : leaf.item.moved(by: offset))
            case .items(let own):
                if offset == .zero { items.append(contentsOf: own) } else { items.append(contentsOf: own.map { $0.moved(by: offset) }) }
            case .sequence(let lists):
                for list in lists { list.content.appendItems(to: &items, offset: offset) }
            case .children:
                for list in children.lists { list.content.appendItems(to: &items, offset: offset) }
            case .group(let opacity, let groupOffset, let lists):
                var inner: [Item] = []
                for list in lists { list.content.appendItems(to: &inner, offset: offset) }
                items.append(.group(opacity: opacity, offset: groupOffset, items: inner))
            case .placed(let lists, let offsets):
                for (list, listOffset) in zip(lists, offsets) {
                    list.content.appendItems(to: &items, offset: offset + listOffset)
                }
            }
        }

        /// Whether moving the items changes them (some item has a frame).
        var hasFrame: Bool {
            switch shape {
            case .leaf: return leaf.item.hasFrame
            case .items(let own): return own.contains { $0.hasFrame }
            case .children: return children.lists.contains { $0.content.hasFrame }
            case .sequence(let lists), .group(_, _, let lists), .placed(let lists, _): return lists.contains { $0.content.hasFrame }
            }
        }

        @inline(__always)
        final func hasSameItems(as other: Content) -> Bool {
            if self === other { return true }
            if itemCount != other.itemCount { return false }
            if kind == .leaf && other.kind == .leaf { return leaf.hasSameItem(as: other.leaf) }
            return hasSameItemsByShape(as: other)
        }

        private final func hasSameItemsByShape(as other: Content) -> Bool {
            if kind == .children && other.kind == .children { return Self.sameItems(children.lists, other.children.lists) }
            // One shape at a time: switching on the pair of shapes would copy both (a retain and
            // a release of every array they hold).
            switch shape {
            case .leaf:
                break
            case .items(let left):
                if case .items(let right) = other.shape { return left == right }
            case .sequence(let left):
                if case .sequence(let right) = other.shape {
                    return left.withUnsafeBufferPointer { left in right.withUnsafeBufferPointer { right in Self.sameItems(left, right) } }
                }
            case .children:
                if case .children = other.shape { return Self.sameItems(children.lists, other.children.lists) }
            case .group(let leftOpacity, let leftOffset, let left):
                if case .group(let rightOpacity, let rightOffset, let right) = other.shape {
                    return leftOpacity == rightOpacity && leftOffset == rightOffset
                        && left.withUnsafeBufferPointer { left in right.withUnsafeBufferPointer { right in Self.sameItems(left, right) } }
                }
            case .placed(let left, let leftOffsets):
                if case .placed(let right, let rightOffsets) = other.shape, left.count == right.count {
                    return Self.samePlacedItems(left, leftOffsets, right, rightOffsets)
                }
            }
            return DisplayList(content: self).items == DisplayList(content: other).items
        }

        /// Whether the items of `left`, one list after the other, are those of `right`. While the
        /// children pair up with as many items each, they are compared child by child (a shared
        /// child by reference): a child that differs then makes the whole differ. Otherwise the
        /// rest is flattened and compared item by item.
        private static func sameItems(_ left: UnsafeBufferPointer<DisplayList>, _ right: UnsafeBufferPointer<DisplayList>) -> Bool {
            guard left.count == right.count else { return flattened(left[...]) == flattened(right[...]) }
            for index in left.indices {
                // Unretained: the arrays hold the contents while they are compared.
                let l = Unmanaged.passUnretained(left[index].content), r = Unmanaged.passUnretained(right[index].content)
                if l.toOpaque() == r.toOpaque() { continue }
                let same = l._withUnsafeGuaranteedRef { l in
                    r._withUnsafeGuaranteedRef { r in l.itemCount == r.itemCount ? l.hasSameItems(as: r) : nil }
                }
                guard let same else { return flattened(left[index...]) == flattened(right[index...]) }
                if !same { return false }
            }
            return true
        }

        /// Whether `left` placed at `leftOffsets` has the items of `right` placed at `rightOffsets`:
        /// as ``sameItems(_:_:)``, where a shared list at another offset differs when it has a
        /// frame to move (a row that moved), without flattening it.
        private static func samePlacedItems(_ left: [DisplayList], _ leftOffsets: [Point], _ right: [DisplayList], _ rightOffsets: [Point]) -> Bool {
            for index in left.indices {
                let l = left[index].content, r = right[index].content
                if l.itemCount != r.itemCount {
                    return flattened(left[index...], leftOffsets) == flattened(right[index...], rightOffsets)
                }
                if leftOffsets[index] == rightOffsets[index] {
                    if l !== r && !l.hasSameItems(as: r) { return false }
                } else if l === r {
                    if l.hasFrame { return false }
                } else if flattened(left[index ... index], leftOffsets) != flattened(right[index ... index], rightOffsets) {
                    return false
                }
            }
            return true
        }

        private static func flattened<Lists: Collection<DisplayList>>(_ lists: Lists, _ offsets: [Point]? = nil) -> [Item] where Lists.Index == Int {
            var items: [Item] = []
            for (index, list) in zip(lists.indices, lists) { list.content.appendItems(to: &items, offset: offsets?[index] ?? .zero) }
            return items
        }
    }

    /// The content of a container's list: its children's lists, in storage of its own that
    /// ``ContainerListMaker`` empties and refills once it holds the only reference, so that refilling
    /// allocates nothing and a comparison reads the lists without retaining an array.
    fileprivate final class ChildrenContent: Content, @unchecked Sendable {
        private var storage: UnsafeMutablePointer<DisplayList>
        private var capacity: Int
        /// Number of lists.
        private(set) var count = 0

        init() {
            capacity = 4
            storage = .allocate(capacity: capacity)
            super.init(.children)
        }

        deinit {
            storage.deinitialize(count: count)
            storage.deallocate()
        }

        /// The lists, one after the other.
        var lists: UnsafeBufferPointer<DisplayList> { UnsafeBufferPointer(start: storage, count: count) }

        /// The first list (there is one).
        var first: DisplayList { storage.pointee }

        /// The uninitialized place of one more list, of `itemCount` items, for the caller to
        /// initialize (the content must be referenced by its ``ContainerListMaker`` alone).
        @inline(__always)
        func nextSlot(adding itemCount: Int) -> UnsafeMutablePointer<DisplayList> {
            if count == capacity { grow() }
            let slot = storage + count
            count += 1
            self.itemCount += itemCount
            return slot
        }

        /// Doubles the capacity.
        private func grow() {
            let larger = UnsafeMutablePointer<DisplayList>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: storage, count: count)
            storage.deallocate()
            storage = larger
            capacity *= 2
        }

        /// Lets go of the lists (the content must be referenced by its ``ContainerListMaker`` alone).
        func removeAll() {
            // One at a time: `deinitialize(count:)` destroys through the generic path.
            for index in 0 ..< count { _ = (storage + index).move() }
            count = 0
            itemCount = 0
        }
    }

    /// The content of a leaf's list: one shape or text, in fields that compare without being
    /// copied (the color first: it is what differs when a color-scheme switch replaces a leaf's
    /// list), and that ``LeafListMaker`` overwrites once it holds the only reference.
    fileprivate final class LeafContent: Content, @unchecked Sendable {
        private var color: RGBA
        private var frame: Rect
        /// A text's string; `nil` for a shape.
        private var string: String?
        /// A text's font (size 0 for a shape).
        private var font: Font

        init(color: RGBA, frame: Rect, string: String?, font: Font) {
            self.color = color
            self.frame = frame
            self.string = string
            self.font = font
            super.init(.leaf)
        }

        /// Makes this the content of another shape or text (it must be referenced only by its
        /// ``LeafListMaker``). The string is kept when it is the same (a color-scheme switch keeps it).
        func set(color: RGBA, frame: Rect, string: String?, font: Font) {
            self.color = color
            self.frame = frame
            if self.string != string { self.string = string }
            self.font = font
        }

        var item: Item {
            guard let string else { return .shape(frame: frame, color: color) }
            return .text(frame: frame, string: string, font: font, color: color)
        }

        func hasSameItem(as other: LeafContent) -> Bool {
            color == other.color && frame == other.frame && font == other.font && string == other.string
        }
    }
}
