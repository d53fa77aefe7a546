import Foundation
import XCTest
@testable import FlowLintKit

/// Partial runs (some files reported, the whole project giving facts) and the facts cache.
final class PartialRunTests: XCTestCase {
    var cacheDirectory = ""

    override func setUpWithError() throws {
        cacheDirectory = NSTemporaryDirectory() + "flowlint-cache-" + UUID().uuidString
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: cacheDirectory)
    }

    /// This test's key, so no test reads or creates the user's.
    static let key = CacheKey(k0: 0x0123_4567_89ab_cdef, k1: 0xfedc_ba98_7654_3210)

    func cache(_ settings: RuleSettings = .defaults, build: String = BuildIdentity.current,
               key: CacheKey? = PartialRunTests.key) -> FactsCache {
        FactsCache(directories: [cacheDirectory], projectRoot: "/project", settings: settings, build: build, key: key)
    }

    /// The rules that are on by default and `missing_environment_object_in_preview` (opt-in), whose root findings
    /// at previews the tests below move between files.
    static var previewsOn: RuleSettings {
        var settings = RuleSettings.defaults
        settings.enabled.insert("missing_environment_object_in_preview")
        return settings
    }

    func testEachFixtureFileAloneGivesTheFullRunRestrictedToIt() throws {
        for fixture in try FixtureTests.fixtures() {
            let files = try FixtureTests.sources(in: fixture)
            let settings = try FixtureTests.configuration(of: fixture).ruleSettings
            let full = LintEngine.lint(LintRequest(files: files, settings: settings)).diagnostics
            for file in files {
                let expected = LintEngine.restrict(full, to: [file.path]).sorted(by: Diagnostic.outputOrder)
                let partial = LintEngine.lint(LintRequest(files: files, settings: settings, reportedPaths: [file.path])).diagnostics
                XCTAssertEqual(partial, expected, "\(fixture.lastPathComponent)/\(file.path)")
                // Every finding of the full run in this file is there, unchanged.
                for d in full where d.span.file == file.path { XCTAssertTrue(partial.contains(d), "\(file.path): \(d.message)") }
            }
        }
    }

    /// README "Partial runs", statement 2: a root finding whose root is in another file is shown at the reading
    /// declaration in the requested file, worded for it, with the root as a note and without fixes.
    func testRootFindingIsMovedToTheReadingDeclaration() throws {
        let fixture = FixtureTests.fixturesDirectory.appendingPathComponent("SharedSettings")
        let files = try FixtureTests.sources(in: fixture)
        let full = LintEngine.lint(LintRequest(files: files, settings: Self.previewsOn)).diagnostics
        // SharedSettings' root is a preview.
        let root = try XCTUnwrap(full.first { $0.ruleID == "missing_environment_object_in_preview" })
        let place = try XCTUnwrap(root.suppressibleAt.first)
        XCTAssertEqual(place.span, root.notes.last?.span, "the reader's note")
        XCTAssertNotEqual(place.span.file, root.span.file)
        let partial = LintEngine.lint(LintRequest(files: files, settings: Self.previewsOn, reportedPaths: [place.span.file])).diagnostics
        let moved = try XCTUnwrap(partial.first { $0.ruleID == "missing_environment_object_in_preview" })
        XCTAssertEqual(moved.span, place.span)
        XCTAssertEqual(moved.message, place.message)
        XCTAssertTrue(moved.message.hasPrefix("'AvatarBadge' reads a 'UserSettings' here, and a preview of 'ProfileHeader'"), moved.message)
        XCTAssertEqual(moved.notes, [DiagnosticNote(message: root.message, span: root.span)])
        XCTAssertTrue(moved.fixes.isEmpty)
        // Both files requested: shown once, at the root.
        let both = LintEngine.lint(LintRequest(files: files, settings: Self.previewsOn,
                                               reportedPaths: [place.span.file, root.span.file])).diagnostics
        XCTAssertEqual(both.filter { $0.ruleID == "missing_environment_object_in_preview" }, [root])
    }

    /// An app whose scene and two previews (in other files) show a reader without its object, and a view in the
    /// middle of the chain.
    static let threeRoots: [LintFile] = [
        LintFile(path: "App.swift", bytes: Array("""
            import SwiftUI
            @main
            struct ShopApp: App {
                var body: some Scene { WindowGroup { Middle() } }
            }
            """.utf8)),
        LintFile(path: "Middle.swift", bytes: Array("""
            import SwiftUI
            struct Middle: View {
                var body: some View { VStack { Badge() } }
            }
            #Preview { Middle() }
            """.utf8)),
        LintFile(path: "Previews.swift", bytes: Array("""
            import SwiftUI
            #Preview { Badge() }
            """.utf8)),
        LintFile(path: "Badge.swift", bytes: Array("""
            import SwiftUI
            final class Cart: ObservableObject { @Published var count = 0 }
            struct Badge: View {
                @EnvironmentObject var cart: Cart
                var body: some View { Text("\\(cart.count)") }
            }
            struct Shop: View {
                var body: some View { Badge().environmentObject(Cart()) }
            }
            """.utf8)),
    ]

    static func replacing(_ path: String, _ old: String, _ new: String, in files: [LintFile]) -> [LintFile] {
        files.map { f in
            guard f.path == path else { return f }
            return LintFile(path: f.path, bytes: Array(String(decoding: f.bytes, as: UTF8.self).replacingOccurrences(of: old, with: new).utf8))
        }
    }

    /// Statement 2 again: one finding per reading declaration and rule, whatever the number of roots.
    func testRootsInOtherFilesAreGroupedAtTheReader() throws {
        let files = Self.threeRoots
        let full = LintEngine.lint(LintRequest(files: files, settings: Self.previewsOn)).diagnostics
        XCTAssertEqual(full.map(\.ruleID).sorted(), ["missing_environment_object", "missing_environment_object_in_preview",
                                                     "missing_environment_object_in_preview"])
        let partial = LintEngine.lint(LintRequest(files: files, settings: Self.previewsOn, reportedPaths: ["Badge.swift"])).diagnostics
        XCTAssertEqual(partial.map(\.ruleID), ["missing_environment_object", "missing_environment_object_in_preview"])
        XCTAssertTrue(partial.allSatisfy { $0.span.file == "Badge.swift" && $0.span.start.line == 4 }, "\(partial)")
        let previews = try XCTUnwrap(partial.last)
        XCTAssertEqual(previews.notes.map(\.span.file), ["Middle.swift", "Previews.swift"])
        XCTAssertTrue(previews.message.hasSuffix("; 1 more root in other files too (see the notes)"), previews.message)
    }

    /// Statement 3: a file that is only a step of the chain (neither root nor reader) shows nothing.
    func testAFileInTheMiddleOfTheChainShowsNothingOfOtherRoots() throws {
        let files = Self.threeRoots
        let partial = LintEngine.lint(LintRequest(files: files, settings: Self.previewsOn, reportedPaths: ["Middle.swift"])).diagnostics
        // Only Middle.swift's own preview root.
        XCTAssertEqual(partial.map(\.ruleID), ["missing_environment_object_in_preview"])
        XCTAssertEqual(partial.first?.span.start.line, 5)
    }

    /// Suppression follows the problem: a comment at the reader silences the root findings in the full run
    /// (and is not superfluous), and what a partial run of either file shows.
    func testACommentAtTheReaderSilencesItsRootFindingsEverywhere() throws {
        let files = Self.replacing("Badge.swift", "    @EnvironmentObject var cart: Cart",
                                   "    // flowlint:disable:next missing_environment_object - the UIKit host provides it\n    @EnvironmentObject var cart: Cart",
                                   in: Self.threeRoots)
        let full = LintEngine.lint(LintRequest(files: files, settings: Self.previewsOn)).diagnostics
        XCTAssertEqual(full.map(\.ruleID).sorted(), ["missing_environment_object_in_preview", "missing_environment_object_in_preview"],
                       "the App root is silenced, the previews are another rule; no superfluous_disable")
        let reader = LintEngine.lint(LintRequest(files: files, settings: Self.previewsOn, reportedPaths: ["Badge.swift"])).diagnostics
        XCTAssertEqual(reader.map(\.ruleID), ["missing_environment_object_in_preview"])
        let root = LintEngine.lint(LintRequest(files: files, settings: Self.previewsOn, reportedPaths: ["App.swift"])).diagnostics
        XCTAssertEqual(root, [])
    }

    /// And a comment at the root silences what a partial run of the reader's file shows.
    func testACommentAtTheRootSilencesTheFindingAtTheReader() throws {
        let files = Self.replacing("App.swift", "WindowGroup { Middle() }",
                                   "WindowGroup { Middle() } // flowlint:disable:this missing_environment_object",
                                   in: Self.threeRoots)
        let reader = LintEngine.lint(LintRequest(files: files, settings: Self.previewsOn, reportedPaths: ["Badge.swift"])).diagnostics
        XCTAssertEqual(reader.map(\.ruleID), ["missing_environment_object_in_preview"])
        XCTAssertFalse(LintEngine.lint(LintRequest(files: files, settings: Self.previewsOn)).diagnostics.contains { $0.ruleID == "superfluous_disable" })
    }

    /// A root finding naming two readers stays until both are silenced; the comment at one is not superfluous
    /// and silences that reader's part in a partial run.
    func testARootFindingWithTwoReadersNeedsBothSilenced() throws {
        let files: [LintFile] = [
            LintFile(path: "App.swift", bytes: Array("""
                import SwiftUI
                @main
                struct ShopApp: App { var body: some Scene { WindowGroup { Screen() } } }
                """.utf8)),
            LintFile(path: "Screen.swift", bytes: Array("""
                import SwiftUI
                final class Cart: ObservableObject { @Published var count = 0 }
                final class Session: ObservableObject { @Published var user = "" }
                struct Screen: View {
                    // flowlint:disable:next missing_environment_object
                    @EnvironmentObject var cart: Cart
                    var body: some View { VStack { Text("\\(cart.count)"); Account() } }
                }
                struct Account: View {
                    @EnvironmentObject var session: Session
                    var body: some View { Text(session.user) }
                }
                """.utf8)),
        ]
        let full = LintEngine.lint(LintRequest(files: files)).diagnostics
        XCTAssertEqual(full.map(\.ruleID), ["missing_environment_object"])
        XCTAssertEqual(full.first?.suppressibleAt.map(\.span.start.line), [10], "the silenced reader is no longer a place")
        let partial = LintEngine.lint(LintRequest(files: files, reportedPaths: ["Screen.swift"])).diagnostics
        XCTAssertEqual(partial.map(\.span.start.line), [10])
    }

    func testCodecRoundTripsEveryFixtureFile() throws {
        for fixture in try FixtureTests.fixtures() {
            for file in try FixtureTests.sources(in: fixture) {
                let facts = LintEngine.facts(for: file, settings: .defaults, skipsInertBodies: true)
                let encoded = FactsCodec.encode(facts)
                let decoded = try encoded.withUnsafeBytes { try FactsCodec.decode($0, path: file.path) }
                XCTAssertEqual(decoded, facts, file.path)
                // Read back under another path, every span of the file follows.
                let moved = try encoded.withUnsafeBytes { try FactsCodec.decode($0, path: "elsewhere/" + file.path) }
                XCTAssertEqual(FactsCodec.encode(moved), encoded)
                // Truncations never decode into something else.
                for cut in stride(from: 0, to: encoded.count, by: max(1, encoded.count / 7)) {
                    XCTAssertThrowsError(try Array(encoded[0..<cut]).withUnsafeBytes { try FactsCodec.decode($0, path: file.path) })
                }
            }
        }
    }

    func testWarmRunsAreAnsweredFromTheCacheAndMatchTheColdRun() throws {
        for fixture in try FixtureTests.fixtures() {
            try? FileManager.default.removeItem(atPath: cacheDirectory)
            let files = try FixtureTests.sources(in: fixture)
            let settings = try FixtureTests.configuration(of: fixture).ruleSettings
            let plain = LintEngine.lint(LintRequest(files: files, settings: settings)).diagnostics
            let cold = cache(settings)
            XCTAssertEqual(LintEngine.lint(LintRequest(files: files, settings: settings, cache: cold)).diagnostics, plain)
            XCTAssertEqual(cold.misses, files.count)
            XCTAssertNotNil(cold.savedPath)
            let warm = cache(settings)
            XCTAssertNil(warm.rejection)
            XCTAssertEqual(LintEngine.lint(LintRequest(files: files, settings: settings, cache: warm)).diagnostics, plain)
            XCTAssertEqual(warm.hits, files.count, fixture.lastPathComponent)
            // Same bytes under other display paths: still answered, findings under the new paths.
            let movedFiles = files.map { LintFile(path: "moved/" + $0.path, bytes: $0.bytes) }
            let moved = cache(settings)
            let movedDiagnostics = LintEngine.lint(LintRequest(files: movedFiles, settings: settings, cache: moved)).diagnostics
            XCTAssertEqual(moved.hits, files.count)
            XCTAssertEqual(movedDiagnostics, LintEngine.lint(LintRequest(files: movedFiles, settings: settings)).diagnostics)
        }
    }

    func testCacheIsInvalidatedByContentConfigurationAndVersion() throws {
        let fixture = FixtureTests.fixturesDirectory.appendingPathComponent("SharedSettings")
        var files = try FixtureTests.sources(in: fixture)
        let configured = try FixtureTests.configuration(of: fixture).ruleSettings
        _ = LintEngine.lint(LintRequest(files: files, settings: configured, cache: cache(configured)))

        // A changed file is parsed again; the others are not.
        files[0].bytes += Array("\nstruct Added {}\n".utf8)
        let changed = cache(configured)
        XCTAssertEqual(LintEngine.lint(LintRequest(files: files, settings: configured, cache: changed)).diagnostics,
                       LintEngine.lint(LintRequest(files: files, settings: configured)).diagnostics)
        XCTAssertEqual(changed.misses, 1)
        XCTAssertEqual(changed.hits, files.count - 1)

        // Severities are applied after the cache: changing one reuses every entry.
        var severities = configured
        severities.severities["non_private_state"] = .error
        let otherSeverity = cache(severities)
        XCTAssertEqual(LintEngine.lint(LintRequest(files: files, settings: severities, cache: otherSeverity)).diagnostics,
                       LintEngine.lint(LintRequest(files: files, settings: severities)).diagnostics)
        XCTAssertEqual(otherSeverity.misses, 0)

        // Other rule settings: another key, nothing reused, and findings follow the settings.
        var settings = configured
        settings.enabled.remove("missing_environment_object")
        let otherSettings = cache(settings)
        XCTAssertEqual(LintEngine.lint(LintRequest(files: files, settings: settings, cache: otherSettings)).diagnostics,
                       LintEngine.lint(LintRequest(files: files, settings: settings)).diagnostics)
        XCTAssertEqual(otherSettings.hits, 0)

        // Another build of FlowLint: nothing reused (the build is in the key and the header).
        let otherBuild = cache(configured, build: "another build")
        _ = LintEngine.lint(LintRequest(files: files, settings: configured, cache: otherBuild))
        XCTAssertEqual(otherBuild.hits, 0)
        // Its pack replaces the project's others, which no build will read again.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cacheDirectory).filter { $0.hasSuffix(".bin") },
                       [otherBuild.fileName])

    }

    /// The facts cache keeps each file's per-file findings. A build whose rule says something else must not
    /// be served the findings an earlier build stored: the pack below holds what "the old build" reported
    /// (another message), and only a run of that same build gets it back.
    func testARebuildWithAChangedRuleDoesNotServeCachedFindings() throws {
        let source = "import SwiftUI\nstruct Row: View {\n    @State var isOn = false\n    var body: some View { Text(\"x\") }\n}\n"
        let file = LintFile(path: "Row.swift", bytes: Array(source.utf8))
        var oldFacts = LintEngine.facts(for: file)
        let index = try XCTUnwrap(oldFacts.ruleOutputs.firstIndex { $0.rule == "non_private_state" })
        typealias Findings = [PendingFinding<NonPrivateStateRule.Condition>]
        var findings = try CompactCoding.decode(Findings.self, from: XCTUnwrap(oldFacts.ruleOutputs[index].findings).bytes, path: file.path)
        findings[0].diagnostic.message = "the old build's message"
        oldFacts.ruleOutputs[index].findings = RawBytes(CompactCoding.encode(findings, path: file.path))
        let old = cache(build: "old build")
        old.save([FactsCache.Record(hash: FastHash.hash(file.bytes), fresh: FactsCodec.encode(oldFacts), pathKey: nil, stat: nil)])

        let sameBuild = cache(build: "old build")
        XCTAssertEqual(LintEngine.lint(LintRequest(files: [file], cache: sameBuild)).diagnostics.map(\.message),
                       ["the old build's message"])
        XCTAssertEqual(sameBuild.hits, 1)

        let rebuilt = cache(build: "new build")
        let messages = LintEngine.lint(LintRequest(files: [file], cache: rebuilt)).diagnostics.map(\.message)
        XCTAssertEqual(messages, [NonPrivateStateRule.message(wrapper: "State", property: "isOn")])
        XCTAssertEqual(rebuilt.hits, 0)
    }

    func testDamagedCacheIsIgnoredAndRebuilt() throws {
        let fixture = FixtureTests.fixturesDirectory.appendingPathComponent("SharedSettings")
        let files = try FixtureTests.sources(in: fixture)
        let configured = try FixtureTests.configuration(of: fixture).ruleSettings
        let expected = LintEngine.lint(LintRequest(files: files, settings: configured)).diagnostics
        let first = cache(configured)
        _ = LintEngine.lint(LintRequest(files: files, settings: configured, cache: first))
        let packPath = try XCTUnwrap(first.savedPath)
        let good = try Data(contentsOf: URL(fileURLWithPath: packPath))

        var damaged: [(String, Data)] = [
            ("truncated", good.prefix(good.count / 2)),
            ("empty", Data()),
            ("garbage", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) })),
        ]
        var flipped = good
        flipped[good.count / 2] ^= 0x5a
        damaged.append(("bit flip", flipped))
        var foreign = good
        foreign.replaceSubrange(0..<8, with: Array("FLFACTS1".utf8))
        damaged.append(("foreign format", foreign))
        // A forgery: an entry's finding changed, and the pack sealed the way anyone could (a plain checksum).
        var forged = Array(good)
        let message = Array("should be private".utf8)
        if let at = (0...(forged.count - message.count)).first(where: { forged[$0..<($0 + message.count)].elementsEqual(message) }) {
            forged.replaceSubrange(at..<(at + message.count), with: Array("is just fine now".utf8) + [0x20])
        }
        let body = Array(forged.dropLast(8))
        forged = body + withUnsafeBytes(of: FastHash.hash(body).littleEndian, Array.init)
        damaged.append(("forged with a checksum", Data(forged)))
        // Sealed by another user's key.
        let other = CacheKey(k0: 1, k1: 2)
        damaged.append(("another user's key", Data(body + withUnsafeBytes(of: other.tag(body).littleEndian, Array.init))))

        for (name, bytes) in damaged {
            try bytes.write(to: URL(fileURLWithPath: packPath))
            let survivor = cache(configured)
            XCTAssertEqual(LintEngine.lint(LintRequest(files: files, settings: configured, cache: survivor)).diagnostics, expected, name)
            XCTAssertEqual(survivor.hits, 0, name)
            if !bytes.isEmpty { XCTAssertNotNil(survivor.rejection, name) }
            // Rebuilt: the next run is answered from it.
            let next = cache(configured)
            XCTAssertNil(next.rejection, name)
            _ = LintEngine.lint(LintRequest(files: files, settings: configured, cache: next))
            XCTAssertEqual(next.hits, files.count, name)
        }
    }

    func testDeferredFilesAreReadOnlyWhenTheCacheCannotAnswer() throws {
        let fixture = FixtureTests.fixturesDirectory.appendingPathComponent("SharedSettings")
        let files = try FixtureTests.sources(in: fixture)
        let deferred = files.map { LintFile.deferred(path: $0.path, absolutePath: fixture.appendingPathComponent($0.path).path) }
        let configured = try FixtureTests.configuration(of: fixture).ruleSettings
        let expected = LintEngine.lint(LintRequest(files: files, settings: configured)).diagnostics
        XCTAssertFalse(expected.isEmpty)
        XCTAssertEqual(LintEngine.lint(LintRequest(files: deferred, settings: configured)).diagnostics, expected)
        XCTAssertEqual(LintEngine.lint(LintRequest(files: deferred, settings: configured, cache: cache(configured))).diagnostics, expected)
        XCTAssertEqual(LintEngine.lint(LintRequest(files: deferred, settings: configured, cache: cache(configured))).diagnostics, expected)
        // An unreadable context file gives nothing and no error.
        let missing = LintFile.deferred(path: "Gone.swift", absolutePath: "/nonexistent/Gone.swift")
        XCTAssertEqual(LintEngine.lint(LintRequest(files: deferred + [missing], settings: configured, cache: cache(configured))).diagnostics,
                       expected)
    }

    func testConcurrentWritersLeaveAValidPack() throws {
        let fixture = FixtureTests.fixturesDirectory.appendingPathComponent("MovieStore")
        let files = try FixtureTests.sources(in: fixture)
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            var mine = files
            mine[i % mine.count].bytes += Array("\n// \(i)\n".utf8)
            _ = LintEngine.lint(LintRequest(files: mine, jobs: 1, cache: cache()))
        }
        let after = cache()
        XCTAssertNil(after.rejection)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cacheDirectory).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [])
    }

    /// The project is the repository (or the directory of a `.flowlint.yml`), never a package nested in it; with
    /// neither, the outermost package or Xcode project.
    func testProjectRootIsTheRepositoryNotTheNearestPackage() throws {
        let base = cacheDirectory + "/tree"
        let fm = FileManager.default
        for directory in ["repo/.git", "repo/App.xcodeproj", "repo/Pkg/Sources/Lib", "repo/Other/Deep", "repo/Configured",
                          "loose/Outer/Inner/Sources", "loose/Outer/App.xcworkspace"] {
            try fm.createDirectory(atPath: base + "/" + directory, withIntermediateDirectories: true)
        }
        for file in ["repo/Pkg/Package.swift", "repo/Pkg/Sources/Lib/A.swift", "repo/Configured/.flowlint.yml",
                     "loose/Outer/Inner/Package.swift", "loose/Outer/Inner/Sources/B.swift", "loose/Solo.swift"] {
            try Data().write(to: URL(fileURLWithPath: base + "/" + file))
        }
        // A local package inside the repository: the repository.
        XCTAssertEqual(ProjectRoot.find(for: base + "/repo/Pkg/Sources/Lib/A.swift"), base + "/repo")
        XCTAssertEqual(ProjectRoot.find(for: base + "/repo/Pkg/Sources"), base + "/repo")
        XCTAssertEqual(ProjectRoot.find(for: base + "/repo/Other/Deep"), base + "/repo")
        // A configuration marks its own project.
        XCTAssertEqual(ProjectRoot.find(for: base + "/repo/Configured/X.swift"), base + "/repo/Configured")
        XCTAssertEqual(ProjectRoot.configurationFile(for: base + "/repo/Configured/X.swift"), base + "/repo/Configured/.flowlint.yml")
        XCTAssertNil(ProjectRoot.configurationFile(for: base + "/repo/Pkg/Sources/Lib/A.swift"))
        // No repository: the outermost package or workspace.
        XCTAssertEqual(ProjectRoot.find(for: base + "/loose/Outer/Inner/Sources/B.swift"), base + "/loose/Outer")
        XCTAssertNil(ProjectRoot.find(for: base + "/loose/Solo.swift"))
    }

    /// SipHash-2-4's reference vector (key 00..0f, message 00..0e), so the tag is the function it claims to be.
    func testPackTagIsSipHash24() {
        let key = CacheKey(k0: 0x0706_0504_0302_0100, k1: 0x0f0e_0d0c_0b0a_0908)
        XCTAssertEqual(key.tag((0..<15).map { UInt8($0) }), 0xa129_ca61_49be_45e5)
        XCTAssertEqual(key.tag([]), 0x726f_db47_dd0e_0e31)
    }

    /// A key file someone else could read or write is not a secret: it is not used, and nothing is cached.
    func testAKeyFileOthersCanReadIsNotTrusted() throws {
        let path = cacheDirectory + "/state/cache.key"
        let created = try XCTUnwrap(CacheKey.create(path))
        XCTAssertEqual(CacheKey.load(path).map { [$0.k0, $0.k1] }, [created.k0, created.k1])
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o600)
        chmod(path, 0o644)
        XCTAssertNil(CacheKey.load(path))
        let keyless = cache(key: nil)
        XCTAssertEqual(keyless.directories, [])
    }

    /// `--fix` writes what the fixes say: they are computed from the bytes it rewrites, never read from a pack,
    /// even a pack this user's FlowLint sealed (here, one whose stored fix would insert other code).
    func testFixesAreComputedFromTheFilesNeverFromTheCache() throws {
        let source = "import SwiftUI\nstruct Row: View {\n    @State var isOn = false\n    var body: some View { Text(\"x\") }\n}\n"
        let file = LintFile(path: "Row.swift", bytes: Array(source.utf8))
        var stored = LintEngine.facts(for: file)
        let index = try XCTUnwrap(stored.ruleOutputs.firstIndex { $0.rule == "non_private_state" })
        typealias Findings = [PendingFinding<NonPrivateStateRule.Condition>]
        var findings = try CompactCoding.decode(Findings.self, from: XCTUnwrap(stored.ruleOutputs[index].findings).bytes, path: file.path)
        findings[0].diagnostic.fixes[0].edits[0].replacement = "import Evil; "
        stored.ruleOutputs[index].findings = RawBytes(CompactCoding.encode(findings, path: file.path))
        cache().save([FactsCache.Record(hash: FastHash.hash(file.bytes), fresh: FactsCodec.encode(stored), pathKey: nil, stat: nil)])

        let replacements = { (recompute: Bool) -> [String] in
            var request = LintRequest(files: [file], cache: self.cache())
            request.recomputesGivenFiles = recompute
            return LintEngine.lint(request).diagnostics.flatMap(\.fixes).flatMap(\.edits).map(\.replacement)
        }
        XCTAssertEqual(replacements(false), ["import Evil; "], "a plain run is answered from the cache")
        XCTAssertEqual(replacements(true), ["private "])
    }
}
