import XCTest
@testable import FlowLintKit
import FlowLintSyntax

/// `#if` clauses are kept in the facts as written, and decided per build (target and platform) later.
final class CompilationConditionTests: XCTestCase {
    func facts(_ source: String, skipping: Bool = true) -> FileFacts {
        LintEngine.facts(for: LintFile(path: "A.swift", bytes: Array(source.utf8)), skipsInertBodies: skipping)
    }

    let source = """
        import SwiftUI
        #if os(iOS)
        struct A: View {
            #if DEBUG
            @EnvironmentObject var s: S
            #elseif !EXTENSION
            @EnvironmentObject var t: T
            #endif
            var body: some View {
                VStack {
                    #if canImport(UIKit)
                    Home.Row()
                    #else
                    Settings.Row.init()
                    #endif
                }
            }
            func f() {
                #if DEBUG
                print(1)
                #endif
            }
        }
        #endif
        enum Home { struct Row: View { var body: some View { Text("") } } }
        extension Settings { struct Row: View { var body: some View { Text("") } } }
        """

    func testClausesAroundFactsAreKeptInSourceOrder() {
        let facts = facts(source)
        // `#if os(iOS)`, `#if DEBUG`, `#elseif !EXTENSION`, `#if canImport(UIKit)`, `#else`; not the `#if` in `f()`,
        // which no fact lies in (and which a parse that skips `f`'s body does not see).
        XCTAssertEqual(facts.clauses.count, 5)
        XCTAssertEqual(facts.clauses.map(\.parent), [-1, 0, 0, 0, 0])
        XCTAssertEqual(facts.clauses[0].condition?.terms, [.os("iOS")])
        XCTAssertEqual(facts.clauses[2].condition?.terms, [.not, .flag("EXTENSION")])
        XCTAssertEqual(facts.clauses[2].previous, 1)
        XCTAssertEqual(facts.clauses[1].condition?.terms, [.flag("DEBUG")])
        XCTAssertEqual(facts.clauses[1].previous, -1)
        XCTAssertNil(facts.clauses[4].condition)
        XCTAssertEqual(facts.clauses[4].previous, 3)
        XCTAssertEqual(facts.clauses[3].condition?.terms, [.canImport("UIKit")])

        let a = facts.types.first { $0.name == "A" }!
        XCTAssertEqual(a.clause, 0)
        XCTAssertEqual(a.properties.decoded(path: "A.swift").map(\.name), ["s", "t", "body"])
        XCTAssertEqual(a.properties.decoded(path: "A.swift").map(\.clause), [1, 2, 0])
        let body = facts.renderers.first { $0.ownerType == "A" }!
        XCTAssertEqual(body.clause, 0)
        XCTAssertEqual(body.edges.filter { $0.target == .view("Row") }.map(\.clause), [3, 4])
        XCTAssertEqual(body.edges.filter { $0.target == .view("Row") }.map(\.qualifier), ["Home", "Settings"])
        XCTAssertEqual(facts.types.filter { $0.name == "Row" }.map(\.qualifiedName), ["Home.Row", "Settings.Row"])
        XCTAssertNil(facts.types.first { $0.name == "Home" }?.qualifiedName)
    }

    /// `#if !os(watchOS) .onReceive(...) #endif`: the negation stands apart from the modifier after it, and is read
    /// as the clause's condition: an object read only there is not read on watchOS.
    func testANegatedPlatformBeforeAModifierIsTheClausesCondition() {
        let facts = facts("""
            import SwiftUI
            struct Campus: View {
                @EnvironmentObject private var tabs: Tabs
                var body: some View {
                    Text("Campus")
                    #if !os(watchOS)
                    .onReceive(tabs.changes) { _ in }
                    #endif
                }
            }
            """, skipping: false)
        let tabs = facts.types.first { $0.name == "Campus" }!.properties.decoded(path: "A.swift").first { $0.name == "tabs" }!
        XCTAssertEqual(tabs.readPlatforms, Platforms.all.subtracting(.watchOS))
    }

    func testTheClausesDoNotDependOnSkippedBodies() {
        XCTAssertEqual(facts(source, skipping: true), facts(source, skipping: false))
    }

    func testEvaluationPerBuild() {
        let facts = facts(source)
        let iOSDebug = BuildEnvironment(platform: .iOS, conditions: ["DEBUG"], projectModules: [])
        XCTAssertEqual(ConditionalClause.evaluate(facts.clauses, in: iOSDebug), [true, true, false, true, false])
        let widget = BuildEnvironment(platform: .iOS, conditions: ["EXTENSION"], projectModules: [])
        XCTAssertEqual(ConditionalClause.evaluate(facts.clauses, in: widget), [true, false, false, true, false])
        let mac = BuildEnvironment(platform: .macOS, conditions: [], projectModules: [])
        XCTAssertEqual(ConditionalClause.evaluate(facts.clauses, in: mac), [false, false, false, false, false])
        // Without a model nothing but literals is decided.
        XCTAssertEqual(ConditionalClause.evaluate(facts.clauses, in: .unknown), [nil, nil, nil, nil, nil])
    }

    func testThreeValuedLogic() {
        let unknownFlags = BuildEnvironment(platform: .iOS, conditions: nil, projectModules: nil)
        func value(_ condition: String) -> Bool? {
            let tree = Parser.parse(SourceFile(path: "c.swift", bytes: Array("#if \(condition)\n#endif\n".utf8)))
            let context = FileContext(tree: tree, path: "c.swift")
            let clause = Int(context.nodes(.ifConfigClause).first!)
            return CompilationCondition(context.tree.firstChild(clause)!, context).evaluate(in: unknownFlags)
        }
        XCTAssertEqual(value("os(iOS)"), true)
        XCTAssertEqual(value("os(macOS) && DEBUG"), false)
        XCTAssertEqual(value("os(iOS) || DEBUG"), true)
        XCTAssertNil(value("os(iOS) && DEBUG"))
        XCTAssertNil(value("!DEBUG"))
        XCTAssertEqual(value("!(os(watchOS) || os(tvOS))"), true)
        XCTAssertEqual(value("canImport(AppKit)"), false)
        XCTAssertNil(value("canImport(SomePackage)"))
        XCTAssertNil(value("swift(>=5.9)"))
        XCTAssertEqual(value("true && false"), false)
        XCTAssertNil(value("targetEnvironment(macCatalyst)"))
    }

    func testLongConditionsAreReadWithoutRecursion() {
        func evaluate(_ condition: String) -> Bool? {
            let tree = Parser.parse(SourceFile(path: "c.swift", bytes: Array("#if \(condition)\n#endif\n".utf8)))
            let context = FileContext(tree: tree, path: "c.swift")
            let clause = Int(context.nodes(.ifConfigClause).first!)
            return CompilationCondition(context.tree.firstChild(clause)!, context)
                .evaluate(in: BuildEnvironment(platform: .iOS, conditions: ["DEBUG"]))
        }
        // A flat chain of 20,000 operands nests the tree one node per operator.
        XCTAssertEqual(evaluate(Array(repeating: "A", count: 20_000).joined(separator: " || ") + " || DEBUG"), true)
        XCTAssertEqual(evaluate(Array(repeating: "DEBUG", count: 20_000).joined(separator: " && ")), true)
        // Negations past the parser's depth limit are not read (an error node): undecided, not a crash.
        func negated(_ times: Int) -> String { String(repeating: "!(", count: times) + "DEBUG" + String(repeating: ")", count: times) }
        XCTAssertEqual(evaluate(negated(50)), true)
        XCTAssertEqual(evaluate(negated(51)), false)
        XCTAssertNil(evaluate(negated(20_000)))
    }
}
