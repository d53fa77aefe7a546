import Foundation
import XCTest

/// `--fix` applies only fixes that cannot break the build. For `non_private_state`: a property becomes
/// `private` only when no construction passes its label, nothing outside its type names it after a `.`, no
/// extension in another file names it, and the author wrote no access modifier. Each case below broke a real
/// app's build before.
final class SafeFixTests: CLITestCase {
    func view(_ name: String, _ property: String, access: String = "", initialValue: String = "false") -> String {
        """
        import SwiftUI

        struct \(name): View {
            @State \(access)var \(property) = \(initialValue)
            var body: some View { Text("\\(\(property))") }
        }

        """
    }

    func testFixedProjectUsesNoFixedPropertyFromOutside() throws {
        try write("App/Views/Unused.swift", view("Unused", "isExpanded"))
        // A caller passes the value through the memberwise initializer.
        try write("App/Views/ToggleRow.swift", view("ToggleRow", "isOn"))
        try write("App/Views/Settings.swift", """
            import SwiftUI

            struct Settings: View {
                var body: some View { Form { ToggleRow(isOn: true) } }
            }

            """)
        // A unit test sets and reads the property.
        try write("App/Views/SearchView.swift", view("SearchView", "searchText", initialValue: "\"\""))
        try write("Tests/SearchViewTests.swift", """
            import XCTest

            final class SearchViewTests: XCTestCase {
                func testQuery() {
                    var view = SearchView()
                    view.searchText = "milk"
                    XCTAssertEqual(view.searchText, "milk")
                }
            }

            """)
        // An extension in another file uses it by its bare name.
        try write("App/Views/Player.swift", view("Player", "isPlaying"))
        try write("App/Views/Player+Controls.swift", """
            import SwiftUI

            extension Player {
                var controls: some View { Button(isPlaying ? "Pause" : "Play") { isPlaying.toggle() } }
            }

            """)
        // An extension in another file that only adds a method (the index keeps no facts of it) uses it too.
        try write("App/Views/Recorder.swift", view("Recorder", "isRecording"))
        try write("App/Views/Recorder+Actions.swift", """
            import SwiftUI

            extension Recorder {
                func stop() { isRecording = false }
            }

            """)
        // The same in a file that says nothing of SwiftUI: its extensions' few names are recorded too (many would
        // be recorded by type only, and the finding left out as well).
        try write("App/Views/Stopwatch.swift", view("Stopwatch", "isTicking"))
        try write("App/Views/Stopwatch+Logic.swift", """
            import Foundation

            extension Stopwatch {
                func stop() { isTicking = false }
            }

            """)
        // An extension in another file that does not name it leaves `private` possible.
        try write("App/Views/Clock.swift", view("Clock", "isRunning"))
        try write("App/Views/Clock+Format.swift", """
            import SwiftUI

            extension Clock {
                static let tickInterval = 1.0
            }

            """)
        // A protocol of the project requires it.
        try write("App/Views/Screen.swift", """
            import SwiftUI

            protocol Screen: View {
                var isLoading: Bool { get }
            }

            struct Home: Screen {
                @State var isLoading = false
                var body: some View { Text("\\(isLoading)") }
            }

            """)
        // The author chose `internal`.
        try write("App/Views/ColorWell.swift", view("ColorWell", "isPicking", access: "internal "))
        // `.init(label:)` with the type left to inference.
        try write("App/Views/Badge.swift", view("Badge", "isNew"))
        try write("App/Views/Shelf.swift", """
            import SwiftUI

            struct Shelf: View {
                var badge: Badge = .init(isNew: true)
                var body: some View { badge }
            }

            """)
        // Another type's `self.isOn` is not a use of ToggleRow's property; a projected value is.
        try write("App/Views/Mirror.swift", view("Mirror", "isMirrored"))
        try write("App/Views/Preview.swift", """
            import SwiftUI

            struct MirrorPreview: View {
                let mirror = Mirror()
                var body: some View { Toggle("Mirror", isOn: mirror.$isMirrored) }
            }

            """)

        let run = try flowlint(["lint", "--fix", "--no-cache", "--reporter", "json"], mayModify: true)
        XCTAssertTrue(run.stderr.contains("Fixed 2 findings in 2 files"), run.stderr)
        XCTAssertTrue(try read("App/Views/Unused.swift").contains("@State private var isExpanded = false"))
        XCTAssertTrue(try read("App/Views/Clock.swift").contains("@State private var isRunning = false"))
        XCTAssertTrue(try read("App/Views/Screen.swift").contains("@State var isLoading = false"))
        for (file, property) in [("ToggleRow", "isOn"), ("SearchView", "searchText"), ("Player", "isPlaying"),
                                 ("Badge", "isNew"), ("Mirror", "isMirrored"), ("Recorder", "isRecording"),
                                 ("Stopwatch", "isTicking")] {
            let source = try read("App/Views/\(file).swift")
            XCTAssertTrue(source.contains("@State var \(property)"), "\(file).\(property) must stay as it was:\n\(source)")
        }
        XCTAssertTrue(try read("App/Views/ColorWell.swift").contains("@State internal var isPicking"))

        // The check, over the fixed project's text: a property made private is named nowhere outside its file.
        let files = try FileManager.default.subpathsOfDirectory(atPath: directory).filter { $0.hasSuffix(".swift") }
        for file in files {
            let source = try read(file)
            for line in source.split(separator: "\n") where line.contains("@State private var ") {
                let name = line.components(separatedBy: "@State private var ")[1].split(separator: " ")[0]
                for other in files where other != file {
                    let text = try read(other)
                    XCTAssertFalse(text.contains(name), "\(name) of \(file) is used in \(other)")
                }
            }
        }
        // What was not fixed is still reported, with its fix as a suggestion; a property a caller passes has no fix
        // (`private` alone would break the caller), and a property the test or the extension in another file
        // uses is not reported (it cannot be private).
        let findings = diagnostics(run).filter { $0["rule"] as? String == "non_private_state" }
        XCTAssertEqual(findings.compactMap { $0["file"] as? String }.sorted(),
                       ["App/Views/Badge.swift", "App/Views/ColorWell.swift", "App/Views/Mirror.swift", "App/Views/ToggleRow.swift"],
                       "\(findings)")
        for finding in findings {
            let fixes = finding["fixes"] as? [[String: Any]] ?? []
            let expected = finding["file"] as? String == "App/Views/ToggleRow.swift" ? [] : ["suggestion"]
            XCTAssertEqual(fixes.map { $0["applicability"] as? String }, expected, "\(finding)")
        }
    }
}
