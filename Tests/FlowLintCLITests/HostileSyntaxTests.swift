import Foundation
import XCTest

/// Input shaped to break a front end: flat chains tens of thousands of links long (which nest the tree as
/// deep as they are long), prefixes nested a hundred thousand deep, thousands of directives. Each input is
/// generated here, linted and dumped, and must end normally (exit 0 or 1, a complete report) before the hang
/// guard. How fast is measured by Benchmarks/hostile-inputs.py, not here.
final class HostileSyntaxTests: CLITestCase {
    /// A run still going after this long is killed and fails the test: a guard against hangs and quadratic
    /// blowups (the inputs below take a second or two each), not a speed target.
    static let hangGuard: TimeInterval = 60

    /// Lints `source` as `name` with the JSON reporter and returns the run; each of `debug` (`tokens`, `ast`,
    /// `outline`) must dump it too. The file is the only one of its project (the scratch directory): the
    /// previous case's file is removed first, or every later lint would parse it again as project context.
    @discardableResult
    func assertLintsNormally(_ name: String, _ source: String, debug: [String] = [],
                             file: StaticString = #filePath, line: UInt = #line) throws -> Run {
        for old in try FileManager.default.contentsOfDirectory(atPath: directory) where old.hasSuffix(".swift") {
            try FileManager.default.removeItem(atPath: directory + "/" + old)
        }
        try write(name, source)
        let lint = try flowlint(["lint", "--no-cache", "--reporter", "json", name],
                                timeout: Self.hangGuard, file: file, line: line)
        XCTAssertTrue(lint.status == 0 || lint.status == 1, "\(name): exit \(lint.status): \(lint.stderr.prefix(500))",
                      file: file, line: line)
        _ = diagnostics(lint, file: file, line: line)
        for mode in debug {
            let run = try flowlint(["debug", mode, name], timeout: Self.hangGuard, file: file, line: line)
            XCTAssertEqual(run.status, 0, "\(name): debug \(mode): \(run.stderr.prefix(500))", file: file, line: line)
        }
        return lint
    }

    static func repeated(_ s: String, _ n: Int) -> String { String(repeating: s, count: n) }

    static func view(body: String) -> String {
        "import SwiftUI\n\nstruct V: View {\n    var body: some View {\n        \(body)\n    }\n}\n"
    }

    // MARK: Flat chains

    /// `1 + 1 + ...` parsed in quadratic time (400 KB took 4 s) and `debug ast` recursed once per operator;
    /// members, calls, subscripts, `?.`, casts and trailing closures nest one node per link the same way.
    func testFlatChainsLintAndDump() throws {
        let run = try assertLintsNormally("Chain.swift", "let x = 1" + Self.repeated(" + 1", 60_000) + "\n",
                                          debug: ["tokens", "outline"])
        XCTAssertTrue(run.stderr.contains("Linted 1 file"), run.stderr)
        let ast = try flowlint(["debug", "ast", "Chain.swift"], timeout: Self.hangGuard)
        XCTAssertEqual(ast.status, 0, String(ast.stderr.prefix(500)))
        // Past the indentation limit (100 levels) a line says its depth instead of indenting further.
        let capped = Data(("\n" + Self.repeated("  ", 100) + "[60000] binaryExpr ").utf8)
        XCTAssertNotNil(ast.stdoutBytes.range(of: capped), String(ast.stdout.suffix(300)))

        let chains = [
            ("Members.swift", "let x = a" + Self.repeated(".b", 30_000)),
            ("Calls.swift", "let x = f" + Self.repeated("()", 30_000)),
            ("Subscripts.swift", "let x = a" + Self.repeated("[0]", 30_000)),
            ("OptionalChaining.swift", "let x = a" + Self.repeated("?.b", 30_000)),
            ("Casts.swift", "let x = y" + Self.repeated(" as Int", 30_000)),
            ("TrailingClosures.swift", "let x = f" + Self.repeated(" {}", 30_000)),
        ]
        for (name, source) in chains { try assertLintsNormally(name, source + "\n", debug: ["outline"]) }
    }

    // MARK: Types

    /// `some some some ... P` recursed once per prefix in the type parser, without counting toward the depth
    /// limit: 100,000 of them overflowed the stack. Suffixes (`Int???...`) nest the other way and are a loop.
    func testTypePrefixesAndSuffixesAHundredThousandDeep() throws {
        let n = 100_000
        let types = [
            ("Some.swift", "let x: " + Self.repeated("some ", n) + "P = y\n"),
            ("Any.swift", "let x: " + Self.repeated("any ", n) + "P = y\n"),
            ("Each.swift", "func f<each T>(_ t: " + Self.repeated("each ", n) + "T) {}\n"),
            ("Repeat.swift", "let x: " + Self.repeated("repeat ", n) + "T = y\n"),
            ("Suppressed.swift", "struct S: " + Self.repeated("~ ", n / 2) + "Copyable {}\n"),
            ("Attributed.swift", "let f: " + Self.repeated("@A some ", n / 2) + "P = y\n"),
            ("Inout.swift", "func f(a: " + Self.repeated("inout ", n / 2) + "Int) {}\n"),
            ("Borrowing.swift", "func f(a: " + Self.repeated("borrowing @A ", n / 2) + "Int) {}\n"),
            ("Optional.swift", "let x: Int" + Self.repeated("?", n) + " = y\n"),
            ("IUO.swift", "let x: Int" + Self.repeated("!", n) + " = y\n"),
            ("Meta.swift", "let x: Int" + Self.repeated(".Type", n / 4) + " = y\n"),
            ("Arrays.swift", "let x: " + Self.repeated("[", n) + "Int" + Self.repeated("]", n) + " = y\n"),
            ("Generics.swift", "let x: " + Self.repeated("A<", n / 2) + "Int" + Self.repeated(">", n / 2) + " = y\n"),
        ]
        for (name, source) in types { try assertLintsNormally(name, source) }
    }

    // MARK: View bodies

    /// The render walker recursed once per call of a receiver chain and once per operand: a body with about
    /// 12,000 chained modifiers overflowed the stack.
    func testLongChainsInAViewBody() throws {
        let n = 20_000
        let bodies = [
            ("Modifiers.swift", "Text(\"a\")" + Self.repeated(".padding()", n)),
            ("OnAppear.swift", "Text(\"a\")" + Self.repeated(".onAppear {}", n)),
            ("Plus.swift", "Text(\"a\")" + Self.repeated(" + Text(\"a\")", n)),
            ("Providers.swift", "Text(\"a\")" + Self.repeated(".environmentObject(model)", n)),
            ("Overlays.swift", "Text(\"a\")" + Self.repeated(".overlay(Text(\"b\"))", n / 2)),
            ("Members.swift", "self" + Self.repeated(".content", n)),
        ]
        for (name, body) in bodies { try assertLintsNormally(name, Self.view(body: body)) }
    }

    /// Constructions nested fifty thousand deep, each with a labeled argument: the token scan that records
    /// construction labels for `non_private_state`'s fix looked for each call's labels from its `(` to its `)`,
    /// quadratic in the nesting (20,000 took 14 s); it is one pass with a stack of open brackets now.
    func testNestedConstructionsAreScannedOnce() throws {
        let n = 50_000
        try assertLintsNormally("Nested.swift", "let x = " + Self.repeated("Row(title: ", n) + "1" + Self.repeated(")", n) + "\n")
        try assertLintsNormally("Generic.swift", "let x = " + Self.repeated("Row<Int>(", n) + Self.repeated(")", n) + "\n")
    }

    /// Found by the render-walker fuzz target: a class without a name holding a `@Published` crashed the
    /// published_without_observable_object fix (it put the conformance after the name token, which is none).
    func testBrokenDeclarationsWithoutNames() throws {
        try assertLintsNormally("Unnamed.swift", "@MainActor final class@MainActor final class{ @Published var x = 1 }\n")
        try assertLintsNormally("UnnamedStruct.swift", "struct : View { @State var x = 0\n var body: some View { Text(\"\") } }\n")
    }

    /// Each edge of a long chain copies the environment around it, and those copies are bounded: past the
    /// bound an edge is left unjudged, never judged without its environment. With the provider, nothing in the
    /// chain is reported; without it, what can be judged is.
    func testLongChainKeepsItsEnvironmentOrIsNotJudged() throws {
        let declarations = """
            import SwiftUI

            final class Store: ObservableObject { @Published var count = 0 }

            struct ContentView: View {
                @EnvironmentObject var store: Store
                var body: some View { Text(String(describing: store)) }
            }

            struct Badge: View {
                @EnvironmentObject var store: Store
                var body: some View { Text(String(describing: store)) }
            }

            """
        func app(_ chain: String) -> String {
            declarations + "@main\nstruct DemoApp: App {\n    var body: some Scene {\n        WindowGroup {\n            " + chain
                + "\n        }\n    }\n}\n"
        }
        let overlays = Self.repeated(".overlay(Badge())", 20_000)
        let provided = try assertLintsNormally("App.swift", app("ContentView()" + overlays + ".environmentObject(Store())"))
        XCTAssertEqual(diagnostics(provided).filter { $0["rule"] as? String == "missing_environment_object" }.count, 0)

        let missing = try assertLintsNormally("App.swift", app("ContentView()" + overlays))
        let findings = diagnostics(missing).filter { $0["rule"] as? String == "missing_environment_object" }
        XCTAssertFalse(findings.isEmpty, "the chain's first view is judged")
        XCTAssertEqual(missing.status, 1)
    }

    /// Nesting past the parser's depth limit is skipped unread; a provider in it must not turn into "nothing
    /// provides" (a false missing_environment_object).
    func testProviderInsideSkippedNestingIsNotIgnored() throws {
        let source = """
            import SwiftUI

            final class Store: ObservableObject { @Published var count = 0 }

            struct Reader: View {
                @EnvironmentObject var store: Store
                var body: some View { Text(String(describing: store)) }
            }

            struct Root: View {
                var body: some View {
                    \(Self.repeated("VStack { ", 300))Reader().environmentObject(Store())\(Self.repeated(" }", 300))
                }
            }

            """
        let run = try assertLintsNormally("Deep.swift", source)
        XCTAssertEqual(diagnostics(run).filter { $0["rule"] as? String == "missing_environment_object" }.count, 0, run.stdout)
    }

    // MARK: Flat statements and directives

    /// A block of thousands of statements that each look a name up, thousands of bindings or enum cases in one
    /// declaration, and thousands of suppression directives each took quadratic (directives: cubic) time.
    func testFlatStatementsBindingsAndDirectives() throws {
        let n = 3_000
        let rows = Self.repeated("// flowlint:disable foreach_index_id\nForEach(items.indices, id: \\.self) { i in Text(\"a\") }\n", n)
        try assertLintsNormally("Rows.swift", "import SwiftUI\n\nstruct V: View {\n    var items = [1]\n    var body: some View {\n"
                                + "        VStack {\n" + rows + "        }\n    }\n}\n")
        try assertLintsNormally("Bindings.swift", "var a = 1" + Self.repeated(", a = 1", 50_000) + "\n", debug: ["outline"])
        try assertLintsNormally("Cases.swift", "enum E { case a" + Self.repeated(", a", 50_000) + " }\n", debug: ["outline"])
        try assertLintsNormally("Scenes.swift", "import SwiftUI\n\n@main\nstruct A: App {\n    var body: some Scene {\n        WindowGroup {\n"
                                + Self.repeated("ContentView().environmentObject(model)\n", n) + "        }\n    }\n}\n")
    }

    // MARK: Other shapes

    /// What the hostile-input sweep found beyond the attacks above (see Benchmarks/hostile-inputs.py).
    func testOtherGeneratedShapes() throws {
        let n = 20_000
        let shapes = [
            ("PostfixIf.swift", Self.view(body: "Text(\"a\")\n" + Self.repeated("#if A\n.environmentObject(model)\n#endif\n", n / 2))),
            ("HelperProviders.swift", "import SwiftUI\n\nextension View {\n    func provided() -> some View { self"
                + Self.repeated(".environmentObject(Store())", n / 2) + " }\n}\n"),
            ("OpenAngles.swift", "let x = " + Self.repeated("A<", 4 * n) + "\n"),
            ("ForEachOverlays.swift", Self.view(body: "VStack {}" + Self.repeated(".overlay(ForEach(items.indices, id: \\.self) { i in Text(\"a\") })", n / 4))),
            ("IfConfigs.swift", Self.repeated("#if A\n", n) + "let a = 1\n" + Self.repeated("#endif\n", n)),
            ("Interpolations.swift", "let s = " + Self.repeated("\"\\(", n) + "1" + Self.repeated(")\"", n) + "\n"),
            ("Closures.swift", "let x = " + Self.repeated("{ a in ", n) + Self.repeated("}", n) + "\n"),
            ("Tries.swift", "let x = " + Self.repeated("try await ", n) + "f()\n"),
        ]
        for (name, source) in shapes { try assertLintsNormally(name, source) }
    }

    /// With `--jobs 2` and two files, one of them is parsed and walked on a Dispatch worker thread, not the
    /// main thread (on Linux both get the process's stack limit).
    func testHostileFilesOnWorkerThreads() throws {
        try write("A.swift", Self.view(body: "Text(\"a\")" + Self.repeated(".padding()", 20_000)))
        try write("B.swift", "let x: " + Self.repeated("some ", 100_000) + "P = y\n")
        let run = try flowlint(["lint", "--no-cache", "--reporter", "json", "--jobs", "2", "A.swift", "B.swift"],
                               timeout: Self.hangGuard)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("Linted 2 files"), run.stderr)
        _ = diagnostics(run)
    }
}
