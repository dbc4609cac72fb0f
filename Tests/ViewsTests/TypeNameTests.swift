import Testing
@testable import Views

/// Node names after types: whatever slots the names land in, each is the type's description and
/// the suffix, from the shared table and from a host's cache.
@Suite struct TypeNameTests {
    /// More (type, suffix) pairs than the shared table has slots (and more than half the host
    /// cache's), so that pairs of slots fill and names displace one another.
    static let types: [Any.Type] = [
        Int.self, String.self, Double.self, Bool.self, Text.self, Color.self, Spacer.self, Font.self,
        [Int].self, [String].self, Int?.self, String?.self, (Int, Int).self, Set<Int>.self,
        ModifiedContent<Text, FrameModifier>.self, ModifiedContent<Color, FrameModifier>.self,
        ModifiedContent<Spacer, FrameModifier>.self, HStack<Text>.self, VStack<Text>.self, ZStack<Text>.self,
    ]
    static let suffixes = ["", ".geometry", ".layout", ".displayList", ".placement", ".parameters", ".content", ".element"]

    @Test func sharedTableNamesEveryTypeAndSuffix() {
        for _ in 0 ..< 3 {
            for type in Self.types {
                for suffix in Self.suffixes {
                    #expect(TypeName.of(type, suffix: suffix) == String(describing: type) + suffix)
                }
            }
        }
    }

    @Test func hostCacheNamesEveryTypeAndSuffix() {
        let cache = TypeNameCache()
        for _ in 0 ..< 3 {
            for type in Self.types {
                for suffix in Self.suffixes {
                    #expect(cache.name(of: type, suffix: suffix) == String(describing: type) + suffix)
                }
            }
        }
    }

    /// Two names asked for in turn stay in their pair of slots, whichever slot holds which.
    @Test func pairOfSlotsKeepsTwoNames() {
        var table = [TypeName.Recent](repeating: TypeName.Recent(), count: 4)
        let first = TypeName.Recent(type: ObjectIdentifier(Int.self), words: TypeName.words(of: ".a"), suffix: ".a", name: "Int.a")
        let second = TypeName.Recent(type: ObjectIdentifier(Text.self), words: TypeName.words(of: ".b"), suffix: ".b", name: "Text.b")
        TypeName.remember(first, at: 3, in: &table)
        TypeName.remember(second, at: 2, in: &table)
        #expect(TypeName.recentName(ObjectIdentifier(Int.self), first.words, at: 2, in: table) == "Int.a")
        #expect(TypeName.recentName(ObjectIdentifier(Text.self), second.words, at: 3, in: table) == "Text.b")
        #expect(TypeName.recentName(ObjectIdentifier(Text.self), first.words, at: 2, in: table) == nil)
        #expect(TypeName.recentName(ObjectIdentifier(Int.self), first.words, at: 0, in: table) == nil)
    }
}
