import Foundation
import XCTest
@testable import FlowLintKit

/// The editor server's incremental path gives what a full run gives: `ProjectIndex.replaceFile` leaves the index
/// `init(files:)` would build, and `LiveProject`'s findings after edits, closed buffers and files created or deleted
/// on disk are those of `LintEngine.lint` over the same contents.
final class ProjectIndexUpdateTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// Every stored property of a value, sets and dictionaries in a canonical order: two indexes with the same
    /// contents print the same, whatever their insertion history (and whatever fields the index grows later).
    static func canonical(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .dictionary?, .set?:
            return "{" + mirror.children.map { canonical($0.value) }.sorted().joined(separator: ",") + "}"
        case .optional?:
            return mirror.children.first.map { canonical($0.value) } ?? "nil"
        default:
            if mirror.children.isEmpty { return String(describing: value) }
            return "\(mirror.subjectType)(" + mirror.children.map { "\($0.label ?? "_"):" + canonical($0.value) }.joined(separator: ",") + ")"
        }
    }

    func facts(_ path: String, _ source: String) -> FileFacts {
        LintEngine.facts(for: LintFile(path: path, bytes: Array(source.utf8)))
    }

    func assertUpdates(_ sources: [(String, String)], replacing position: Int, with source: String,
                       file: StaticString = #filePath, line: UInt = #line) {
        let files = sources.map { facts($0.0, $0.1) }
        var index = ProjectIndex(files: files)
        // Every analysis computed before the edit: the edit keeps those whose inputs it does not change.
        for analysis in AnalysisRegistry.all { _ = analysis.anyValue(in: index) }
        let replacement = facts(sources[position].0, source)
        index.replaceFile(at: position, with: replacement)
        var expected = files
        expected[position] = replacement
        let fresh = ProjectIndex(files: expected)
        XCTAssertEqual(Self.canonical(index), Self.canonical(fresh), file: file, line: line)
        // An analysis goes when its inputs change or when an analysis it requires goes (ViewNames after an edit
        // that changes only an inheritance clause, which ViewDeclarations reads).
        func isAffected(_ analysis: any ProjectAnalysis.Type) -> Bool {
            analysis.isAffected(from: files[position], to: replacement) || analysis.requires.contains(where: isAffected)
        }
        for analysis in AnalysisRegistry.all {
            let kept = index.analyses.computed.contains(ObjectIdentifier(analysis))
            XCTAssertEqual(kept, !isAffected(analysis),
                           "\(analysis): kept exactly when its inputs did not change", file: file, line: line)
            XCTAssertEqual(Self.canonical(analysis.anyValue(in: index)), Self.canonical(analysis.anyValue(in: fresh)),
                           "\(analysis) after an edit differs from a fresh computation", file: file, line: line)
        }
    }

    func testReplacingAFileGivesTheIndexBuiltFromScratch() {
        let sources = [
            ("A.swift", """
                protocol Screen: View {}
                protocol Model: ObservableObject {}
                extension View { func withSettings() -> some View { environmentObject(Settings()) } }
                struct Home: Screen { @EnvironmentObject var settings: Settings; var body: some View { Text(String(describing: settings)) } }
                """),
            ("B.swift", """
                final class Settings: Model {}
                extension Home: Equatable {}
                struct Row: View { var body: some View { Text("") } }
                class Base: NSObject {}
                """),
            ("C.swift", """
                extension Settings: Identifiable {}
                extension View { func withSettings() -> some View { environmentObject(Other()) } }
                struct Home2: Screen { var body: some View { Row() } }
                """),
        ]
        let variants = [
            "",                                                          // everything the file declared goes
            "struct Row: View { var body: some View { Text(\"x\") } }",    // a name moves between files
            "protocol Screen: ViewModifier {}\nprotocol Model {}",      // protocols change what refines what
            "struct Screen {}\nclass Model: ObservableObject {}",     // protocol names no longer protocols
            "extension Settings: ObservableObject {}\nextension Home: View {}",
            "extension View { func withOther() -> some View { environmentObject(Other()) } }",
            // What the declarations say of Observation (`ObservedTypes`).
            "@Observable final class Settings { var a = 0 }\nfinal class Other: Observable { var b = 0 }",
            // The environment graph's inputs: roots come and go, bodies and members move between names.
            "#Preview { Home() }\nstruct Row: View { var body: some View { header }\n var header: some View { Home2() } }",
            "struct P: PreviewProvider { static var previews: some View { Row() } }\nextension Home2 { var extra: some View { Row() } }",
            // A persisted key and a flag set with it (`PersistedFlagFlips`).
            "final class Flow: ObservableObject { @AppStorage(\"done\") var done = false\n var shown = false\n"
                + " func finish() { shown = true; done = true } }\nstruct Home: View { @AppStorage(\"done\") var done = false\n"
                + " var body: some View { if done { Row() } } }",
        ]
        for position in sources.indices {
            assertUpdates(sources, replacing: position, with: sources[position].1)
            for variant in variants { assertUpdates(sources, replacing: position, with: variant) }
        }
    }

    func testReplacingEveryFixtureFileWithAnotherGivesTheIndexBuiltFromScratch() throws {
        let apps = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures).sorted()
        for app in apps {
            let directory = Self.fixtures + "/" + app
            guard let found = try? FileDiscovery.discover(paths: [directory], configuration: Configuration(rootDirectory: directory),
                                                          workingDirectory: directory) else { continue }
            let sources = try found.files.map { ($0.displayPath, try String(contentsOfFile: $0.absolutePath, encoding: .utf8)) }
            guard sources.count > 1 else { continue }
            for position in sources.indices {
                assertUpdates(sources, replacing: position, with: "")
                assertUpdates(sources, replacing: position, with: sources[(position + 1) % sources.count].1)
            }
        }
    }
}

final class LiveProjectTests: XCTestCase {
    var root = ""

    override func setUpWithError() throws {
        root = try temporaryDirectory()
        let source = ProjectIndexUpdateTests.fixtures + "/SharedSettings"
        try FileManager.default.removeItem(atPath: root)
        try FileManager.default.copyItem(atPath: source, toPath: root)
    }

    func write(_ name: String, _ text: String) throws {
        let path = root + "/" + name
        try FileManager.default.createDirectory(atPath: Paths.parent(path), withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// What a full run of the project gives with these buffers in place of their files; with `reporting`, what a
    /// partial run of those files (absolute paths) gives.
    func fullRun(_ buffers: [String: String] = [:], reporting: [String]? = nil) throws -> [Diagnostic] {
        let configuration = try Configuration.load(path: root + "/.flowlint.yml")
        var paths = try FileDiscovery.discover(paths: [root], configuration: configuration, workingDirectory: root).files
            .map { ($0.displayPath, $0.absolutePath) }
        for path in buffers.keys where !paths.contains(where: { $0.1 == path }) {
            paths.append((Paths.display(path, workingDirectory: root), path))
        }
        var request = LintRequest(files: paths.sorted { $0.0 < $1.0 }.map { LintFile.deferred(path: $0.0, absolutePath: $0.1) },
                                  settings: configuration.ruleSettings)
        request.unsavedBuffers = Buffers(buffers: buffers.mapValues { Array($0.utf8) })
        request.reportedPaths = reporting.map { Set($0.map { Paths.display($0, workingDirectory: root) }) }
        return LintEngine.lint(request).diagnostics
    }

    /// The partial run of one file, naming files by absolute path as the workspace does.
    func partialRun(of path: String, _ buffers: [String: String] = [:]) throws -> [Diagnostic] {
        try fullRun(buffers, reporting: [path]).map { $0.namingFiles { Paths.absolute($0, base: self.root) } }
    }

    struct Buffers: UnsavedBuffers {
        var buffers: [String: [UInt8]]
        func buffer(forAbsolutePath path: String) -> [UInt8]? { buffers[path] }
    }

    func load() throws -> LiveProject {
        try XCTUnwrap(LiveProject(root: root, configuration: try Configuration.load(path: root + "/.flowlint.yml"), cache: .disabled,
                                  cancellation: .never))
    }

    func testEditsAndClosedBuffersGiveTheFullRunsFindings() throws {
        let project = try load()
        XCTAssertEqual(project.diagnostics.map(\.ruleID), ["missing_environment_object_in_preview"])
        XCTAssertEqual(project.diagnostics, try fullRun())

        // The preview gets its provider in an unsaved buffer: no finding, in the header or the badge below it.
        let header = root + "/Views/ProfileHeader.swift"
        let provided = try String(contentsOfFile: header, encoding: .utf8)
            .replacingOccurrences(of: "ProfileHeader() // expect", with: "ProfileHeader().environmentObject(UserSettings()) // expect")
        project.setBuffer(Array(provided.utf8), forAbsolutePath: header)
        project.lint()
        XCTAssertEqual(project.diagnostics, [])
        XCTAssertEqual(project.diagnostics, try fullRun([header: provided]))
        XCTAssertFalse(project.timings.rebuiltIndex)
        XCTAssertEqual(project.timings.parsedFiles, 1)
        XCTAssertTrue(project.timings.ranChecks)
        // The same text again (a save, an undo back to it): parsed, equal facts, no project checks.
        project.setBuffer(Array(provided.utf8), forAbsolutePath: header)
        project.lint()
        XCTAssertEqual(project.timings.parsedFiles, 1)
        XCTAssertFalse(project.timings.ranChecks)
        XCTAssertEqual(project.diagnostics, [])

        // A view shown from two files, edited in both buffers before one lint.
        let badge = root + "/Views/AvatarBadge.swift"
        let badgeText = try String(contentsOfFile: badge, encoding: .utf8).replacingOccurrences(of: "@EnvironmentObject var", with: "@ObservedObject var")
        project.setBuffer(Array(badgeText.utf8), forAbsolutePath: badge)
        project.setBuffer(nil, forAbsolutePath: header)
        project.lint()
        XCTAssertEqual(project.diagnostics, try fullRun([badge: badgeText]))

        // Closed: the file on disk again.
        project.setBuffer(nil, forAbsolutePath: badge)
        project.lint()
        XCTAssertEqual(project.diagnostics, try fullRun())
        // Shown at the reader, where a comment silences it (README, "Partial runs"), as a partial run of the file shows
        // it; files are named by absolute path.
        XCTAssertEqual(project.findings(forAbsolutePath: badge).map(\.span.file), [badge])
        XCTAssertEqual(project.findings(forAbsolutePath: badge), try partialRun(of: badge))
        XCTAssertEqual(project.findings(forAbsolutePath: header), try partialRun(of: header))
    }

    /// What the server keeps between edits (decoded records, what project checks derive from them, subclasses and
    /// views) follows every edit: each step gives the full run's findings.
    func testWhatTheServerKeepsBetweenEditsFollowsTheEdits() throws {
        // The fixture's opt-in rule, and the opt-in rule whose findings follow the subclasses below.
        try write(".flowlint.yml", "opt_in_rules: [missing_environment_object_in_preview, published_without_observable_object]\n")
        try write("Views/Toggles.swift", """
            import SwiftUI
            struct ToggleRow: View { @State var isOn = false; var body: some View { Text("") } }
            class Base { @Published var value = 0 }
            struct BaseValue: View { let base: Base; var body: some View { Text("\\(base.value)") } }
            """)
        let other = root + "/Views/Other.swift"
        try write("Views/Other.swift", "import SwiftUI\nstruct Other: View { var body: some View { Text(\"\") } }\n")
        let project = try load()
        func safeFixes() -> [String] {
            project.diagnostics.filter { $0.ruleID == "non_private_state" }.map { "\($0.fixes.first?.applicability ?? .suggestion)" }
        }
        func check(_ buffers: [String: String], _ note: String, line: UInt = #line) throws {
            for (path, text) in buffers { project.setBuffer(Array(text.utf8), forAbsolutePath: path) }
            project.lint()
            XCTAssertEqual(project.diagnostics, try fullRun(buffers), note, line: line)
        }
        try check([:], "loaded")
        XCTAssertEqual(safeFixes(), ["safe"])
        XCTAssertTrue(project.diagnostics.contains { $0.ruleID == "published_without_observable_object" })
        // Another file passes the label: the fix is no longer safe; then it stops.
        try check([other: "import SwiftUI\nstruct Other: View { var body: some View { ToggleRow(isOn: true) } }\n"], "label passed")
        XCTAssertEqual(safeFixes(), ["suggestion"])
        try check([other: "import SwiftUI\nstruct Other: View { var body: some View { ToggleRow() } }\n"], "label gone")
        XCTAssertEqual(safeFixes(), ["safe"])
        // A subclass that conforms announces the base class's changes: no finding; then the subclass goes.
        try check([other: "import SwiftUI\nfinal class Sub: Base, ObservableObject {}\n"], "observable subclass")
        XCTAssertFalse(project.diagnostics.contains { $0.ruleID == "published_without_observable_object" })
        try check([other: "import SwiftUI\nfinal class Sub: NSObject {}\n"], "subclass gone")
        XCTAssertTrue(project.diagnostics.contains { $0.ruleID == "published_without_observable_object" })
        // A name becomes a view and stops being one (what the environment rules know of views).
        try check([other: "import SwiftUI\nstruct Other: View { @EnvironmentObject var s: UserSettings; var body: some View { Text(\"\") } }\n#Preview { Other() }\n"],
                  "a view that reads an object")
        try check([other: "import SwiftUI\nstruct Other { @EnvironmentObject var s: UserSettings }\n#Preview { Other() }\n"], "not a view")
    }

    /// `non_private_state` reads the uses of unchanged files from an index the server keeps, and those of edited
    /// files as they are now: a use in a file the index holds counts, and so does one that an edit adds or removes.
    func testKeptUsesIndexAndEditedFilesTogetherGiveTheFullRunsFindings() throws {
        try write("Views/Toggles.swift", """
            import SwiftUI
            struct ToggleRow: View { @State var isOn = false; var body: some View { Text("") } }
            struct Switch: View { @State var isOn = false; var body: some View { Text("") } }
            """)
        // In the index from the load: a use of `isOn` after a dot in another file.
        let peek = root + "/Views/Peek.swift"
        try write("Views/Peek.swift", "func peek(_ row: ToggleRow) -> Bool { row.isOn }\n")
        let other = root + "/Views/Other.swift"
        try write("Views/Other.swift", "import SwiftUI\nstruct Other: View { var body: some View { Text(\"\") } }\n")
        let project = try load()
        func findings() -> [Diagnostic] { project.diagnostics.filter { $0.ruleID == "non_private_state" } }
        func fixes() -> [String] { findings().map { "\($0.fixes.first?.applicability ?? .suggestion)" } }
        func check(_ buffers: [String: String], _ note: String, line: UInt = #line) throws {
            for (path, text) in buffers { project.setBuffer(Array(text.utf8), forAbsolutePath: path) }
            project.lint()
            XCTAssertEqual(project.diagnostics, try fullRun(buffers), note, line: line)
        }
        try check([:], "loaded")
        // Both properties are named `isOn`, and the records keep hashes of names: Peek.swift names both.
        XCTAssertEqual(fixes(), ["suggestion", "suggestion"])
        // An edit elsewhere keeps the index; Peek.swift still counts.
        try check([other: "import SwiftUI\nstruct Other: View { var body: some View { Text(\"a\") } }\n"], "edit elsewhere")
        XCTAssertEqual(fixes(), ["suggestion", "suggestion"])
        // The edited file passes ToggleRow's label: read from the file as it is now.
        try check([other: "import SwiftUI\nstruct Other: View { var body: some View { ToggleRow(isOn: true) } }\n"], "label passed")
        XCTAssertTrue(findings().contains { $0.message.contains("'ToggleRow(isOn:)' passes it") })
        // An extension in the edited file names Switch's property: no finding for it.
        try check([other: "import SwiftUI\nextension Switch { func flip() { isOn.toggle() } }\n"], "extended elsewhere")
        XCTAssertEqual(findings().count, 1)
        // Peek.swift stops naming the property and the extension goes: both fixes are safe again.
        try check([peek: "func peek() -> Bool { true }\n", other: "import SwiftUI\n"], "uses gone")
        XCTAssertEqual(fixes(), ["safe", "safe"])
    }

    func testFilesCreatedDeletedAndUnsavedJoinAndLeaveTheProject() throws {
        let project = try load()
        // A new file on disk that provides the object in the preview's place.
        try write("Views/Extra.swift", """
            import SwiftUI
            #Preview { ProfileHeader().environmentObject(UserSettings()) }
            struct Extra: View { @State var count = 0; var body: some View { Text("") } }
            """)
        XCTAssertEqual(project.filesChangedOnDisk([root + "/Views/Extra.swift"], searchAgain: true), [])
        project.lint()
        XCTAssertTrue(project.timings.rebuiltIndex)
        XCTAssertEqual(project.diagnostics, try fullRun())
        XCTAssertTrue(project.diagnostics.contains { $0.ruleID == "non_private_state" })

        // An unsaved file that is not on disk, then closed.
        let unsaved = root + "/Views/Unsaved.swift"
        let text = "import SwiftUI\nstruct Unsaved: View { @State var on = false; var body: some View { Text(\"\") } }\n"
        project.setBuffer(Array(text.utf8), forAbsolutePath: unsaved)
        project.lint()
        XCTAssertEqual(project.diagnostics, try fullRun([unsaved: text]))
        XCTAssertEqual(project.findings(forAbsolutePath: unsaved).map(\.ruleID), ["non_private_state"])
        project.setBuffer(nil, forAbsolutePath: unsaved)
        project.lint()
        XCTAssertFalse(project.contains(absolutePath: unsaved))
        XCTAssertEqual(project.diagnostics, try fullRun())

        // Deleted, and changed on disk.
        try FileManager.default.removeItem(atPath: root + "/Views/Extra.swift")
        _ = project.filesChangedOnDisk([], searchAgain: true)
        project.lint()
        XCTAssertEqual(project.diagnostics, try fullRun())
        try write("Views/ProfileHeader.swift", "import SwiftUI\nstruct ProfileHeader: View { var body: some View { AvatarBadge() } }\n")
        _ = project.filesChangedOnDisk([root + "/Views/ProfileHeader.swift"], searchAgain: false)
        project.lint()
        XCTAssertFalse(project.timings.rebuiltIndex)
        XCTAssertEqual(project.diagnostics, try fullRun())
    }

    /// A buffer opened in the editor whose views broke the environment analysis before issue 23 (a chain of
    /// 20,000 views: a recursion per view; a ladder of 25 views, each showing the next with and without its own
    /// object: 2^25 provided sets) gets the full run's findings.
    func testAnOpenedBufferWithADeepChainAndALadderOfProviders() throws {
        var lines = ["import SwiftUI", "#Preview { Deep0() }"]
        for i in 0..<20_000 { lines.append("struct Deep\(i): View { var body: some View { Deep\(i + 1)() } }") }
        lines.append("struct Deep20000: View { @EnvironmentObject var settings: UserSettings; var body: some View { Text(\"\\(settings.hashValue)\") } }")
        lines.append("#Preview { Rung0() }")
        for i in 0..<25 {
            lines.append("final class Rung\(i)Object: ObservableObject {}")
            lines.append("struct Rung\(i): View { var body: some View { VStack { Rung\(i + 1)(); Rung\(i + 1)().environmentObject(Rung\(i)Object()) } } }")
        }
        lines.append("struct Rung25: View { @EnvironmentObject var first: Rung0Object; var body: some View { Text(\"\\(first.hashValue)\") } }")
        let text = lines.joined(separator: "\n") + "\n"
        let path = root + "/Views/Graphs.swift"
        let project = try load()
        project.setBuffer(Array(text.utf8), forAbsolutePath: path)
        project.lint()
        let previews = project.findings(forAbsolutePath: path).filter { $0.ruleID == "missing_environment_object_in_preview" }
        // A note per view shown and one at the reader.
        XCTAssertEqual(previews.map(\.notes.count), [20_001, 26])
        XCTAssertEqual(project.diagnostics, try fullRun([path: text]))
    }

    func testBuffersThatAreNotTextOrTooLargeGiveNoFacts() throws {
        let project = try load()
        let header = root + "/Views/ProfileHeader.swift"
        XCTAssertEqual(project.setBuffer([0x73, 0x00, 0x74], forAbsolutePath: header), "Views/ProfileHeader.swift: warning: skipped, not a text file")
        project.lint()
        XCTAssertEqual(project.diagnostics, [])
        let huge = [UInt8](repeating: 0x20, count: LiveProject.maximumBufferSize + 1)
        XCTAssertEqual(project.setBuffer(huge, forAbsolutePath: header), "Views/ProfileHeader.swift: warning: skipped, larger than 8 MiB")
        project.setBuffer(nil, forAbsolutePath: header)
        project.lint()
        XCTAssertEqual(project.diagnostics, try fullRun())
        // Excluded files are not linted, even from a buffer.
        let excluded = try Configuration.parse("excluded: [\"Views\"]", path: ".flowlint.yml", rootDirectory: root)
        let narrowed = try XCTUnwrap(LiveProject(root: root, configuration: excluded, cache: .disabled, cancellation: .never))
        narrowed.setBuffer(Array("struct V: View { @State var a = 1 }".utf8), forAbsolutePath: header)
        narrowed.lint()
        XCTAssertFalse(narrowed.contains(absolutePath: header))
        XCTAssertEqual(narrowed.findings(forAbsolutePath: header), [])
    }
}
