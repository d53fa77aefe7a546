import Foundation
import XCTest

/// `flowlint graph`: the view tree of a fixture compared exactly with the checked-in picture (re-bless with
/// `FLOWLINT_BLESS=1 swift test --filter GraphCommandTests`), and the options' errors.
final class GraphCommandTests: CLITestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Expected")

    func testFixtureGraphMatchesTheCheckedInPicture() throws {
        let bless = ProcessInfo.processInfo.environment["FLOWLINT_BLESS"] == "1"
        let fixture = Self.repository.appendingPathComponent("Fixtures/SharedSettings").path
        for (format, suffix) in [("dot", "dot"), ("mermaid", "mmd")] {
            let run = try flowlint(["graph", "--no-cache", "--format", format], in: fixture)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(run.stderr, "")
            let file = Self.expected.appendingPathComponent("graph-SharedSettings.\(suffix)")
            if bless {
                try run.stdoutBytes.write(to: file)
                continue
            }
            XCTAssertEqual(run.stdout, try String(contentsOf: file, encoding: .utf8), "\(format); bless with FLOWLINT_BLESS=1")
        }
        // The same picture whether the path is given or the working directory is the project.
        let fromOutside = try flowlint(["graph", "--no-cache", fixture])
        let inside = try flowlint(["graph", "--no-cache"], in: fixture)
        XCTAssertEqual(fromOutside.stdout, inside.stdout)
    }

    func testMissingObjectsAreMarkedAtTheReaderAndUnjudgedEdgesDashed() throws {
        try write("App.swift", """
            import SwiftUI
            final class Settings: ObservableObject {}
            final class Theme: ObservableObject {}
            @main struct NotesApp: App {
                @StateObject private var settings = Settings()
                var body: some Scene {
                    WindowGroup { Home().environmentObject(settings) }
                }
            }
            struct Home: View {
                var body: some View {
                    let badge = Badge()
                    VStack { Badge(); badge }
                }
            }
            struct Badge: View {
                @EnvironmentObject var settings: Settings
                @EnvironmentObject var theme: Theme
                var body: some View { Text("\\(settings.hashValue) \\(theme.hashValue)") }
            }
            """)
        let run = try flowlint(["graph", "--no-cache", "--format", "dot"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(lines.contains("\"n0\" [label=\"NotesApp\", tooltip=\"App.swift:7\", shape=doubleoctagon];"), run.stdout)
        XCTAssertTrue(lines.contains(
            "\"n1\" [label=\"Badge\\nreads Settings, Theme\\nMISSING Theme from NotesApp\", tooltip=\"App.swift\", color=red, fontcolor=red, penwidth=2];"),
            run.stdout)
        XCTAssertTrue(lines.contains("\"n0\" -> \"n2\" [label=\"provides Settings\"];"), run.stdout)
        XCTAssertTrue(lines.contains("\"n2\" -> \"n1\";"), run.stdout)
        XCTAssertTrue(lines.contains("\"n2\" -> \"n1\" [style=dashed];"), run.stdout)

        let onlyBadge = try flowlint(["graph", "--no-cache", "--root", "Badge", "--format", "mermaid"])
        XCTAssertEqual(onlyBadge.status, 0)
        XCTAssertEqual(onlyBadge.stdout.split(separator: "\n").filter { $0.contains("[\"") }.count, 1, onlyBadge.stdout)
    }

    /// `--root` keeps what the root shows and marks only what that root misses: the app provides what the
    /// `#Preview` of `ProfileHeader` does not, so under the app nothing is red; under a view, only what the
    /// roots miss through it is.
    func testRootLimitsTheMissingObjectsToWhatThatRootMisses() throws {
        try copyFixture("SharedSettings")
        let whole = try flowlint(["graph", "--no-cache", "--format", "mermaid"])
        XCTAssertTrue(whole.stdout.contains("MISSING UserSettings from #35;Preview at ProfileHeader.swift:18"), whole.stdout)
        let app = try flowlint(["graph", "--no-cache", "--format", "mermaid", "--root", "SharedSettingsApp"])
        XCTAssertEqual(app.stdout, """
            flowchart TB
                n0{{"SharedSettingsApp"}}
                n1["AvatarBadge<br/>reads UserSettings"]
                n2["ProfileHeader"]
                n3["ProfileView"]
                n4["SettingsForm<br/>reads UserSettings"]
                n0 -->|"provides UserSettings"| n3
                n2 --> n1
                n3 --> n2
                n3 ==>|"sheet"| n4
                n4 --> n1

            """)
        let header = try flowlint(["graph", "--no-cache", "--format", "mermaid", "--root", "ProfileHeader"])
        XCTAssertTrue(header.stdout.contains("n0[\"AvatarBadge<br/>reads UserSettings<br/>MISSING UserSettings from #35;Preview at ProfileHeader.swift:18\"]"),
                      header.stdout)
        let profile = try flowlint(["graph", "--no-cache", "--format", "mermaid", "--root", "ProfileView"])
        XCTAssertFalse(profile.stdout.contains("MISSING"), profile.stdout)
        XCTAssertTrue(profile.stdout.contains("AvatarBadge"), profile.stdout)
    }

    /// An App whose body is made of its own `Scene` types and of scene members: the app shows the scenes, the
    /// scenes show their windows' views (a scene built from scenes too), a member's views are the app's, and
    /// `Settings { ... }` in a scene's body is SwiftUI's scene, not the project's view of that name. Shared
    /// instances are providers of their type: `.environmentObject(Store.shared)`, and a property initialized
    /// from `Account.current`.
    func testCustomScenesAndSingletonProvidersAreDrawn() throws {
        try write("App.swift", """
            import SwiftUI
            import Observation
            final class Store: ObservableObject {
                static let shared = Store()
            }
            @Observable final class Account {
                static let current = Account()
            }
            final class Prefs: ObservableObject {}
            @main struct NotesApp: App {
                @State private var account = Account.current
                var body: some Scene {
                    MainScene()
                        .environment(account)
                    toolsWindow
                }
                private var toolsWindow: some Scene {
                    Window("Tools", id: "tools") { ToolsView() }
                }
            }
            struct MainScene: Scene {
                var body: some Scene {
                    WindowGroup { ContentView().environmentObject(Store.shared) }
                    PrefsScene()
                }
            }
            struct PrefsScene: Scene {
                var body: some Scene {
                    Settings { PrefsView() }
                }
            }
            struct Settings: View {
                @EnvironmentObject var prefs: Prefs
                var body: some View { Text("\\(prefs)") }
            }
            struct ContentView: View {
                @EnvironmentObject var store: Store
                @Environment(Account.self) private var account
                var body: some View { Text("\\(store)") }
            }
            struct ToolsView: View {
                @EnvironmentObject var store: Store
                var body: some View { Text("\\(store)") }
            }
            struct PrefsView: View {
                @EnvironmentObject var prefs: Prefs
                var body: some View { Text("\\(prefs)") }
            }
            """)
        let run = try flowlint(["graph", "--no-cache"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, #"""
            digraph flowlint {
                rankdir=TB;
                pack=true;
                node [shape=box, fontname="Helvetica"];
                edge [fontname="Helvetica", fontsize=10];
                "n0" [label="NotesApp", tooltip="App.swift:13", shape=doubleoctagon];
                "n1" [label="MainScene", tooltip="App.swift", style=rounded];
                "n2" [label="PrefsScene", tooltip="App.swift", style=rounded];
                "n3" [label="ContentView\nreads Account, Store", tooltip="App.swift"];
                "n4" [label="PrefsView\nreads Prefs\nMISSING Prefs from NotesApp", tooltip="App.swift", color=red, fontcolor=red, penwidth=2];
                "n5" [label="Settings\nreads Prefs", tooltip="App.swift"];
                "n6" [label="ToolsView\nreads Store\nMISSING Store from NotesApp", tooltip="App.swift", color=red, fontcolor=red, penwidth=2];
                "n0" -> "n1" [label="provides Account"];
                "n0" -> "n6";
                "n1" -> "n2";
                "n1" -> "n3" [label="provides Store"];
                "n2" -> "n4";
            }

            """#)
        // The rule sees what the picture shows.
        let lint = try flowlint(["lint", "--no-cache"])
        XCTAssertTrue(lint.stdout.contains("App.swift:13:9: error: 'MainScene' is shown here without a 'Prefs' in its environment; "
            + "'PrefsView' below it reads one and crashes (MainScene -> PrefsScene -> PrefsView needs Prefs)"), lint.stdout)
        XCTAssertTrue(lint.stdout.contains("App.swift:18:40: error: 'ToolsView' is shown here without a 'Store'"), lint.stdout)
        XCTAssertFalse(lint.stdout.contains("'ContentView'"), lint.stdout)
    }

    /// An App's scenes declared in an extension in another file (the body names them only): followed, as the
    /// scene members of the App's own declaration are.
    func testAppScenesDeclaredInAnotherFileAreFollowed() throws {
        try write("App.swift", """
            import SwiftUI
            final class Store: ObservableObject { @Published var count = 0 }
            @main struct NotesApp: App {
                @StateObject private var store = Store()
                var body: some Scene {
                    mainWindow
                        .environmentObject(store)
                    helpWindow
                }
            }
            struct ContentView: View {
                @EnvironmentObject var store: Store
                var body: some View { Text("\\(store)") }
            }
            """)
        try write("NotesApp+Scenes.swift", """
            import SwiftUI
            extension NotesApp {
                var mainWindow: some Scene {
                    WindowGroup { ContentView() }
                }
                @SceneBuilder var helpWindow: some Scene {
                    Window("Help", id: "help") { ContentView() }
                }
            }
            """)
        let run = try flowlint(["graph", "--no-cache", "--format", "mermaid"])
        XCTAssertEqual(run.stdout, """
            flowchart TB
                n0{{"NotesApp"}}
                n1["ContentView<br/>reads Store<br/>MISSING Store from NotesApp"]
                n0 --> n1
                n0 -->|"provides Store"| n1
                classDef missing stroke:#d00,stroke-width:2px,color:#d00
                class n1 missing

            """)
        let lint = try flowlint(["lint", "--no-cache"])
        XCTAssertEqual(lint.stdout, """
            NotesApp+Scenes.swift:7:38: error: 'ContentView' is shown here without a 'Store' in its environment, and it reads one: it crashes (ContentView needs Store) (missing_environment_object)
            App.swift:12:5: note: 'ContentView' reads 'Store' here

            """)
    }

    /// Nested views that share a name are two nodes, named as the findings name them; two views of different
    /// modules that share a name are labelled with their modules.
    func testNestedAndSameNamedViewsAreTwoNodes() throws {
        try copyFixture("NestedNames")
        let nested = try flowlint(["graph", "--no-cache", "--format", "mermaid"])
        XCTAssertEqual(nested.stdout, """
            flowchart TB
                n0{{"PlannerApp"}}
                n1["Home.RootView<br/>reads Feed"]
                n2["Settings.RootView<br/>reads Preferences<br/>MISSING Preferences from PlannerApp"]
                n0 -->|"provides Feed"| n1
                n0 --> n2
                classDef missing stroke:#d00,stroke-width:2px,color:#d00
                class n2 missing

            """)
        let onlySettings = try flowlint(["graph", "--no-cache", "--format", "mermaid", "--root", "Settings.RootView"])
        XCTAssertEqual(onlySettings.stdout.split(separator: "\n").filter { $0.contains("[\"") },
                       ["    n0[\"Settings.RootView<br/>reads Preferences<br/>MISSING Preferences from PlannerApp\"]"], onlySettings.stdout)
    }

    func testViewsOfTwoModulesWithOneNameAreLabelledWithTheirModules() throws {
        try copyFixture("WorkspaceWithPackage")
        let run = try flowlint(["graph", "--no-cache", "--format", "mermaid"])
        XCTAssertEqual(run.stdout, """
            flowchart TB
                n0{{"StoreApp"}}
                n1["Catalog.ContentView"]
                n2["CatalogScreen<br/>reads Cart"]
                n3["Store.ContentView<br/>reads Catalog<br/>MISSING Catalog from StoreApp"]
                n0 -->|"provides Cart"| n3
                n1 --> n2
                classDef missing stroke:#d00,stroke-width:2px,color:#d00
                class n3 missing

            """)
    }

    /// A phone app and a Mac app share a view whose toolbar is Mac-only: the picture draws the toolbar where the
    /// Mac build compiles it, not under the phone app, and marks only what the builds miss; without the
    /// targets, every file is judged for every platform, as `flowlint lint --no-targets` judges it.
    func testAnEdgeIsDrawnOnlyWhereABuildCompilesIt() throws {
        try copyFixture("TwoPlatformNotes")
        let phone = try flowlint(["graph", "--no-cache", "--format", "mermaid", "--root", "NotesApp"])
        XCTAssertEqual(phone.stdout, """
            flowchart TB
                n0{{"NotesApp"}}
                n1["ContentView<br/>reads NoteStore"]
                n0 -->|"provides NoteStore"| n1

            """)
        let whole = try flowlint(["graph", "--no-cache", "--format", "mermaid"])
        XCTAssertTrue(whole.stdout.contains("n2 --> n3"), whole.stdout)  // ContentView -> MacToolbar, in the Mac build
        XCTAssertTrue(whole.stdout.contains("[\"MacToolbar<br/>reads MacPreferences\"]"), whole.stdout)
        let everyPlatform = try flowlint(["graph", "--no-cache", "--format", "mermaid", "--no-targets"])
        XCTAssertTrue(everyPlatform.stdout.contains("MISSING MacPreferences from NotesApp"), everyPlatform.stdout)
    }

    /// A package built for iOS only: a construction under `#if os(macOS)` is compiled by no build, and drawn only
    /// when the targets are not read.
    func testAConstructionNoBuildCompilesIsNotDrawn() throws {
        try write("Phone/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Phone", platforms: [.iOS(.v17)], targets: [.executableTarget(name: "Phone")])
            """)
        try write("Phone/Sources/Phone/Views.swift", """
            import SwiftUI
            struct Home: View {
                var body: some View {
                    VStack {
                        #if os(macOS)
                        MacOnly()
                        #endif
                        Text("")
                    }
                }
            }
            struct MacOnly: View {
                var body: some View { Text("") }
            }
            """)
        let package = try flowlint(["graph", "--no-cache", "--format", "mermaid", "Phone"])
        XCTAssertTrue(package.stdout.contains("[\"MacOnly\"]"), package.stdout)
        XCTAssertFalse(package.stdout.contains("-->"), package.stdout)
        let unknownBuilds = try flowlint(["graph", "--no-cache", "--format", "mermaid", "--no-targets", "Phone"])
        XCTAssertTrue(unknownBuilds.stdout.contains("-->"), unknownBuilds.stdout)
    }

    /// Type names (raw identifiers in backticks, which swiftc accepts) and file names are text in a label or
    /// tooltip, escaped one Unicode scalar at a time: a `"` followed by a combining mark (one `Character`) closed the
    /// DOT label and added a `URL=<javascript:...>` attribute that `dot -Tsvg` turned into a link; a newline in
    /// a file name started a Mermaid statement, and ESC and BEL reached the terminal.
    func testProjectTextNeverBecomesDOTOrMermaidSyntax() throws {
        let mark = "\u{301}"  // COMBINING ACUTE ACCENT: `"` and the mark are one Character
        let object = #"`S"\#(mark)=1, URL=<javascript:alert(1)>, \#(mark)="\#(mark)`"#
        try write("App.swift", #"""
            import SwiftUI
            final class \#(object): ObservableObject {}
            @main struct MyApp: App {
                @StateObject private var s = \#(object)()
                var body: some Scene { WindowGroup { B().environmentObject(s) } }
            }
            struct B: View {
                @EnvironmentObject var s: \#(object)
                var body: some View { Text("\(s)") }
            }
            #Preview { B() }
            struct `b\\N<x>|;#`: View {
                var body: some View { Text("") }
            }
            """#)
        try write("v\n  click n0 \"javascript:alert(4)\"\n\u{1B}[31m\u{7}\u{202E}.swift",
                  "import SwiftUI\nstruct V: View {\n    var body: some View { Text(\"\") }\n}\n")

        let dot = try flowlint(["graph", "--no-cache", "--format", "dot"])
        XCTAssertEqual(dot.status, 0, dot.stderr)
        let dotObject = #"S\"\#(mark)=1, URL=<javascript:alert(1)>, \#(mark)=\"\#(mark)"#
        XCTAssertEqual(dot.stdout, #"""
            digraph flowlint {
                rankdir=TB;
                pack=true;
                node [shape=box, fontname="Helvetica"];
                edge [fontname="Helvetica", fontsize=10];
                "n0" [label="MyApp", tooltip="App.swift:5", shape=doubleoctagon];
                "n1" [label="#Preview\nApp.swift:11", tooltip="App.swift:11", shape=octagon];
                "n2" [label="B\nreads \#(dotObject)\nMISSING \#(dotObject) from #Preview at App.swift:11", tooltip="App.swift", color=red, fontcolor=red, penwidth=2];
                "n3" [label="V", tooltip="v\\n  click n0 \"javascript:alert(4)\"\\n\\u{1B}[31m\\u{7}\\u{202E}.swift"];
                "n4" [label="b\\\\N<x>|;#", tooltip="App.swift"];
                "n0" -> "n2" [label="provides \#(dotObject)"];
                "n1" -> "n2";
            }

            """#)

        let mermaid = try flowlint(["graph", "--no-cache", "--format", "mermaid"])
        XCTAssertEqual(mermaid.status, 0, mermaid.stderr)
        let mermaidObject = #"S#34;\#(mark)=1, URL=#60;javascript:alert(1)#62;, \#(mark)=#34;\#(mark)"#
        XCTAssertEqual(mermaid.stdout, #"""
            flowchart TB
                n0{{"MyApp"}}
                n1(["#35;Preview<br/>App.swift:11"])
                n2["B<br/>reads \#(mermaidObject)<br/>MISSING \#(mermaidObject) from #35;Preview at App.swift:11"]
                n3["V"]
                n4["b\\N#60;x#62;#124;#59;#35;"]
                n0 -->|"provides \#(mermaidObject)"| n2
                n1 --> n2
                classDef missing stroke:#d00,stroke-width:2px,color:#d00
                class n2 missing

            """#)
        // A `#Preview`'s label has the file's name, with the same escaping.
        try write("#x\n;.swift", "import SwiftUI\n#Preview { V() }\n")
        let named = try flowlint(["graph", "--no-cache", "--format", "mermaid"])
        XCTAssertTrue(named.stdout.contains("n1([\"#35;Preview<br/>#35;x\\n#59;.swift:2\"])"), named.stdout)
        for run in [dot, mermaid, named] {
            XCTAssertFalse(run.stdoutBytes.contains { $0 < 0x20 && $0 != 0x0A }, "a raw control character in \(run.stdout)")
        }
    }

    func testUsageErrorsExitTwo() throws {
        try write("V.swift", "import SwiftUI\nstruct V: View { var body: some View { Text(\"\") } }\n")
        let unknownRoot = try flowlint(["graph", "--root", "Nothing"])
        XCTAssertEqual(unknownRoot.status, 2)
        XCTAssertEqual(unknownRoot.stderr, "error: no app, preview provider or view named 'Nothing' in the project\n")
        let format = try flowlint(["graph", "--format", "svg"])
        XCTAssertEqual(format.status, 2)
        XCTAssertTrue(format.stderr.contains("unknown format 'svg'; use one of: dot, mermaid"), format.stderr)
        let missing = try flowlint(["graph", "Missing"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: no such file or directory: Missing\n")
    }
}
