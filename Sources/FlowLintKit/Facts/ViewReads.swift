import FlowLintSyntax

/// What one declaration that may be a SwiftUI view, scene or app names: the types it mentions and the members it
/// reaches. A file's facts keep them (`FileFacts.viewReads`), once for every rule that judges a class by whether
/// SwiftUI code shows it (a `@Published` that no view reads cannot leave a view stale); `ProjectIndex.viewsReaching`
/// answers from them once the project says which declarations are views.
///
/// Read from the tokens, which are the same whether the parser kept the bodies or skipped them: `Model.shared.count`
/// in a skipped action is still a mention of `Model` and a read of `count`.
struct ViewReads: Codable, Sendable, Equatable {
    /// The declared or extended type's simple name (`extension ContentView` gives `ContentView`).
    var type: String
    /// Capitalized identifiers of the declaration, sorted: the types it holds, constructs or reads static members
    /// of (`let model: Model`, `Model()`, `Model.shared`, `[Model]`).
    var types: [String]
    /// Identifiers written after a `.`, sorted: the members it reads or writes (`model.count`, `\.count`), and
    /// the key paths of environment values (`@Environment(\.store)` gives `store`). A projected value
    /// (`model.$count`) keeps its `$`.
    var members: [String]
}

extension FileContext {
    /// The words without which a file declares no SwiftUI code: its import, and the protocols a view, an app, a
    /// scene or a view modifier conforms to.
    static let swiftUICodeWords = TokenWords(["SwiftUI", "View", "App", "Scene", "ViewModifier"])

    /// One entry per declaration that may be SwiftUI code: a type with an inheritance clause (where `View`, `App`,
    /// `Scene` would be) and every extension (a view's view-building members may be in one). The project decides
    /// which are views. A nested declaration is read with the one around it too.
    var viewReads: [ViewReads] {
        // A file that names none of these holds no SwiftUI code (server code, models, tests of other layers): most
        // of a large project's files, whose declarations would otherwise be read token by token for nothing.
        guard mentions(Self.swiftUICodeWords) else { return [] }
        let tokens = tree.tokens
        var out: [ViewReads] = []
        for decl in typeDeclarations {
            switch kind(decl) {
            case .structDecl, .classDecl, .enumDecl:
                guard tree.child(decl, .inheritanceClause) != nil else { continue }
            case .extensionDecl:
                break
            default:
                continue
            }
            let name = typeDeclarationName(decl)
            guard !name.isEmpty, let block = tree.child(decl, .memberBlock) else { continue }
            var types: Set<String> = [], members: Set<String> = []
            let node = tree.nodes[block]
            for i in Int(node.firstToken)..<Int(node.endToken) {
                let token = tokens[i]
                let afterPeriod = i > 0 && tokens[i - 1].kind == .period
                switch token.kind {
                case .identifier:
                    let text = tree.identifierText(token)
                    if afterPeriod { members.insert(text) }
                    // A qualified type (`Audio.Mixer`, `Module.Model`) is capitalized after its `.` too.
                    if let first = text.utf8.first, first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") { types.insert(text) }
                case .dollarIdentifier where afterPeriod:
                    members.insert(tree.file.text(Int(token.offset)..<Int(token.end)))
                default:
                    continue
                }
            }
            out.append(ViewReads(type: name, types: types.sorted(), members: members.sorted()))
        }
        return out
    }
}
