import Foundation
import XCTest
@testable import FlowLintKit
import FlowLintSyntax

/// The Observation vocabulary (`Facts/Observation.swift`): what a class declaration says of its observation, what the
/// index makes of every declaration of a name, and that no other source file spells the names itself.
final class ObservationVocabularyTests: XCTestCase {
    static var sourcesDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
    }

    /// Every Swift file under `Sources/`, relative to it, with its text.
    static func sources() throws -> [(path: String, text: String)] {
        let root = sourcesDirectory
        let paths = (FileManager.default.subpaths(atPath: root.path) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertGreaterThan(paths.count, 50, "the sources were not found at \(root.path)")
        return try paths.map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
    }

    func testTheNameOfTheMacroIsSpelledInTheVocabularyAlone() throws {
        var spelled: [String] = []
        for (path, text) in try Self.sources() {
            let count = text.components(separatedBy: "\"Observable\"").count - 1
            if count > 0 { spelled.append("\(path) (\(count))") }
        }
        XCTAssertEqual(spelled, ["FlowLintKit/Facts/Observation.swift (1)"])
    }

    /// Shared knowledge lives in the facts or the index: a rule's file names no other rule's type.
    func testNoRuleCallsAnotherRulesHelpers() throws {
        let pattern = try NSRegularExpression(pattern: "\\b([A-Z][A-Za-z0-9]*Rule)\\.")
        for (path, text) in try Self.sources() where path.hasPrefix("FlowLintKit/Rules/") && path.hasSuffix("Rule.swift") {
            let own = String(path.split(separator: "/").last!.dropLast(".swift".count))
            let range = NSRange(text.startIndex..., in: text)
            let named = Set(pattern.matches(in: text, range: range).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } })
            XCTAssertEqual(named.subtracting([own]).sorted(), [], "\(path) uses another rule's helpers")
        }
    }

    static func context(_ source: String) -> FileContext {
        FileContext(tree: Parser.parse(SourceFile(path: "Example.swift", bytes: Array(source.utf8))), path: "Example.swift")
    }

    /// The observation of each class declared in `source`, by name.
    static func observations(_ source: String) -> [String: ObservationKind?] {
        let file = context(source)
        var out: [String: ObservationKind?] = [:]
        for decl in file.typeDeclarations where file.kind(decl) == .classDecl { out[file.typeDeclarationName(decl)] = file.observation(of: decl) }
        return out
    }

    func testWhatAClassDeclarationSays() {
        let kinds = Self.observations("""
            import SwiftUI
            @Observable final class Macro { var a = 0 }
            @Observation.Observable final class Qualified { var a = 0 }
            @Model final class Stored { var a = 0 }
            final class Bare: Observable { var a = 0 }
            final class QualifiedBare: Observation.Observable { var a = 0 }
            final class Registered: Observable {
                private let registrar = ObservationRegistrar()
                var a: Int { get { registrar.access(self, keyPath: \\.a); return 0 } }
            }
            final class Rx: Observable<Int> {}
            final class Foreign: Other.Observable { var a = 0 }
            final class Combine: ObservableObject { @Published var a = 0 }
            @Observable final class Both: Observable { var a = 0 }
            """)
        XCTAssertEqual(kinds["Macro"], .macro)
        XCTAssertEqual(kinds["Qualified"], .macro)
        XCTAssertEqual(kinds["Stored"], .model)
        XCTAssertEqual(kinds["Bare"], .bareConformance)
        XCTAssertEqual(kinds["QualifiedBare"], .bareConformance)
        XCTAssertEqual(kinds["Registered"], .registrar)
        XCTAssertEqual(kinds["Rx"], .some(nil))
        XCTAssertEqual(kinds["Foreign"], .some(nil))
        XCTAssertEqual(kinds["Combine"], .some(nil))
        XCTAssertEqual(kinds["Both"], .macro)
    }

    /// A registrar is found whether the parser kept the bodies that name it or skipped them.
    func testTheRegistrarIsFoundInSkippedBodies() {
        let source = """
            final class Registered: Observable {
                func track() { _ = ObservationRegistrar() }
            }
            """
        let skipping = BodySkipping(bodyWords: ["nothing"])
        let tree = Parser.parse(SourceFile(path: "Example.swift", bytes: Array(source.utf8)), skipping: skipping)
        let file = FileContext(tree: tree, path: "Example.swift")
        let decl = file.typeDeclarations[0]
        XCTAssertEqual(file.observation(of: decl), .registrar)
    }

    func testTheIndexTakesTheStrongestOfEveryDeclaration() {
        let files = [
            ("Model.swift", "import SwiftUI\n@Observable final class Library { var books = 0 }\n"),
            ("Extension.swift", "import SwiftUI\nextension Library: Observable {}\nextension Shelf: Observable {}\n"),
            ("Shelf.swift", "import SwiftUI\nfinal class Shelf { var count = 0 }\n"),
            ("Plain.swift", "final class Plain { var count = 0 }\n"),
        ]
        let facts = files.map { LintEngine.facts(for: LintFile(path: $0.0, bytes: Array($0.1.utf8))) }
        let index = ProjectIndex(files: facts)
        XCTAssertEqual(index.observation(of: "Library"), .macro)
        XCTAssertEqual(index.observation(of: "Shelf"), .bareConformance)
        XCTAssertNil(index.observation(of: "Plain"))
        XCTAssertNil(index.observation(of: "Missing"))
    }

    func testTheFixNeedsTheMacroVisibleAndStorageItAccepts() {
        func fix(_ source: String) -> Fix? {
            let file = Self.context(source)
            return file.observableFix(file.typeDeclarations[0])
        }
        XCTAssertEqual(fix("import SwiftUI\n    final class A { var a = 0 }\n")?.edits.first?.replacement, "@Observable\n    ")
        XCTAssertNil(fix("import Foundation\nfinal class A { var a = 0 }\n"), "the macro is not visible")
        XCTAssertNil(fix("import Observation\nfinal class A { lazy var a = 0 }\n"), "lazy")
        XCTAssertNil(fix("import SwiftData\nfinal class A { @Published var a = 0 }\n"), "a wrapper")
        XCTAssertNil(fix("import SwiftUI\nfinal class A { var _a = 0 }\n"), "the macro's storage name")
        XCTAssertNotNil(fix("import SwiftUI\nfinal class A { @ObservationIgnored @MainActor var a = 0 }\n"))
    }
}
