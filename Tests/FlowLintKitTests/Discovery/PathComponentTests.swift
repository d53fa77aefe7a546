import XCTest
@testable import FlowLintKit

/// `Paths.parent` and `Paths.lastComponent` find the last `/` among the bytes; their answers are those of
/// searching the characters (`lastIndex(of: "/")`).
final class PathComponentTests: XCTestCase {
    func byCharacters(_ path: String) -> (parent: String, last: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        return (slash == path.startIndex ? "/" : String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    func testSameAsSearchingCharacters() {
        let paths = ["", "/", "//", "a", "/a", "a/", "a/b", "/a/b/Package.swift", "Sources/App/Écran.swift",
                     "Sources/Écran/A.swift", "a/\u{301}b", "a\u{301}/b", "dir/\u{301}", "\u{600}/x", "x/\u{600}y",
                     "日本/語.swift", "a//b", "/only"]
        for path in paths {
            XCTAssertEqual(Paths.parent(path), byCharacters(path).parent, path)
            XCTAssertEqual(Paths.lastComponent(path), byCharacters(path).last, path)
        }
        // A `/` with a combining mark after it is another character: the `/` before it is the last one.
        XCTAssertEqual(Paths.lastComponent("a/b/\u{301}c"), "b/\u{301}c")
        XCTAssertEqual(Paths.parent("a/b/\u{301}c"), "a")
    }
}
