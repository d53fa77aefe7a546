import Foundation
import XCTest
import FlowLintKit
@testable import flowlint
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// `flowlint explain RULE`: a screenful rendered for a terminal by default, `--full` for the whole document,
/// `--markdown` for its source. Every bundled document is checked, so a document that the renderer cannot
/// handle fails here.
final class ExplainCommandTests: CLITestCase {
    static var rulesDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("rules")
    }

    /// Every rule document in the repository: id and Markdown.
    static func documents() throws -> [(id: String, markdown: String)] {
        try FileManager.default.contentsOfDirectory(atPath: rulesDirectory.path)
            .filter { $0.hasSuffix(".md") }
            .sorted()
            .map { (String($0.dropLast(3)), try String(contentsOf: rulesDirectory.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// What must never reach a terminal: Markdown punctuation and escape sequences.
    func assertRendered(_ output: String, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        for (number, text) in output.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let where_ = "\(context), line \(number + 1): \(text)"
            XCTAssertFalse(text.hasPrefix("#"), where_, file: file, line: line)
            XCTAssertFalse(text.contains("```"), where_, file: file, line: line)
            // Bold markers around words (a `/**` doc comment shown as code is not Markdown).
            XCTAssertNil(text.range(of: #"\*\*[^*\s/][^*]*\*\*"#, options: .regularExpression), where_, file: file, line: line)
            XCTAssertFalse(text.contains("\u{1B}"), where_, file: file, line: line)
            // Backticks are Markdown outside code blocks (code is indented by 6).
            if !text.hasPrefix(String(repeating: " ", count: TerminalMarkdown.codeIndent)) {
                XCTAssertFalse(text.contains("`"), where_, file: file, line: line)
            }
            if !text.hasPrefix(String(repeating: " ", count: TerminalMarkdown.codeIndent)) {  // code is never wrapped
                XCTAssertLessThanOrEqual(text.count, 100, "wider than the page: \(where_)", file: file, line: line)
            }
        }
    }

    func testDefaultIsAScreenfulWithStatementWhyExampleAndConfiguration() throws {
        let documents = try Self.documents()
        XCTAssertGreaterThanOrEqual(documents.count, 6)
        for (id, markdown) in documents {
            let run = try flowlint(["explain", id])
            XCTAssertEqual(run.status, 0, "\(id): \(run.stderr)")
            assertRendered(run.stdout, id)
            let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            XCTAssertLessThanOrEqual(lines.count, 66, "\(id): more than a screenful")
            XCTAssertEqual(lines.first, id)
            for heading in ["Why", "Triggering example (↓ marks where each finding is reported)", "Configuration"] {
                XCTAssertTrue(lines.contains(heading), "\(id): no '\(heading)' heading")
            }
            // The first triggering example, code indented, finding markers kept.
            let document = RuleDocument(markdown: markdown)
            let example = try XCTUnwrap(document.examples.first { $0.triggering && $0.block.section == "Examples" })
            for code in example.block.lines where !code.isEmpty {
                XCTAssertTrue(lines.contains("      " + code), "\(id): example line missing: \(code)")
            }
            // The statement, without its Markdown.
            let firstWords = document.statement.joined(separator: " ").replacingAll("`", with: "").split(separator: " ").prefix(4).joined(separator: " ")
            XCTAssertTrue(run.stdout.contains(firstWords), "\(id): statement '\(firstWords)' missing")
            // How to configure: the configuration's YAML, as it is written.
            XCTAssertTrue(lines.contains("      disabled_rules: [\(id)]"), "\(id): no configuration example")
            XCTAssertTrue(run.stdout.contains("flowlint explain \(id) --full"), id)
            // The other examples and sections are left for --full.
            XCTAssertFalse(lines.contains("What is not flagged"), id)
        }
    }

    func testFullIsTheWholeDocumentRendered() throws {
        for (id, markdown) in try Self.documents() {
            let run = try flowlint(["explain", id, "--full"])
            XCTAssertEqual(run.status, 0, "\(id): \(run.stderr)")
            assertRendered(run.stdout, id + " --full")
            let lines = Set(run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            let document = RuleDocument(markdown: markdown)
            for section in document.sections {
                XCTAssertTrue(lines.contains(section.title), "\(id): section '\(section.title)' missing")
            }
            // Every line of every fenced block, indented.
            for block in document.blocks {
                for code in block.lines where !code.isEmpty {
                    XCTAssertTrue(lines.contains("      " + code), "\(id): code line missing: \(code)")
                }
            }
            XCTAssertGreaterThan(lines.count, try flowlint(["explain", id]).stdout.split(separator: "\n").count, id)
        }
    }

    func testMarkdownIsTheDocumentSource() throws {
        for (id, markdown) in try Self.documents() {
            let run = try flowlint(["explain", id, "--markdown"])
            XCTAssertEqual(run.status, 0)
            XCTAssertEqual(run.stdout, markdown, id)
        }
    }

    func testBadArguments() throws {
        let unknown = try flowlint(["explain", "observed_object_inlin"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stdout, "")
        XCTAssertTrue(unknown.stderr.contains("unknown rule 'observed_object_inlin' (did you mean 'observed_object_inline'?)"), unknown.stderr)
        let both = try flowlint(["explain", "observed_object_inline", "--full", "--markdown"])
        XCTAssertEqual(both.status, 2)
        XCTAssertEqual(both.stdout, "")
    }

    func testWrapsToColumnsWhenNotATerminal() throws {
        let run = try flowlint(["explain", "observed_object_inline"], environment: ["COLUMNS": "60"])
        for line in run.stdout.split(separator: "\n") where !line.hasPrefix("      ") {
            XCTAssertLessThanOrEqual(line.count, 60, String(line))
        }
    }

    /// On a terminal: colors, unless NO_COLOR or --no-color.
    func testColorsOnlyOnATerminal() throws {
        let colored = try runOnTerminal(["explain", "observed_object_inline"])
        XCTAssertTrue(colored.contains("\u{1B}[1mWhy\u{1B}[0m"), colored)
        XCTAssertTrue(colored.contains("\u{1B}[1;31m↓\u{1B}[0m@ObservedObject"), colored)
        XCTAssertFalse(try runOnTerminal(["explain", "observed_object_inline"], environment: ["NO_COLOR": "1"]).contains("\u{1B}"))
        XCTAssertFalse(try runOnTerminal(["explain", "observed_object_inline", "--no-color"]).contains("\u{1B}"))
    }

    /// Runs flowlint with standard output on a pseudo-terminal; returns what it printed.
    func runOnTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let binary = try XCTUnwrap(Self.binary, "flowlint binary not found next to the tests (a broken build, not a reason to skip)")
        // posix_openpt and friends are POSIX but not exported by Swift's Glibc module: looked up at run time.
        func function<T>(_ name: String, as type: T.Type) throws -> T {
            let handle = dlopen(nil, RTLD_NOW)
            let symbol = try XCTUnwrap(dlsym(handle, name), "\(name) not found")
            return unsafeBitCast(symbol, to: type)
        }
        typealias IntFunction = @convention(c) (Int32) -> Int32
        let master = try function("posix_openpt", as: IntFunction.self)(O_RDWR | O_NOCTTY)
        XCTAssertGreaterThanOrEqual(master, 0)
        defer { close(master) }
        XCTAssertEqual(try function("grantpt", as: IntFunction.self)(master), 0)
        XCTAssertEqual(try function("unlockpt", as: IntFunction.self)(master), 0)
        let name = try XCTUnwrap(try function("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)(master))
        let slavePath = String(cString: name)
        let slave = try FileHandle(forWritingTo: URL(fileURLWithPath: slavePath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        env["COLUMNS"] = "100"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = slave
        process.standardError = FileHandle.nullDevice
        // Read while it writes: a terminal's buffer is small. The reader owns the data until it finishes.
        final class Output: @unchecked Sendable { var data = Data() }
        let output = Output()
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                #if canImport(Glibc)
                let count = Glibc.read(master, &buffer, buffer.count)
                #else
                let count = Darwin.read(master, &buffer, buffer.count)
                #endif
                if count <= 0 { break }
                output.data.append(contentsOf: buffer[0..<count])
            }
        }
        try process.run()
        reader.start()
        process.waitUntilExit()
        try slave.close()
        while !reader.isFinished { usleep(10_000) }
        XCTAssertEqual(process.terminationStatus, 0)
        // A terminal turns "\n" into "\r\n".
        return String(decoding: output.data, as: UTF8.self).replacingAll("\r\n", with: "\n")
    }
}

/// The parts of the renderer the bundled documents do not exercise yet.
final class RuleDocumentViewTests: XCTestCase {
    static let document = """
        # sample_rule

        **Severity:** warning · **Enabled by default:** yes · **Fix:** safe: makes it `private`

        A *sample* rule: `@State` must be private.

        ## Why

        First paragraph of why,
        on two lines.

        Second paragraph, not in the summary.

        ## Fix

        Make it private:

        ```swift
        @State private var on = false
        ```

        ## Configuration

        ```yaml
        disabled_rules: [sample_rule]
        ```

        ## Examples

        ### Triggering

        A public one:

        ```swift triggering
        struct V: View { ↓@State var on = false }
        ```

        ```text output
        Example.swift:1:18: warning: make it private (sample_rule)
        ```

        ```swift fixed
        struct V: View { @State private var on = false }
        ```

        Another one:

        ```swift triggering
        struct W: View { ↓@State var off = true }
        ```

        """

    func testSummaryTakesTheFirstExampleWithItsOutputAndFixedForm() {
        let summary = RuleDocument(markdown: Self.document).summary(ruleID: "sample_rule")
        XCTAssertTrue(summary.contains("struct V: View { ↓@State var on = false }"))
        XCTAssertTrue(summary.contains("```text output\nExample.swift:1:18: warning: make it private (sample_rule)\n```"))
        XCTAssertTrue(summary.contains("```swift fixed\nstruct V: View { @State private var on = false }\n```"))
        XCTAssertFalse(summary.contains("struct W"))
        XCTAssertTrue(summary.contains("First paragraph of why,\non two lines."))
        XCTAssertFalse(summary.contains("Second paragraph"))
        // The fixed form shows the fix: the Fix section is left out.
        XCTAssertFalse(summary.contains("Make it private:"))

        let rendered = TerminalMarkdown(color: false, width: 100).render(summary)
        XCTAssertTrue(rendered.contains("  FlowLint reports:\n\n      Example.swift:1:18: warning: make it private (sample_rule)\n"), rendered)
        XCTAssertTrue(rendered.contains("  After flowlint lint --fix:\n\n      struct V: View { @State private var on = false }\n"), rendered)
    }

    func testSummaryWithoutAFixedFormShowsHowToFix() {
        let withoutFixed = Self.document.replacingAll("```swift fixed\nstruct V: View { @State private var on = false }\n```\n", with: "")
        let summary = RuleDocument(markdown: withoutFixed).summary(ruleID: "sample_rule")
        XCTAssertTrue(summary.contains("## Fix\n\nMake it private:\n\n```swift\n@State private var on = false\n```"), summary)
    }

    func testLeadInsBelongToTheirBlocks() {
        let examples = RuleDocument(markdown: Self.document).blocks.filter { $0.section == "Examples" }
        XCTAssertEqual(examples.map(\.info), ["swift triggering", "text output", "swift fixed", "swift triggering"])
        XCTAssertEqual(examples.map(\.leadIn), [["A public one:"], [], [], ["Another one:"]])
    }

    /// The examples of a `Test cases` section are for the harness: the screenful never shows one, even when
    /// the `Examples` section has no triggering example; `--full` renders them with the rest.
    func testSummaryLeavesTestCasesOut() {
        let testCases = """

            ## Test cases

            ```swift triggering
            struct HiddenCase: View { ↓@State var hidden = false }
            ```

            """
        let withTestCases = Self.document + testCases
        XCTAssertEqual(RuleDocument(markdown: withTestCases).examples.map(\.isTestCase), [false, false, true])
        let summary = RuleDocument(markdown: withTestCases).summary(ruleID: "sample_rule")
        XCTAssertTrue(summary.contains("struct V: View"), summary)
        XCTAssertFalse(summary.contains("HiddenCase"), summary)

        let onlyTestCases = Self.document.replacingAll("```swift triggering", with: "```swift non-triggering") + testCases
        let bare = RuleDocument(markdown: onlyTestCases).summary(ruleID: "sample_rule")
        XCTAssertFalse(bare.contains("Triggering example"), bare)
        XCTAssertFalse(bare.contains("HiddenCase"), bare)

        let full = TerminalMarkdown(color: false, width: 100).render(withTestCases)
        XCTAssertTrue(full.contains("Test cases\n"), full)
        XCTAssertTrue(full.contains("      struct HiddenCase: View { ↓@State var hidden = false }"), full)
    }

    func testInlineMarkdownAndWrapping() {
        let plain = TerminalMarkdown(color: false, width: 30)
        XCTAssertEqual(plain.render("A `code span`, **bold**, *emphasis*, [a link](https://example.com) and \\*stars\\*."),
                       "  A code span, bold, emphasis,\n  a link (https://example.com)\n  and *stars*.\n")
        XCTAssertEqual(plain.render("- one item that wraps onto a second line\n  continued\n1. numbered"),
                       "  • one item that wraps onto a\n    second line continued\n  1. numbered\n")
        XCTAssertEqual(plain.render("averyveryveryverylongwordthatdoesnotfit here"), "  averyveryveryverylongwordthatdoesnotfit\n  here\n")
        XCTAssertEqual(plain.render("Two `` `ticks` `` here"), "  Two `ticks` here\n")
    }

    func testColorsWhenAsked() {
        let colored = TerminalMarkdown(color: true, width: 100)
        let output = colored.render("## Fix\n\nUse `@StateObject`.\n\n```swift triggering\n↓@ObservedObject var m = M()\n```\n\n```swift\n// ↓ stays\n```\n")
        XCTAssertEqual(output, """
            \u{1B}[1mFix\u{1B}[0m
              Use \u{1B}[36m@StateObject\u{1B}[0m.

                  \u{1B}[1;31m↓\u{1B}[0m@ObservedObject var m = M()

                  // ↓ stays

            """)
    }
}
