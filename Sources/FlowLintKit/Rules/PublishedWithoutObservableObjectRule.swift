#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowLintSyntax

/// The rule `published_without_observable_object`: see `rules/published_without_observable_object.md`.
enum PublishedWithoutObservableObjectRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "published_without_observable_object",
        name: "Published Without ObservableObject",
        summary: "@Published properties belong in a class that conforms to ObservableObject",
        rationale: """
            `@Published` tells SwiftUI of a change through the enclosing object's `objectWillChange`, which only \
            an `ObservableObject` has. In a class that does not conform, the values change but no view is told: \
            a view holding the object in a `let`, a plain `var` or `@State` keeps showing what it read first.
            """,
        defaultSeverity: .warning,
        isOptIn: true,
        fix: .suggestion
    )

    static var analyses: [any ProjectAnalysis.Type] { [ProjectViewReads.self] }
}

extension PublishedWithoutObservableObjectRule {
    /// One finding per class (the problem is the class's missing conformance), decided by the project: the
    /// class's conformances, its subclasses and the `$name` uses of every file.
    struct Condition: Codable, Sendable {
        /// The class's simple name, as the index knows it.
        var type: String
        /// Its `@Published` properties, in source order.
        var published: [String]
    }

    /// What the project check needs to know of every file: the projected values it reaches as members
    /// (`model.$query`), those it names bare inside a type (`$query`, with the innermost type or extension it is
    /// written in), and the names whose conformances the index cannot read
    /// (`FileContext.unreadableConformanceNames`). The claim is that views miss the changes, so a view must read one:
    /// what SwiftUI code names is `ProjectViewReads`.
    struct Record: Codable, Sendable {
        var projectedNames: [String] = []
        var bareProjections: [BareProjection] = []
        var unreadable: [String] = []
    }

    /// A bare `$name` in the type `type`: the publisher of an inherited or own `@Published`, or the projected
    /// value of a property wrapper the type declares itself (a view's `@State var name`).
    struct BareProjection: Codable, Sendable, Hashable {
        var name: String
        var type: String
    }

    static func message(type: String, published: [String]) -> String {
        let many = published.count > 1
        return "@Published \(Wording.quotedList(published)) \(many ? "are" : "is") in '\(type)', which does not conform to "
            + "ObservableObject, so SwiftUI never hears of \(many ? "their" : "its") changes and views that show "
            + "\(many ? "them" : "it") do not update; conform '\(type)' to ObservableObject"
    }

    static func check(file: FileContext, report: inout FileReport<Condition, Record>) {
        var record = Record()
        // `$name` tokens, whether or not their bodies were parsed: the tokens are the same on both paths.
        var projected: Set<String> = []
        var bare: Set<BareProjection> = []
        let bytes = file.tree.file.bytes
        if mayProjectValue(bytes) {
            // Type declarations by token range, in source order: nested ones follow the one they are in, so the
            // last one holding a token is the innermost.
            let types = file.typeDeclarations.map {
                (tokens: Int(file.tree.nodes[$0].firstToken)..<Int(file.tree.nodes[$0].endToken), name: file.typeDeclarationName($0))
            }
            let tokens = file.tree.tokens
            for (i, token) in tokens.enumerated() where token.kind == .dollarIdentifier && token.length > 1 {
                let second = bytes[Int(token.offset) + 1]
                if second >= UInt8(ascii: "0") && second <= UInt8(ascii: "9") { continue }  // `$0`
                let name = file.tree.file.text(Int(token.offset + 1)..<Int(token.end))
                if i > 0 && tokens[i - 1].kind == .period {
                    projected.insert(name)
                } else if let type = types.last(where: { $0.tokens.contains(i) }) {
                    // Outside every type, a bare `$name` is a local's (a preview's `@Previewable @State`).
                    bare.insert(BareProjection(name: name, type: type.name))
                }
            }
        }
        record.projectedNames = projected.sorted()
        record.bareProjections = bare.sorted { ($0.name, $0.type) < ($1.name, $1.type) }
        record.unreadable = file.unreadableConformanceNames
        if !record.projectedNames.isEmpty || !record.bareProjections.isEmpty || !record.unreadable.isEmpty {
            report.record(record)
        }

        guard file.containsAttribute(named: "Published") else { return }
        // A class without a name (broken code: `final class { ... }`) has nowhere to put a conformance.
        for decl in file.typeDeclarations where file.kind(decl) == .classDecl && file.name(decl) != nil {
            // `@Observable` classes are observed by the macro: a `@Published` there is kept out on purpose.
            guard file.observationMacro(decl) == nil,
                  let block = file.tree.child(decl, .memberBlock) else { continue }
            var first: Int?
            var published: [String] = []
            for m in file.memberDecls(block) where file.kind(m) == .variableDecl && !file.hasModifier(m, .static) {
                guard let attribute = file.attributes(m).first(where: { file.name($0) == "Published" }) else { continue }
                if first == nil { first = attribute }
                for b in file.children(m) where file.kind(b) == .patternBinding {
                    if let p = file.tree.firstChild(b), let n = file.name(p) { published.append(n) }
                }
            }
            guard let first else { continue }
            let type = file.qualifiedTypeName(decl)
            report.report(at: first, message(type: type, published: published), fixes: [conformanceFix(decl, file)],
                          condition: Condition(type: file.typeDeclarationName(decl), published: published))
        }
    }

    /// Whether the bytes hold a `$` followed by a letter or `_` (`$query`; `$0` does not count): found with
    /// `memchr` from one `$` to the next, so most files are ruled out without a look at their tokens.
    static func mayProjectValue(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var i = 0
            while i < buffer.count, let found = memchr(base + i, 0x24, buffer.count - i) {
                i = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                guard i < buffer.count else { return false }
                let next = buffer[i]
                if next == UInt8(ascii: "_") || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "z")) || next >= 0x80 {
                    return true
                }
            }
            return false
        }
    }

    /// Adds `ObservableObject` to the class's inheritance clause, or gives it one after its name and generic
    /// parameters.
    static func conformanceFix(_ decl: Int, _ file: FileContext) -> Fix {
        let tree = file.tree
        let edit: TextEdit
        if let clause = tree.child(decl, .inheritanceClause) {
            let end = tree.byteRange(clause).upperBound
            edit = TextEdit(startOffset: end, endOffset: end, replacement: ", ObservableObject")
        } else {
            let nameEnd = Int(tree.tokens[Int(tree.nodes[decl].name)].end)
            let end = tree.child(decl, .genericParameterClause).map { tree.byteRange($0).upperBound } ?? nameEnd
            edit = TextEdit(startOffset: end, endOffset: end, replacement: ": ObservableObject")
        }
        return Fix(message: "conform to ObservableObject", applicability: .suggestion, edits: [edit])
    }

    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        guard !project.pending.isEmpty else { return }
        let index = project.index
        let (projected, bare, unreadable) = project.derived("names") { records in
            (Set(records.flatMap(\.record.projectedNames)),
             Dictionary(grouping: records.flatMap(\.record.bareProjections), by: \.name).mapValues { Set($0.map(\.type)) },
             Set(records.flatMap(\.record.unreadable)))
        }
        let viewReads = project[ProjectViewReads.self]
        for finding in project.pending {
            let type = finding.condition.type
            guard index.observableObject(type, unreadable: unreadable) == false,
                  !finding.condition.published.contains(where: { name in
                      projected.contains(name) || usesPublisher(name, of: type, bareIn: bare[name] ?? [], index)
                  }),
                  !hasObservableSubclass(type, index, unreadable) else { continue }
            // A UIKit view model, a cache, a `UIButton` subclass: a `@Published` that no SwiftUI code reads is a
            // Combine publisher, and no view can miss its changes. The finding needs SwiftUI code that reaches an
            // instance of the class and reads one of the properties.
            let published = Set(finding.condition.published)
            guard index.viewsReaching(type, in: viewReads).contains(where: { $0.members.contains(where: published.contains) })
            else { continue }
            report.report(finding.diagnostic)
        }
    }

    /// Whether a bare `$name` written in one of `types` may be the class's publisher: written in the class (or
    /// an extension of it), or in a type that declares no property of that name itself (a subclass, say). A
    /// view's `$query` for its own `@State var query` is not.
    static func usesPublisher(_ name: String, of type: String, bareIn types: Set<String>, _ index: ProjectIndex) -> Bool {
        types.contains { $0 == type || index.properties(of: $0, named: name).isEmpty }
    }

    /// Whether a subclass declared in the project (at any depth) conforms, or may: its `objectWillChange` then
    /// announces the base class's `@Published` changes too.
    static func hasObservableSubclass(_ type: String, _ index: ProjectIndex, _ unreadable: Set<String>) -> Bool {
        var pending = index.subclasses(of: type)
        var seen: Set<String> = [type]
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            if index.observableObject(name, unreadable: unreadable) != false { return true }
            pending += index.subclasses(of: name)
        }
        return false
    }
}
