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
        case 0: content = Content.empty
        case 1: content = Content(.item(items[0]))
        default: content = Content(.items(items))
        }
    }

    /// A list of one item (a leaf's): the same list as `DisplayList([item])`, without the array.
    public init(_ item: Item) { content = Content(.item(item)) }

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
    }

    /// A list of one group, or the children themselves when the group changes nothing. References
    /// `lists` rather than copying their items; a single list without an effect is returned as is.
    static func group(_ lists: [DisplayList], opacity: Double = 1, offset: Point = .zero) -> DisplayList {
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
    /// The immutable content of a list, shared by every copy of it (its identity is what a
    /// container's comparison skips over).
    fileprivate final class Content: Sendable {
        enum Shape {
            /// One item of its own (a leaf's), without an array.
            case item(Item)
            /// Items of its own (a leaf's).
            case items([Item])
            /// The items of `lists`, one after the other.
            case sequence([DisplayList])
            /// One group item holding the items of `lists`.
            case group(opacity: Double, offset: Point, [DisplayList])
            /// The items of `lists`, one after the other, each list's moved by its offset.
            case placed([DisplayList], [Point])
        }

        let shape: Shape
        /// Number of items once flattened.
        let itemCount: Int

        static let empty = Content(.items([]))

        init(_ shape: Shape) {
            self.shape = shape
            switch shape {
            case .item: itemCount = 1
            case .items(let items): itemCount = items.count
            case .sequence(let lists), .placed(let lists, _): itemCount = lists.reduce(0) { $0 + $1.content.itemCount }
            case .group: itemCount = 1
            }
        }

        /// Appends the items, their frames moved by `offset`.
        func appendItems(to items: inout [Item], offset: Point) {
            switch shape {
            case .item(let own):
                items.append(offset == .zero ? own : own.moved(by: offset))
            case .items(let own):
                if offset == .zero { items.append(contentsOf: own) } else { items.append(contentsOf: own.map { $0.moved(by: offset) }) }
            case .sequence(let lists):
                for list in lists { list.content.appendItems(to: &items, offset: offset) }
            case .group(let opacity, let groupOffset, let lists):
                var inner: [Item] = []
                for list in lists { list.content.appendItems(to: &inner, offset: offset) }
                items.append(.group(opacity: opacity, offset: groupOffset, items: inner))
            case .placed(let lists, let offsets):
                for (list, listOffset) in zip(lists, offsets) {
                    list.content.appendItems(to: &items, offset: Point(x: offset.x + listOffset.x, y: offset.y + listOffset.y))
                }
            }
        }

        /// Whether moving the items changes them (some item has a frame).
        var hasFrame: Bool {
            switch shape {
            case .item(let own): return own.hasFrame
            case .items(let own): return own.contains { $0.hasFrame }
            case .sequence(let lists), .group(_, _, let lists), .placed(let lists, _): return lists.contains { $0.content.hasFrame }
            }
        }

        func hasSameItems(as other: Content) -> Bool {
            if self === other { return true }
            if itemCount != other.itemCount { return false }
            // One shape at a time: switching on the pair of shapes would copy both (a retain and
            // a release of every array they hold).
            switch shape {
            case .item(let left):
                if case .item(let right) = other.shape { return left == right }
            case .items(let left):
                if case .items(let right) = other.shape { return left == right }
            case .sequence(let left):
                if case .sequence(let right) = other.shape { return Self.sameItems(left, right) }
            case .group(let leftOpacity, let leftOffset, let left):
                if case .group(let rightOpacity, let rightOffset, let right) = other.shape {
                    return leftOpacity == rightOpacity && leftOffset == rightOffset && Self.sameItems(left, right)
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
        private static func sameItems(_ left: [DisplayList], _ right: [DisplayList]) -> Bool {
            guard left.count == right.count else { return flattened(left[...]) == flattened(right[...]) }
            for index in left.indices {
                let l = left[index].content, r = right[index].content
                if l === r { continue }
                if l.itemCount != r.itemCount { return flattened(left[index...]) == flattened(right[index...]) }
                if !l.hasSameItems(as: r) { return false }
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

        private static func flattened(_ lists: ArraySlice<DisplayList>, _ offsets: [Point]? = nil) -> [Item] {
            var items: [Item] = []
            for (index, list) in zip(lists.indices, lists) { list.content.appendItems(to: &items, offset: offsets?[index] ?? .zero) }
            return items
        }
    }
}
