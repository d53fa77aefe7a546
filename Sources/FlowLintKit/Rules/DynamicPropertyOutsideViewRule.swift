import FlowLintSyntax

/// The rule `dynamic_property_outside_view`: see `rules/dynamic_property_outside_view.md`.
enum DynamicPropertyOutsideViewRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "dynamic_property_outside_view",
        name: "Dynamic Property Outside View",
        summary: "dynamic properties such as @State and @Environment belong in views and the other types SwiftUI installs them in",
        rationale: """
            SwiftUI connects `@State`, `@Environment`, `@Query` and the other dynamic properties to its storage and \
            environment only in the types it renders: views, view modifiers, apps, scenes, and dynamic properties \
            inside those. Declared anywhere else (a model class, a plain struct, an app delegate) the property is \
            never installed: a state keeps its initial value, an environment value is the default, an environment \
            object traps when read, a state object is created again on every read, a query fails, and a scene \
            storage is neither restored nor saved.
            """,
        defaultSeverity: .warning,
        isOptIn: true
    )
}

extension DynamicPropertyOutsideViewRule {
    /// Only declarations are read: nothing in a body matters.
    static let parses = BodySkipping(notedWords: wrapperWords.words)

    /// SwiftUI's and SwiftData's dynamic property wrappers that only a view (or another installed type) makes work.
    /// `@AppStorage` is not among them: it reads and writes `UserDefaults` wherever it is declared, and a class that
    /// wraps it as a plain accessor (behind an observable model that announces the changes) is a common, working
    /// design.
    static let wrapperWords = TokenWords(["State", "StateObject", "Environment", "EnvironmentObject", "Query",
                                          "SceneStorage", "FocusState", "Namespace", "ScaledMetric", "GestureState"])

    /// What happens to the property, by wrapper, and what to do instead.
    static func consequence(_ wrapper: String, property: String, type: String) -> String {
        switch wrapper {
        case "State", "GestureState", "FocusState":
            return "'\(property)' keeps its initial value and changes made through its binding are lost; keep it in the "
                + "view that uses it"
        case "StateObject":
            return "a new object is created every time '\(property)' is read; create it in a view's @StateObject and pass it in"
        case "Environment":
            return "'\(property)' is always the default value, never the one of the view's environment; read it in a view "
                + "and pass it to '\(type)'"
        case "EnvironmentObject":
            return "reading '\(property)' traps because no view's environment is searched for the object; read it in a view "
                + "and pass it to '\(type)'"
        case "Query":
            return "'\(property)' has no model context and fails at run time; query in a view, or fetch with a "
                + "ModelContext passed to '\(type)'"
        case "SceneStorage":
            return "'\(property)' is never connected to the scene's storage, so it is neither restored nor saved; keep it "
                + "in a view"
        case "Namespace":
            return "each read of '\(property)' is a new namespace, so its ids never match another view's; declare it in "
                + "the view that uses it"
        case "ScaledMetric":
            return "'\(property)' never scales with the text size; declare it in the view that uses it"
        default:
            return "keep it in a view"
        }
    }

    static func message(wrapper: String, property: String, type: String) -> String {
        "@\(wrapper) '\(property)' is declared in '\(type)', which is not a view or another type SwiftUI installs "
            + "dynamic properties in, so SwiftUI never installs it: " + consequence(wrapper, property: property, type: type)
    }

    struct Condition: Codable, Sendable {
        /// The declaring type's simple name, as the index knows it.
        var owner: String
        var wrapper: String
        /// Marked `@ObservationIgnored`: an `@SceneStorage` so marked in an `@Observable` class is
        /// `observation_ignored_storage`'s.
        var isObservationIgnored: Bool
    }

    static func check(file: FileContext, report: inout FileReport<Condition, Record>) {
        guard file.mentions(wrapperWords), importsSwiftUI(file) else { return }
        for decl in file.typeDeclarations {
            guard [.struct, .class, .enum, .actor].contains(file.typeKind(decl)), let name = file.name(decl),
                  let block = file.tree.child(decl, .memberBlock) else { continue }
            for m in file.memberDecls(block) where file.kind(m) == .variableDecl {
                let attributes = file.attributes(m)
                guard let attribute = attributes.last(where: { file.nameIs($0, wrapperWords) }),
                      let wrapper = file.name(attribute), let property = file.firstBindingName(m) else { continue }
                // A private property nothing in its file names is never read or written: nothing goes wrong.
                if isPrivate(m, file) && !file.namesProperty(property, in: [0..<file.tree.tokens.count],
                                                                skipping: [file.tree.tokenRange(of: m)]) { continue }
                let condition = Condition(owner: name, wrapper: wrapper, isObservationIgnored: attributes.contains(where: file.isObservationIgnored))
                report.report(at: attribute, message(wrapper: wrapper, property: property, type: file.qualifiedTypeName(decl)),
                              condition: condition)
            }
        }
    }

    /// `private` or `fileprivate` (not `private(set)`, which others can read).
    static func isPrivate(_ decl: Int, _ file: FileContext) -> Bool {
        file.modifiers(decl).contains { modifier in
            let text = file.tree.text(modifier)
            return text == "private" || text == "fileprivate"
        }
    }

    /// `import SwiftUI` or `import SwiftData` (also `@preconcurrency import`, `import struct SwiftUI.State`): the
    /// attributes are theirs only where the file imports them.
    static func importsSwiftUI(_ file: FileContext) -> Bool {
        file.nodes(.importDecl).contains { node in
            let text = file.tree.file.text(file.tree.byteRange(Int(node)))
            return text.split(whereSeparator: { $0 == " " || $0 == "." || $0 == "\t" || $0 == "\n" })
                .contains { $0 == "SwiftUI" || $0 == "SwiftData" }
        }
    }

    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        guard !project.pending.isEmpty else { return }
        let index = project.index
        var judged: [String: Bool] = [:]
        for finding in project.pending {
            let c = finding.condition
            if c.isObservationIgnored && c.wrapper == "SceneStorage" { continue }
            if index.attributes(of: c.wrapper).contains("propertyWrapper") { continue }
            if judged[c.owner] == nil { judged[c.owner] = isKnownNotInstalled(c.owner, index) }
            if judged[c.owner]! { report.report(finding.diagnostic) }
        }
    }

    // MARK: Which types SwiftUI does not install dynamic properties in

    /// Whether every conformance and superclass of the type is known, and none is a SwiftUI owner: each name in
    /// the inheritance clauses of its declarations and extensions is a standard, Foundation, UIKit or AppKit name
    /// that is not a view (`knownNotOwners`, delegates and data sources), or a protocol or class of the sources
    /// whose own clauses are known the same way. A type with an attribute FlowLint does not know (a macro may add
    /// a conformance) is not judged.
    static func isKnownNotInstalled(_ name: String, _ index: ProjectIndex) -> Bool {
        if index.isSwiftUIOwner(name) { return false }
        var pending = [name]
        var seen: Set<String> = []
        while let current = pending.popLast() {
            guard seen.insert(current).inserted else { continue }
            if current != name && (knownNotOwners.contains(current) || current.hasSuffix("Delegate") || current.hasSuffix("DataSource")) {
                continue
            }
            guard index.declares(current), !ProjectIndex.isOwnerProtocol(current) else { return false }
            if index.attributes(of: current).contains(where: { !knownAttributes.contains($0) }) { return false }
            pending += index.inherited(current)
        }
        return true
    }

    /// Conformances and superclasses that never make a type one SwiftUI installs dynamic properties in.
    static let knownNotOwners: Set<String> = [
        // Standard library and Foundation.
        "AnyObject", "Sendable", "Codable", "Decodable", "Encodable", "Equatable", "Hashable", "Comparable", "Identifiable",
        "CaseIterable", "RawRepresentable", "CustomStringConvertible", "CustomDebugStringConvertible", "Error",
        "LocalizedError", "Sequence", "Collection", "OptionSet", "NSObject", "NSObjectProtocol", "NSCoding",
        "NSSecureCoding", "NSCopying", "ObservableObject", ObservationNames.observable,
        // UIKit and AppKit: classes and their controllers, never views of SwiftUI.
        "UIViewController", "UIView", "UIResponder", "UIWindow", "UITableViewCell", "UICollectionViewCell",
        "UIHostingController", "NSViewController", "NSView", "NSResponder", "NSWindow", "NSPanel", "NSWindowController",
        "NSHostingController", "NSHostingView",
    ]

    /// Attributes on a type that add no conformance to a SwiftUI owner.
    static let knownAttributes: Set<String> = [
        "MainActor", ObservationNames.observable, ObservationNames.model, "objc", "objcMembers", "available", "propertyWrapper", "dynamicMemberLookup",
        "frozen", "usableFromInline", "preconcurrency", "unchecked", "NSApplicationMain", "UIApplicationMain", "main",
    ]
}
