/// Names of type declarations as messages show them.
extension FileContext {
    /// The name of a type declaration qualified by the types (and extended types) that enclose it, without
    /// generic arguments: `Library.Shelf` for `enum Library { final class Shelf<T> {} }`.
    func qualifiedTypeName(_ decl: Int) -> String {
        var components = [ownName(decl)]
        var current = decl
        while let outer = enclosingType(current) {
            components.append(ownName(outer))
            current = outer
        }
        return components.reversed().joined(separator: ".")
    }

    /// A declaration's own name; for an extension, the extended type as written.
    private func ownName(_ decl: Int) -> String {
        kind(decl) == .extensionDecl ? extendedTypeName(decl) : name(decl) ?? ""
    }

    /// The type an extension extends, as written without generic arguments (`Foo.Bar` for
    /// `extension Foo.Bar<T>`).
    func extendedTypeName(_ decl: Int) -> String {
        guard let typeNode = children(decl).first(where: { ![.attribute, .modifier, .ifConfigDecl].contains(kind($0)) }) else { return "" }
        var components: [String] = []
        var t: Int? = typeNode
        // `A.B.C` is a memberType `C` over `A.B`: a loop down the bases, no recursion.
        while let n = t {
            switch kind(n) {
            case .memberType:
                components.append(name(n) ?? "")
                t = tree.firstChild(n)
            case .identifierType:
                components.append(name(n) ?? "")
                t = nil
            default:
                t = nil
            }
        }
        return components.reversed().joined(separator: ".")
    }
}

extension FileContext {
    /// Whether `n` is inside a function, initializer, accessor or closure body (a local declaration, or a member
    /// of a local type), rather than at file level or among the members of a file-level type.
    func isInsideBody(_ n: Int) -> Bool {
        var p = parent(n)
        while let q = p {
            switch kind(q) {
            case .codeBlock, .closureExpr: return true
            default: p = parent(q)
            }
        }
        return false
    }
}

extension FileContext {
    /// Whether a type node is an optional: `T?`, `T!`, `Optional<T>`, `Swift.Optional<T>`.
    func isOptionalType(_ t: Int) -> Bool {
        switch kind(t) {
        case .optionalType, .implicitlyUnwrappedOptionalType:
            return true
        case .identifierType, .memberType:
            guard name(t) == "Optional", tree.child(t, .genericArgumentClause) != nil else { return false }
            guard kind(t) == .memberType, let base = tree.firstChild(t) else { return true }
            return kind(base) == .identifierType && name(base) == "Swift"
        default:
            return false
        }
    }

    /// Whether any attribute of the file is named `name` (`@State`, `@SwiftUI.State`): a quick test before a
    /// rule looks closer, comparing bytes rather than building a string per attribute.
    func containsAttribute(named name: StaticString) -> Bool {
        nodes(.attribute).contains { node in
            tree.nameToken(Int(node)).map { tree.file.token($0, is: name) } ?? false
        }
    }

    /// The extensions of the type declared at `typeDecl` in this file, by its name (any qualification).
    func extensionsInFile(of typeDecl: Int) -> [Int] {
        let name = typeDeclarationName(typeDecl)
        return nodes(.extensionDecl).compactMap { e in
            let extended = extendedTypeName(Int(e))
            return Int(e) != typeDecl && (extended == name || extended.hasSuffix("." + name)) ? Int(e) : nil
        }
    }
}
