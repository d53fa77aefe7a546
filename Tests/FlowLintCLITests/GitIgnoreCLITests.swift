import Foundation
import XCTest

/// Inside a git work tree, what the repository ignores is neither linted nor read as project context, unless
/// it is named on the command line or `--no-ignore-vcs` is given.
final class GitIgnoreCLITests: CLITestCase {
    /// A project whose root view lives in an ignored vendored checkout, next to many ignored files that each
    /// hold a finding.
    func writeProject(ignoredFiles: Int = 200) throws {
        try write(".gitignore", "vendor/\n*.generated.swift\n")
        try write("Sources/Views/Reader.swift", """
            import SwiftUI
            final class Model: ObservableObject {}
            struct Reader: View {
                @EnvironmentObject var model: Model
                var body: some View { Text(String(describing: model)) }
            }
            // A construction besides the root's, so that the reader is shown even when the root is not context.
            func makeReader() -> some View { Reader() }
            """)
        try write("vendor/Checkout/Root.swift", """
            import SwiftUI
            @main
            struct A: App { var body: some Scene { WindowGroup { Reader() } } }
            """)
        for index in 0..<ignoredFiles {
            try write("vendor/Checkout/Generated/File\(index).swift", Self.badView.replacingOccurrences(of: "ContentView", with: "View\(index)")
                .replacingOccurrences(of: "class Store", with: "class Store\(index)").replacingOccurrences(of: "= Store()", with: "= Store\(index)()"))
        }
        try write("Sources/Strings.generated.swift", Self.badView)
    }

    func files(_ run: Run) -> [String] { diagnostics(run).compactMap { $0["file"] as? String } }

    func testAPartialRunDoesNotReadIgnoredFilesAsContext() throws {
        try writeProject()
        // The reader alone: no provider anywhere (one finding). The root that shows it is ignored, so the
        // chain from it is not seen.
        let partial = try flowlint(["lint", "--reporter", "json", "--no-cache", "Sources/Views/Reader.swift"])
        XCTAssertEqual(files(partial), ["Sources/Views/Reader.swift"], partial.stdout)
        XCTAssertEqual(diagnostics(partial).map { $0["rule"] as? String }, ["missing_environment_object"])
        // With the flag, the ignored root is context again: the chain from it is reported at the reader instead.
        let everything = try flowlint(["lint", "--reporter", "json", "--no-cache", "--no-ignore-vcs", "Sources/Views/Reader.swift"])
        XCTAssertEqual(files(everything), ["Sources/Views/Reader.swift"], everything.stdout)
        XCTAssertNotEqual(diagnostics(everything).map { $0["message"] as? String }, diagnostics(partial).map { $0["message"] as? String })
        // The same with a cache, cold then warm.
        let cacheDirectory = NSTemporaryDirectory() + "flowlint-cli-cache-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: cacheDirectory) }
        for _ in 0..<2 {
            let cached = try flowlint(["lint", "--reporter", "json", "--cache-path", cacheDirectory, "Sources/Views/Reader.swift"])
            XCTAssertEqual(files(cached), ["Sources/Views/Reader.swift"], cached.stdout)
        }
    }

    func testIgnoredFilesAreNotLintedUnlessNamed() throws {
        try writeProject(ignoredFiles: 3)
        let full = try flowlint(["lint", "--reporter", "json", "--no-cache", "."])
        XCTAssertEqual(files(full), ["Sources/Views/Reader.swift"], full.stdout)
        XCTAssertTrue(full.stderr.contains("Linted 1 file:"), full.stderr)
        // Named files are linted, as ruff does; a named directory is searched.
        let named = try flowlint(["lint", "--reporter", "json", "--no-cache", "Sources/Strings.generated.swift"])
        XCTAssertEqual(files(named), ["Sources/Strings.generated.swift"], named.stdout)
        let directory = try flowlint(["lint", "--reporter", "json", "--no-cache", "vendor/Checkout/Generated"])
        XCTAssertEqual(Set(files(directory)).count, 3, directory.stdout)
        // The flag lints everything: the three vendored files, the generated one, and the vendored root, which
        // now reaches the reader (so the reader is reported there, not also at its declaration).
        let all = try flowlint(["lint", "--reporter", "json", "--no-cache", "--no-ignore-vcs", "."])
        XCTAssertEqual(Set(files(all)), ["Sources/Strings.generated.swift", "vendor/Checkout/Root.swift",
                                         "vendor/Checkout/Generated/File0.swift", "vendor/Checkout/Generated/File1.swift",
                                         "vendor/Checkout/Generated/File2.swift"], all.stdout)
        XCTAssertTrue(all.stderr.contains("Linted 6 files:"), all.stderr)
    }

    func testOutsideAWorkTreeIgnoreFilesMeanNothing() throws {
        try FileManager.default.removeItem(atPath: directory + "/.git")
        try write(".gitignore", "*.swift\n")
        try write("Sources/ContentView.swift", Self.badView)
        let run = try flowlint(["lint", "--reporter", "json", "--no-cache", "."])
        XCTAssertEqual(files(run), ["Sources/ContentView.swift"], run.stdout)
    }

    func testTheFlagIsDocumentedInHelp() throws {
        let help = try flowlint(["lint", "--help"])
        XCTAssertTrue(help.stdout.contains("--no-ignore-vcs"), help.stdout)
    }
}
