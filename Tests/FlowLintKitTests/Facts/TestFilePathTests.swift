import XCTest
@testable import FlowLintKit

/// `FileContext.isTestFile` reads the path's bytes; its answers are those of splitting the path into strings.
final class TestFilePathTests: XCTestCase {
    /// The convention as strings say it, component by component.
    func bySplitting(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        if components.dropLast().contains(where: { $0.hasSuffix("Tests") }) { return true }
        guard let name = components.last else { return false }
        return name.hasSuffix("Tests.swift") || name.hasSuffix("Test.swift")
    }

    func testFoldersAndNamesOfTestTargets() {
        let tests = ["Tests/AppTests/SearchViewTests.swift", "App/AppUITests/Flow.swift", "Tests/A.swift",
                     "/home/me/Sources/App/ViewTest.swift", "Sources/App/LoginTests.swift", "a//bTests//c.swift",
                     "x/Tests/y/z/Deep.swift", "Tests.swift"]
        let others = ["Sources/App/ContentView.swift", "Sources/Tests.swift.orig/A.swift", "Sources/Testsuite/A.swift",
                      "bTests", "", "/", "//", "Sources/App/Tests", "Sources/App/Tests.swiftx", "App/Test/A.swift",
                      "Sources/ATests/", "Tests/"]
        for path in tests { XCTAssertTrue(FileContext.isTestFile(path), path) }
        for path in others { XCTAssertFalse(FileContext.isTestFile(path), path) }
        for path in tests + others { XCTAssertEqual(FileContext.isTestFile(path), bySplitting(path), path) }
    }

    /// Outside ASCII a component is compared by characters: a combining accent on the last `s` is another
    /// letter, an accented folder name before `Tests` is not.
    func testComponentsOutsideASCII() {
        let paths = ["Sources/ÉcranTests/A.swift", "Sources/Écran/ATests.swift", "Sources/ATests\u{301}/A.swift",
                     "Sources/ATest\u{301}s/A.swift", "Sources/A/B\u{600}Tests.swift", "Sources/\u{600}Tests/A.swift",
                     "Sources/A/ATests.swift\u{301}", "Sources/日本Tests/A.swift"]
        for path in paths { XCTAssertEqual(FileContext.isTestFile(path), bySplitting(path), path) }
        XCTAssertTrue(FileContext.isTestFile("Sources/ÉcranTests/A.swift"))
        XCTAssertFalse(FileContext.isTestFile("Sources/ATests\u{301}/A.swift"))
    }
}
