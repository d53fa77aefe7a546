import Foundation
import XCTest
@testable import FlowLintKit

/// The ignore-file matcher against git's own answers (`GitIgnoreCases.swift`, generated with
/// `git check-ignore` by `Tools/gitignore-cases.py`), and the search that uses it.
final class GitIgnoreTests: XCTestCase {
    var root = ""

    override func setUpWithError() throws {
        root = try temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    func write(_ relative: String, _ text: String = "let x = 1\n", in base: String? = nil) throws {
        let path = (base ?? root) + "/" + relative
        try FileManager.default.createDirectory(atPath: Paths.parent(path), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func mkdir(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: root + "/" + relative, withIntermediateDirectories: true)
    }

    func discover(_ paths: [String] = ["."], respecting: Bool = true, listings: DirectoryListings? = nil,
                  in directory: String? = nil) throws -> [String] {
        let base = directory ?? root
        return try FileDiscovery.discover(paths: paths, configuration: Configuration(rootDirectory: base), workingDirectory: base,
                                          listings: listings, respectingGitIgnores: respecting).files.map(\.displayPath)
    }

    /// Whether the search would skip `relative` (`x/` a directory): it or a directory above it is ignored, with
    /// each directory's `.gitignore` read on the way down, as the search reads them.
    func ignoredBySearch(_ relative: String) -> Bool {
        var rules = GitIgnoreRules(workTree: root)
        rules.addIgnoreFile(in: root)
        let components = relative.split(separator: "/").map(String.init)
        var path = root
        for (index, component) in components.enumerated() {
            path += "/" + component
            let isDirectory = index < components.count - 1 || relative.hasSuffix("/")
            if rules.isIgnored(path, isDirectory: isDirectory) { return true }
            if isDirectory { rules.addIgnoreFile(in: path) }
        }
        return false
    }

    func testMatchesGitOnEveryCase() throws {
        var checked = 0
        for testCase in gitIgnoreCases {
            try? FileManager.default.removeItem(atPath: root)
            try mkdir(".git/info")
            for (name, text) in testCase.files { try write(name, text) }
            for path in testCase.paths.map(\.path) {
                if path.hasSuffix("/") { try mkdir(path) } else if !FileManager.default.fileExists(atPath: root + "/" + path) { try write(path) }
            }
            for (path, ignored) in testCase.paths {
                XCTAssertEqual(ignoredBySearch(path), ignored, "\(testCase.name): \(path.debugDescription)")
                checked += 1
            }
            // The search itself finds exactly the Swift files git does not ignore.
            let expected = testCase.paths.filter { $0.path.hasSuffix(".swift") && !$0.ignored }.map(\.path).sorted()
            XCTAssertEqual(try discover(), expected, testCase.name)
            // And all of them when ignores are not respected.
            XCTAssertEqual(try discover(respecting: false), testCase.paths.map(\.path).filter { $0.hasSuffix(".swift") }.sorted(), testCase.name)
        }
        XCTAssertGreaterThan(checked, 200)
    }

    func testPatternParsing() {
        func pattern(_ line: String) -> GitIgnoreFile.Pattern? { GitIgnoreFile.pattern(Array(line.utf8)) }
        XCTAssertNil(pattern(""))
        XCTAssertNil(pattern("# comment"))
        XCTAssertEqual(pattern("!keep/")?.negated, true)
        XCTAssertEqual(pattern("!keep/")?.directoryOnly, true)
        XCTAssertEqual(pattern("!keep/")?.matchesBasename, true)
        XCTAssertEqual(pattern("/keep")?.matchesBasename, false)
        XCTAssertEqual(pattern("a/b")?.matchesBasename, false)
        XCTAssertEqual(pattern("\\!x")?.negated, false)
        XCTAssertEqual(GitIgnoreFile.trimmingTrailingSpaces(Array("a  ".utf8)), Array("a".utf8))
        XCTAssertEqual(GitIgnoreFile.trimmingTrailingSpaces(Array("a\\  ".utf8)), Array("a\\ ".utf8))
        XCTAssertEqual(GitIgnoreFile.trimmingTrailingSpaces(Array("a\t".utf8)), Array("a\t".utf8))
        XCTAssertEqual(GitIgnoreFile.trimmingTrailingSpaces(Array("a\\".utf8)), Array("a\\".utf8))
    }

    /// A backtracking matcher takes exponential time on these; the table is steps × bytes.
    func testPathologicalPatternsAreFast() {
        let text = Array(String(repeating: "a/", count: 400).utf8) + Array("c".utf8)
        let patterns = [String(repeating: "**/a/", count: 30) + "b", String(repeating: "*a", count: 40) + "b",
                        String(repeating: "a*", count: 40) + "/b"]
        let start = Date()
        for source in patterns {
            let glob = WildcardPattern(Array(source.utf8), pathname: true)
            XCTAssertFalse(text.withUnsafeBufferPointer { glob.matches($0) }, source)
        }
        let matching = WildcardPattern(Array((String(repeating: "**/a/", count: 30) + "c").utf8), pathname: true)
        XCTAssertTrue(text.withUnsafeBufferPointer { matching.matches($0) })
        // Generous: the three take milliseconds; exponential matching would take longer than the universe.
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    func testIgnoredDirectoriesAreNotEntered() throws {
        try mkdir(".git")
        try write(".gitignore", "vendor/\n")
        try write("Sources/A.swift")
        for i in 0..<5 { try write("vendor/Checkout\(i)/Sources/V\(i).swift") }
        // Directories read, counted by the listings: the root and Sources, not vendor or anything below it.
        let listings = DirectoryListings(stored: [:], runStart: timespec())
        XCTAssertEqual(try discover(listings: listings), ["Sources/A.swift"])
        XCTAssertEqual(listings.misses, 2)
        let everything = DirectoryListings(stored: [:], runStart: timespec())
        XCTAssertEqual(try discover(respecting: false, listings: everything).count, 6)
        XCTAssertEqual(everything.misses, 2 + 1 + 5 * 2)
    }

    func testNestedIgnoreFilesAndNegation() throws {
        try mkdir(".git")
        try write(".gitignore", "*.generated.swift\nScratch/\n")
        try write("App/.gitignore", "!Keep.generated.swift\nLocal.swift\n")
        for file in ["A.generated.swift", "Local.swift", "App/B.generated.swift", "App/Keep.generated.swift", "App/Local.swift",
                     "App/Deep/Local.swift", "App/View.swift", "Scratch/S.swift", "Other/Keep.generated.swift"] {
            try write(file)
        }
        XCTAssertEqual(try discover(), ["App/Keep.generated.swift", "App/View.swift", "Local.swift"])
    }

    func testNamedPathsAreSearchedEvenWhenIgnored() throws {
        try mkdir(".git")
        try write(".gitignore", "Generated/\n*.gen.swift\n")
        try write("Generated/A.swift")
        try write("Generated/B.gen.swift")
        try write("Sources/C.gen.swift")
        try write("Sources/D.swift")
        // A file named on the command line is linted, as ruff does.
        XCTAssertEqual(try discover(["Sources/C.gen.swift"]), ["Sources/C.gen.swift"])
        XCTAssertEqual(try discover(["Generated/B.gen.swift"]), ["Generated/B.gen.swift"])
        // A directory named on the command line is searched; the patterns still apply to what is below it.
        XCTAssertEqual(try discover(["Generated"]), ["Generated/A.swift"])
        XCTAssertEqual(try discover(["."]), ["Sources/D.swift"])
        XCTAssertEqual(try discover(["Sources"]), ["Sources/D.swift"])
    }

    func testTheFlagTurnsItOff() throws {
        try mkdir(".git")
        try write(".gitignore", "*\n")
        try write("A.swift")
        try write("B/C.swift")
        XCTAssertEqual(try discover(), [])
        XCTAssertEqual(try discover(respecting: false), ["A.swift", "B/C.swift"])
    }

    func testOnlyInsideAWorkTree() throws {
        // No `.git` at or above: `.gitignore` files mean nothing (as for git, ripgrep and ruff).
        try write(".gitignore", "*.swift\n")
        try write("A.swift")
        XCTAssertEqual(try discover(), ["A.swift"])
        // A work tree found above the searched directory: its root's and the levels' ignore files apply.
        try mkdir("repo/.git")
        try write("repo/.gitignore", "Ignored.swift\n")
        try write("repo/Sources/.gitignore", "/Local.swift\n")
        try write("repo/Sources/App/Ignored.swift")
        try write("repo/Sources/App/Kept.swift")
        try write("repo/Sources/Local.swift")
        try write("repo/Sources/App/Local.swift")
        XCTAssertEqual(try discover(["repo/Sources/App"]), ["repo/Sources/App/Kept.swift", "repo/Sources/App/Local.swift"])
        XCTAssertEqual(try discover(["."]), ["A.swift", "repo/Sources/App/Kept.swift", "repo/Sources/App/Local.swift"])
        XCTAssertEqual(GitIgnoreRules.enclosing(root + "/repo/Sources/App")?.workTree, root + "/repo")
        XCTAssertNil(GitIgnoreRules.enclosing(root))
    }

    func testANestedRepositoryHasItsOwnRules() throws {
        try mkdir(".git")
        try write(".gitignore", "Ignored.swift\n")
        try write("Ignored.swift")
        // A submodule or nested clone: the outer repository's patterns stop at it, as in git.
        try write("Modules/Lib/.git", "gitdir: ../../.git/modules/Lib\n")
        try write(".git/modules/Lib/info/exclude", "Excluded.swift\n")
        try write("Modules/Lib/Ignored.swift")
        try write("Modules/Lib/Excluded.swift")
        XCTAssertEqual(try discover(), ["Modules/Lib/Ignored.swift"])
    }

    func testInfoExcludeOfALinkedWorktree() throws {
        // `git worktree add`: `.git` is a file naming the worktree's directory, whose `commondir` leads to the
        // main repository, where `info/exclude` lives.
        try write("main/.git/info/exclude", "Excluded.swift\n")
        try write("main/.git/worktrees/feature/commondir", "../..\n")
        try write("feature/.git", "gitdir: \(root)/main/.git/worktrees/feature\n")
        try write("feature/Excluded.swift")
        try write("feature/Kept.swift")
        XCTAssertEqual(GitIgnoreRules.excludeFile(workTree: root + "/feature"), root + "/main/.git/info/exclude")
        XCTAssertEqual(try discover(["feature"]), ["feature/Kept.swift"])
    }

    func testSymbolicLinkIgnoreFilesAreNotRead() throws {
        // git does not follow a `.gitignore` that is a symbolic link.
        try mkdir(".git")
        try write("patterns", "*.swift\n")
        try FileManager.default.createSymbolicLink(atPath: root + "/.gitignore", withDestinationPath: root + "/patterns")
        try write("A.swift")
        XCTAssertEqual(try discover(), ["A.swift"])
    }

    /// Editing a `.gitignore` in place does not change its directory's times, so the directory's remembered
    /// listing is still used, and the edit is still seen: ignore files are read on every run.
    func testEditedIgnoreFilesAreSeenWithRememberedListings() throws {
        let cacheDirectory = root + "-cache"
        defer { try? FileManager.default.removeItem(atPath: cacheDirectory) }
        try mkdir(".git")
        try write(".gitignore", "Old.swift\n")
        try write("Sources/Old.swift")
        try write("Sources/New.swift")
        func cache() -> FactsCache {
            var later = timespec()
            clock_gettime(CLOCK_REALTIME, &later)
            later.tv_sec += 10
            return FactsCache(directories: [cacheDirectory], projectRoot: root, settings: .defaults, runStart: later, key: PartialRunTests.key)
        }
        let cold = cache()
        XCTAssertEqual(try discover(listings: cold.listings), ["Sources/New.swift"])
        cold.save([])
        var before = stat()
        stat(root, &before)
        // Rewritten in place (not replaced by a rename): the directory's times stay the same.
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: root + "/.gitignore"))
        handle.write(Data("New.swift\n".utf8))
        try handle.close()
        var after = stat()
        stat(root, &after)
        XCTAssertEqual(FileStamp(before), FileStamp(after))
        let warm = cache()
        XCTAssertEqual(try discover(listings: warm.listings), ["Sources/Old.swift"])
        XCTAssertEqual(warm.listings.misses, 0)
        XCTAssertEqual(warm.listings.hits, 2)
        // A `.gitignore` added to a remembered directory is an entry added: the directory is read again.
        try write("Sources/.gitignore", "Old.swift\n")
        let added = cache()
        XCTAssertEqual(try discover(listings: added.listings), [])
        XCTAssertEqual(added.listings.misses, 1)
    }
}
