import Testing
@testable import Views

/// Layout results: the frame of every item for stacks with spacers, padding and fixed frames.
@Suite struct LayoutTests {
    private func frames<Root: View>(_ root: Root, size: Size = Size(width: 300, height: 200)) -> [String] {
        let host = ViewHost(rootView: root, size: size)
        host.render(at: 0)
        var result: [String] = []
        func walk(_ items: [DisplayList.Item]) {
            for item in items {
                switch item {
                case .shape(let frame, _): result.append("shape \(frame)")
                case .text(let frame, let string, _, _): result.append("\(string) \(frame)")
                case .group(_, _, let children): walk(children)
                }
            }
        }
        walk(host.displayList.items)
        return result
    }

    /// Text is measured as 0.6 × size per character and 1.2 × size per line (body: 17 pt).
    @Test func textUsesMonospaceMetric() {
        #expect(Text.size(of: "Hello", font: .body) == Size(width: 51, height: 20.4))
        #expect(frames(Text("Hello")) == ["Hello (124.5, 89.8, 51, 20.4)"])
    }

    /// A spacer pushes the texts of an HStack to the edges.
    @Test func spacerPushesSiblingsApart() {
        let result = frames(HStack(spacing: 0) {
            Text("ab")
            Spacer()
            Text("cd")
        })
        #expect(result == ["ab (0, 89.8, 20.4, 20.4)", "cd (279.6, 89.8, 20.4, 20.4)"])
    }

    /// Fixed frames, spacing and padding in a VStack.
    @Test func fixedFramesSpacingAndPadding() {
        let result = frames(VStack(spacing: 10) {
            Color.red.frame(width: 100, height: 50)
            Color.blue.frame(width: 40, height: 20).padding(5)
        })
        // Total height 50 + 10 + 30 = 90, centered in 200: top at 55.
        #expect(result == ["shape (100, 55, 100, 50)", "shape (130, 120, 40, 20)"])
    }

    /// Flexible colors share an HStack's width equally after fixed children are served.
    @Test func flexibleChildrenShareRemainingSpace() {
        let result = frames(HStack(spacing: 0) {
            Color.red
            Text("abcde")
            Color.blue
        }.frame(height: 40))
        // Text is 51 wide; the two colors share 300 − 51 = 249.
        #expect(result == ["shape (0, 80, 124.5, 40)", "abcde (124.5, 89.8, 51, 20.4)", "shape (175.5, 80, 124.5, 40)"])
    }

    /// A ZStack centers its children on each other.
    @Test func zStackCentersChildren() {
        let result = frames(ZStack {
            Color.gray.frame(width: 100, height: 100)
            Text("x")
        })
        #expect(result == ["shape (100, 50, 100, 100)", "x (144.9, 89.8, 10.2, 20.4)"])
    }
}

/// Element identities: equal paths are equal ids, however they were built.
@Suite struct ElementIDTests {
    /// Ids built separately along the same path are equal and hash alike; different paths differ.
    @Test func equalityFollowsThePath() {
        let a = ElementID.root.appending(0).appending("row 3").appending(true)
        let b = ElementID.root.appending(0).appending("row 3").appending(true)
        let c = ElementID.root.appending(1).appending("row 3").appending(true)
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(a != ElementID.root.appending(0).appending("row 3"))
        #expect(a.description == "0/row 3/true")
        #expect(Set([a, b, c]).count == 2)
    }
}
