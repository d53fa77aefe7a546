import XCTest
@testable import FlowLintSyntax

final class ParserTests: XCTestCase {
    func parse(_ s: String) -> SyntaxTree { Parser.parse(SourceFile(path: "t.swift", text: s)) }

    func outline(_ s: String) -> [String] { parse(s).outline().map(\.description) }

    /// Node kinds in pre-order, for compact structural assertions.
    func kinds(_ s: String, under kind: NodeKind? = nil) -> [NodeKind] {
        let tree = parse(s)
        return tree.nodes.map(\.kind).filter { $0 != .sourceFile }
    }

    func testDeclarationsOutline() {
        let src = """
            import SwiftUI
            import struct Foundation.Date
            @MainActor
            final class Store: ObservableObject {
                @Published var items: [Int] = [], count = 0
                static let shared = Store()
                init() {}
                deinit {}
                subscript(i: Int) -> Int { items[i] }
                func add(_ x: Int) async throws -> Int { let local = 1; return local }
                typealias ID = Int
            }
            enum E: Int { case a = 1, b; indirect case c(E) }
            protocol P { associatedtype T: Hashable; func f() }
            extension Array where Element == Int { static func == (a: Self, b: Self) -> Bool { true } }
            actor A { nonisolated let x = 1 }
            let (p, q) = (1, 2)
            #Preview("x") { Text("") }
            """
        XCTAssertEqual(outline(src), [
            "1: import SwiftUI", "2: import Foundation.Date", "3: class Store @MainActor", "5: var items @Published",
            "5: var count @Published", "6: let shared", "7: init init", "8: deinit deinit", "9: subscript subscript",
            "10: func add", "11: typealias ID", "13: enum E", "13: case a", "13: case b", "13: case c", "14: protocol P",
            "14: associatedtype T", "14: func f", "15: extension Array", "15: func ==", "16: actor A", "16: let x",
            "17: let p", "17: let q", "18: #macro Preview",
        ])
    }

    func testPropertyWrapperShapes() {
        let tree = parse("struct V: View { @ObservedObject var s: Store = Store.init(x: 1) }")
        let decl = tree.nodes.firstIndex { $0.kind == .variableDecl }!
        XCTAssertEqual(tree.name(tree.child(decl, .attribute)!), "ObservedObject")
        let binding = tree.child(decl, .patternBinding)!
        XCTAssertEqual(tree.compactText(tree.child(binding, .typeAnnotation)!), ":Store")
        let initializer = tree.child(binding, .initializerClause)!
        let call = tree.firstChild(initializer)!
        XCTAssertEqual(tree.kind(call), .callExpr)
        XCTAssertEqual(tree.kind(tree.firstChild(call)!), .memberAccessExpr)
        XCTAssertEqual(tree.name(tree.firstChild(call)!), "init")
    }

    func testModifierChainsAcrossLinesAndTrailingClosures() {
        let tree = parse("""
            var body: some View {
                Button {
                    go()
                } label: {
                    Text("x")
                }
                .sheet(isPresented: $shown) { Detail() }
                .environmentObject(settings)
            }
            """)
        let trailing = tree.nodes.filter { $0.kind == .trailingClosure }
        XCTAssertEqual(trailing.count, 3)
        let members = tree.nodes.indices.filter { tree.kind($0) == .memberAccessExpr }.compactMap { tree.name($0) }
        XCTAssertEqual(members, ["environmentObject", "sheet"])
    }

    func testConditionsDoNotTakeTrailingClosures() {
        let tree = parse("if let x = foo, x > 1 { bar() } else if y { } else { }\nfor i in xs where i > 0 { }\nguard a else { return }")
        XCTAssertEqual(tree.nodes.filter { $0.kind == .trailingClosure }.count, 0)
        XCTAssertEqual(tree.nodes.filter { $0.kind == .ifStmt }.count, 2)
        XCTAssertEqual(tree.nodes.filter { $0.kind == .codeBlock }.count, 5)
    }

    func testGenericArgumentsVersusComparison() {
        let generic = parse("let s = Store<AppState>(x: 1)\nlet t = Array<Array<Int>>()")
        XCTAssertEqual(generic.nodes.filter { $0.kind == .genericSpecializationExpr }.count, 2)
        let comparison = parse("let b = a < b && c > d")
        XCTAssertEqual(comparison.nodes.filter { $0.kind == .genericSpecializationExpr }.count, 0)
        XCTAssertEqual(comparison.nodes.filter { $0.kind == .binaryExpr }.count, 3)
    }

    func testOperatorPrecedence() {
        let tree = parse("ForEach(0...xs.count - 1) { _ in }")
        let range = tree.nodes.indices.first { tree.kind($0) == .binaryExpr }!
        XCTAssertEqual(tree.nameToken(range).map { tree.file.text(of: $0) }, "...")
        let rhs = Array(tree.children(range))[1]
        XCTAssertEqual(tree.kind(rhs), .binaryExpr)
        XCTAssertEqual(tree.compactText(rhs), "xs.count-1")
    }

    /// A postfix `#if` whose first item is a modifier on the next line: the condition ends with its line
    /// (the modifier and its trailing closure used to become a member of `os(macOS)`, and the closure an error).
    func testPostfixIfConfigConditionEndsWithItsLine() {
        let tree = parse("""

            let v = Text("a")
            #if os(macOS)
                .sheet(isPresented: $x) {
                    Update()
                }
            #endif
            """)
        XCTAssertFalse(tree.nodes.contains { $0.kind == .error })
        let clause = tree.nodes.indices.first { tree.kind($0) == .ifConfigClause }!
        let members = tree.subtree(clause).filter { tree.kind($0) == .memberAccessExpr }.compactMap { tree.name($0) }
        XCTAssertEqual(members, ["sheet"])
        XCTAssertTrue(tree.subtree(clause).contains { tree.kind($0) == .trailingClosure })
    }

    /// A getter's body that opens with `#if` is told from accessors by the clause's first token: a statement there
    /// makes it an implicit getter (before, the body became an error node and the view tree after it was lost).
    func testIfConfigAtTheStartOfAGetter() {
        let getter = parse("""
            struct V: View {
                var body: some View {
            #if os(iOS)
                    @Bindable var model = model
            #endif
                    Group { Row() }
                        .environment(store)
                }
            }
            """)
        XCTAssertFalse(getter.nodes.contains { $0.kind == .error })
        XCTAssertFalse(getter.nodes.contains { $0.kind == .accessorDecl })
        XCTAssertTrue(getter.nodes.indices.contains { getter.kind($0) == .memberAccessExpr && getter.name($0) == "environment" })
        let accessors = parse("""
            struct S {
                var x: Int {
            #if DEBUG
                    get { 1 }
            #else
                    get { 2 }
            #endif
                }
            }
            """)
        // Accessors, not statements: no call of a function named `get` with a trailing closure.
        XCTAssertFalse(accessors.nodes.indices.contains { accessors.kind($0) == .identifierExpr && accessors.name($0) == "get" })
    }

    func testIfConfigKeepsAllBranches() {
        XCTAssertEqual(outline("""
            #if DEBUG
            let a = 1
            #elseif os(iOS) && !targetEnvironment(simulator)
            let b = 2
            #else
            let c = 3
            #endif
            struct S {
              #if canImport(UIKit)
              var d = 4
              #endif
            }
            """), ["2: let a", "4: let b", "6: let c", "8: struct S", "10: var d"])
    }

    func testHalfTypedBufferKeepsIntactDeclarations() {
        let src = """
            struct A: View {
                var x =
                func f() { let y = [1, 2 }
                @State private var
            }
            struct B { let z = 1 }
            func broken( { ) }
            struct C {}
            """
        let names = parse(src).outline().map(\.name)
        XCTAssertTrue(names.contains("A"))
        XCTAssertTrue(names.contains("f"))
        XCTAssertTrue(names.contains("B"))
        XCTAssertTrue(names.contains("z"))
        XCTAssertTrue(names.contains("C"))
    }

    func testPathologicalNestingIsBoundedNotACrash() {
        for (open, close) in [("(", ")"), ("{", "}"), ("[", "]")] {
            let depth = 100_000
            let src = "let x = " + String(repeating: open, count: depth) + String(repeating: close, count: depth)
            let tree = parse(src)
            XCTAssertTrue(tree.hitDepthLimit, open)
            XCTAssertTrue(tree.nodes.contains { $0.kind == .error }, open)
        }
        // Deep but reasonable nesting parses without error nodes.
        let ok = parse("let x = " + String(repeating: "(", count: 50) + "1" + String(repeating: ")", count: 50))
        XCTAssertFalse(ok.hitDepthLimit)
    }

    func testNodeRangesNestInsideTheirParents() {
        let src = try! String(contentsOfFile: #filePath, encoding: .utf8)
        let tree = parse(src)
        for n in tree.nodes.indices {
            for c in tree.children(n) {
                XCTAssertGreaterThanOrEqual(tree.nodes[c].firstToken, tree.nodes[n].firstToken)
                XCTAssertLessThanOrEqual(tree.nodes[c].endToken, tree.nodes[n].endToken)
            }
        }
        XCTAssertFalse(tree.nodes.contains { $0.kind == .error }, tree.dump())
    }

    func testClosureSignatures() {
        let tree = parse("""
            let a = xs.map { [weak self] (x: Int) -> Int in x + 1 }
            let b = xs.map { x, y in x }
            let c = xs.map { $0 }
            let d = { [1, 2].count }
            """)
        XCTAssertEqual(tree.nodes.filter { $0.kind == .closureSignature }.count, 2)
        XCTAssertEqual(tree.nodes.filter { $0.kind == .captureList }.count, 1)
        XCTAssertFalse(tree.nodes.contains { $0.kind == .error })
    }
}

extension ParserTests {
    /// A `>>`/`>?`/`>=` closing generic arguments is split one `>` at a time; a remainder that starts no
    /// statement must still be consumed (this once looped forever on real code).
    func testSplitAngleRemaindersAlwaysProgress() {
        for source in ["let x: Array<Int>= []", "f(a as Set<Int>?)\n}>?", "let y = Box<Box<Int>>.self\n>> 1",
                       "x = Foo<Bar>!\n>!", "struct A { var b: Dictionary<String, Array<Int>>? }\n>>=", "a<b>= c",
                       "let d = c ? [ : e", "let e = [: 1, : 2]"] {
            let tree = parse(source)
            XCTAssertEqual(tree.nodes[0].endToken, Int32(tree.tokens.count - 1), source)
        }
    }
}

extension ParserTests {
    /// Shapes the differential oracle found misparsed on the corpus, now matching swift-syntax's outline.
    func testOracleFoundShapes() {
        XCTAssertEqual(outline("""
            enum A {
             case a([Int])
             case b(Int)
             case c(String? = nil)
             case d
            }
            #if compiler(>=6.4)
            @diagnose(x)
            #endif
            @_spi(Generated) public import OpenAPIRuntime
            struct S {
              @inlinable public __consuming func f() {}
              internal func ~=<T>(a: T, b: T) -> Bool { true }
              @Builder<Request, Response> var body: Body { get }
            }
            public struct AsyncIterator: nonisolated AsyncIteratorProtocol { func next() {} }
            enum R { case a(required: Bool, prefix: String)
            case b }
            #if canImport(Combine)
            @_exported import Combine
            #endif
            import Foundation
            """), ["1: enum A", "2: case a", "3: case b", "4: case c", "5: case d",
                   "7: import OpenAPIRuntime @diagnose @_spi", "11: struct S", "12: func f @inlinable", "13: func ~=",
                   "14: var body @Builder", "16: struct AsyncIterator", "16: func next", "17: enum R", "17: case a",
                   "18: case b", "20: import Combine @_exported", "22: import Foundation"])
    }
}
