import Foundation
import XCTest
@testable import FlowLintKit

/// The project search reads only the directories that changed since the facts cache remembered them.
final class DirectoryListingsTests: XCTestCase {
    var root = ""
    var cacheDirectory = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "flowlint-listings-" + UUID().uuidString
        cacheDirectory = root + "-cache"
        for path in ["App/Views/Main.swift", "App/Views/Row.swift", "App/Model.swift", "App/notes.txt", "Lib/Lib.swift"] {
            try FileManager.default.createDirectory(atPath: Paths.parent(Paths.join(root, path)), withIntermediateDirectories: true)
            try Data("struct S {}\n".utf8).write(to: URL(fileURLWithPath: Paths.join(root, path)))
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
        try? FileManager.default.removeItem(atPath: cacheDirectory)
    }

    /// A cache that trusts everything on disk now: the two-second rule is about real runs, not this test.
    func cache() -> FactsCache {
        var later = timespec()
        clock_gettime(CLOCK_REALTIME, &later)
        later.tv_sec += 10
        return FactsCache(directories: [cacheDirectory], projectRoot: root, settings: .defaults, runStart: later, key: PartialRunTests.key)
    }

    func discover(_ listings: DirectoryListings?) throws -> [String] {
        try FileDiscovery.discover(paths: [root], configuration: Configuration(rootDirectory: root), workingDirectory: root,
                                    listings: listings)
            .files.map(\.displayPath)
    }

    func testUnchangedDirectoriesAreNotReadAgainAndChangesAreSeen() throws {
        let expected = try discover(nil)
        XCTAssertEqual(expected, ["App/Model.swift", "App/Views/Main.swift", "App/Views/Row.swift", "Lib/Lib.swift"])

        let cold = cache()
        XCTAssertEqual(try discover(cold.listings), expected)
        XCTAssertEqual(cold.listings.misses, 4)  // the root, App, App/Views, Lib
        cold.save([])

        let warm = cache()
        XCTAssertEqual(try discover(warm.listings), expected)
        XCTAssertEqual(warm.listings.hits, 4)
        XCTAssertEqual(warm.listings.misses, 0)
        XCTAssertFalse(warm.listings.changed)

        // A file added to one directory: that directory alone is read again.
        try Data("struct T {}\n".utf8).write(to: URL(fileURLWithPath: Paths.join(root, "App/Views/Added.swift")))
        let added = cache()
        XCTAssertEqual(try discover(added.listings),
                       ["App/Model.swift", "App/Views/Added.swift", "App/Views/Main.swift", "App/Views/Row.swift", "Lib/Lib.swift"])
        XCTAssertEqual(added.listings.misses, 1)
        XCTAssertTrue(added.listings.changed)
        added.save([])

        // A directory removed: its files are gone, and so is its listing once saved.
        try FileManager.default.removeItem(atPath: Paths.join(root, "Lib"))
        let removed = cache()
        XCTAssertEqual(try discover(removed.listings),
                       ["App/Model.swift", "App/Views/Added.swift", "App/Views/Main.swift", "App/Views/Row.swift"])
        XCTAssertTrue(removed.listings.changed)
        removed.save([])
        let after = cache()
        XCTAssertEqual(try discover(after.listings).count, 4)
        XCTAssertEqual(after.listings.hits, 3)
        XCTAssertFalse(after.listings.changed)
    }

    func testRecentlyChangedDirectoriesAreNotRemembered() throws {
        // Run "now": the directories were all just created, so none can be trusted yet.
        let recent = FactsCache(directories: [cacheDirectory], projectRoot: root, settings: .defaults, key: PartialRunTests.key)
        XCTAssertEqual(try discover(recent.listings).count, 4)
        XCTAssertFalse(recent.listings.changed)
        XCTAssertTrue(recent.listings.seen.isEmpty)
    }

    /// A name that is not UTF-8 is spelled for people, each invalid byte as `\\xFF`, and flagged.
    func testNamesThatAreNotUTF8AreFlaggedAndSpelledWithEscapes() throws {
        let name: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x73, 0x77, 0x69, 0x66, 0x74]  // "caf\xE9.swift"
        let path = Array(root.utf8) + Array("/App/".utf8) + name
        let fd = open(path.map { CChar(bitPattern: $0) } + [0], O_CREAT | O_WRONLY, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        let entries = try XCTUnwrap(DirectoryListings.read(root + "/App"))
        let flagged = entries.filter { $0.type & DirectoryListings.nameNotUTF8 != 0 }.map(\.name)
        XCTAssertEqual(flagged, ["caf\\xE9.swift"])
        XCTAssertEqual(name.withUnsafeBufferPointer { DirectoryListings.escapedName($0) }, "caf\\xE9.swift")
        XCTAssertEqual([0xC3, 0x41, 0xE2, 0x82].withUnsafeBufferPointer { DirectoryListings.escapedName($0) }, "\\xC3A\\xE2\\x82")
        XCTAssertEqual(Array("tr\u{E8}s".utf8).withUnsafeBufferPointer { DirectoryListings.escapedName($0) }, "tr\u{E8}s")
    }
}
