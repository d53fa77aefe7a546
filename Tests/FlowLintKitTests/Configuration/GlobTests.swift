import XCTest
@testable import FlowLintKit

final class GlobTests: XCTestCase {
    /// The definition the matcher must keep: the whole pattern matches the path or one of its parent
    /// directories, `**` taking any number of components. Written as plainly as possible (it tries every
    /// split, exponential in the number of `**`), for small cases only.
    func reference(_ pattern: String, _ path: String) -> Bool {
        var trimmed = pattern
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        let components = trimmed.split(separator: "/").map(String.init).filter { $0 != "." }
        if components.isEmpty { return true }
        let parts = path.split(separator: "/").map(String.init)
        func component(_ p: [Character], _ t: [Character]) -> Bool {
            guard let first = p.first else { return t.isEmpty }
            if first == "*" { return (0...t.count).contains { component(Array(p.dropFirst()), Array(t.dropFirst($0))) } }
            guard let c = t.first, first == "?" || first == c else { return false }
            return component(Array(p.dropFirst()), Array(t.dropFirst()))
        }
        func match(_ p: ArraySlice<String>, _ s: ArraySlice<String>) -> Bool {
            guard let first = p.first else { return s.isEmpty }
            if first == "**" { return (0...s.count).contains { match(p.dropFirst(), s.dropFirst($0)) } }
            guard let head = s.first else { return false }
            return component(Array(first), Array(head)) && match(p.dropFirst(), s.dropFirst())
        }
        return (1...max(parts.count, 1)).contains { parts.count >= $0 && match(components[...], parts[..<$0]) }
    }

    func testAgreesWithTheDefinition() {
        let patterns = ["*.swift", "**/*.swift", "a/**/b", "**", "**/**/b", "a/**", "**/a/**/b/**", "?/b", "a*/**/c?",
                        "./a/b", "a/./b", ".", "", "*", "**/*/**", "a/b/c", "**/c", "b/**/**/c", "*a*/**"]
        let paths = ["a", "b", "a/b", "a/b/c", "b/a/b", "x.swift", "a/x.swift", "a/b/c/d.swift", "ab/c", "a/a/a/b",
                     "aa/x/b/cc", "c", "a/c", "b/c", "q/a/r/b/s", "a/b/b/c", "ba/bb/c"]
        for pattern in patterns {
            for path in paths {
                XCTAssertEqual(Glob(pattern).matches(path), reference(pattern, path), "\(pattern) against \(path)")
            }
        }
    }

    func testAgreesWithTheDefinitionOnGeneratedCases() {
        var generator = SplitMix(seed: 7)
        let patternParts = ["**", "*", "a", "b", "?", "a*", "*b", "a?b", "."]
        let pathParts = ["a", "b", "ab", "ba", "aab", "x"]
        for _ in 0..<4000 {
            let pattern = (0..<(1 + generator.next(below: 5))).map { _ in patternParts[generator.next(below: patternParts.count)] }.joined(separator: "/")
            let path = (0..<(1 + generator.next(below: 6))).map { _ in pathParts[generator.next(below: pathParts.count)] }.joined(separator: "/")
            XCTAssertEqual(Glob(pattern).matches(path), reference(pattern, path), "\(pattern) against \(path)")
        }
    }

    /// Today's attack: six `**` against a path 40 directories deep took minutes (every split of 40 among
    /// six); matching is now components × pattern steps.
    func testManyGlobstarsStayFast() {
        let deep = Array(repeating: "d", count: 40).joined(separator: "/") + "/a.swift"
        let start = Date()
        XCTAssertFalse(Glob("**/**/**/**/**/**/zz").matches(deep))
        XCTAssertTrue(Glob("**/**/**/**/**/**/a.swift").matches(deep))
        XCTAssertFalse(Glob(Array(repeating: "**", count: 200).joined(separator: "/") + "/zz")
            .matches(Array(repeating: "d", count: 400).joined(separator: "/")))
        XCTAssertFalse(Glob("*a*a*a*a*a*a*a*a*b").matches(String(repeating: "a", count: 200)))
        XCTAssertLessThan(Date().timeIntervalSince(start), 2, "polynomial matching")
    }

    /// All of `included` or `excluded` is one automaton: it must match exactly when some pattern does, for
    /// every kind of component (literal, `*`, `*suffix`, `prefix*`, general, `**`) sharing nodes.
    func testASetMatchesWhenAnyOfItsPatternsDoes() {
        var generator = SplitMix(seed: 23)
        let patternParts = ["**", "*", "a", "b", "ab", "?", "a*", "*b", "ab*", "*ab", "a?b", "*a*", "."]
        let pathParts = ["a", "b", "ab", "ba", "aab", "abb", "x"]
        for _ in 0..<3000 {
            let patterns = (0..<(1 + generator.next(below: 4))).map { _ in
                (0..<(1 + generator.next(below: 4))).map { _ in patternParts[generator.next(below: patternParts.count)] }.joined(separator: "/")
            }
            let path = (0..<(1 + generator.next(below: 5))).map { _ in pathParts[generator.next(below: pathParts.count)] }.joined(separator: "/")
            let set = GlobSet(patterns.map(Glob.init))
            XCTAssertEqual(set.matches(path), patterns.contains { reference($0, path) }, "\(patterns) against \(path)")
        }
    }

    /// Literals are compared as they are written (by Unicode scalars), never by canonical equivalence: `é` as
    /// one scalar is not `e` and a combining accent, as the component matcher has always judged.
    func testComponentsCompareByScalars() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        for pattern in [composed, composed + "*", "*" + composed, "c" + "af\u{E9}"] {
            XCTAssertTrue(GlobSet([Glob(pattern)]).matches(composed), pattern)
            XCTAssertFalse(GlobSet([Glob(pattern)]).matches(decomposed), pattern)
        }
        XCTAssertTrue(Glob("caf?").matches(composed))
        XCTAssertFalse(Glob("caf?").matches(decomposed))
    }

    /// A run of `**` is one `**`: a pattern of 300,000 of them is one node, not 300,000 positions per component.
    func testARunOfGlobstarsIsOne() {
        XCTAssertEqual(Glob("a/**/**/./**/b").components, ["a", "**", "b"])
        let huge = Glob(Array(repeating: "**", count: 300_000).joined(separator: "/") + "/zz")
        XCTAssertEqual(huge.components, ["**", "zz"])
        XCTAssertTrue(huge.matches("a/b/zz/c"))
        XCTAssertFalse(huge.matches("a/b/zzz"))
    }

    /// Many patterns share the tree's nodes: 33,000 excluded paths are looked up by name.
    func testThousandsOfPatternsShareOneTree() {
        let patterns = (0..<33_000).map { Glob("Generated/some/path/File\($0).swift") }
            + (0..<1_000).map { Glob("**/*.gen\($0).swift") } + (0..<1_000).map { Glob("Mocks\($0)*") }
        let set = GlobSet(patterns)
        XCTAssertTrue(set.matches("Generated/some/path/File32999.swift"))
        XCTAssertTrue(set.matches("Generated/some/path/File7.swift/below"))
        XCTAssertFalse(set.matches("Generated/some/path/File33000.swift"))
        XCTAssertTrue(set.matches("Sources/Deep/A.gen999.swift"))
        XCTAssertFalse(set.matches("Sources/Deep/A.gen1000.swift"))
        XCTAssertTrue(set.matches("Mocks12Extra/A.swift"))
        XCTAssertFalse(set.matches("Sources/Mocks12/A.swift"))
    }
}
