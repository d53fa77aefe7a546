import FlowLintSyntax

/// The condition of an `#if` / `#elseif` clause as written, kept in the facts so that it can be decided per target
/// and platform once the project model is known (a file's facts do not depend on the project: they are cached by
/// the file's content). Stored in prefix order (`&&`, `||`, `!` before their operands), evaluated with a stack.
struct CompilationCondition: Sendable, Equatable, Codable {
    enum Term: Sendable, Equatable, Codable {
        case and, or, not
        case literal(Bool)
        /// `os(iOS)`
        case os(String)
        /// `canImport(UIKit)`
        case canImport(String)
        /// `DEBUG`, `EXTENSION`: a compilation condition.
        case flag(String)
        /// `targetEnvironment(simulator)`, `targetEnvironment(macCatalyst)`
        case targetEnvironment(String)
        /// `arch(...)`, `swift(>=...)`, `compiler(...)`, `hasFeature(...)`, anything else: not decided here.
        case unknown
    }

    var terms: [Term]

    /// Reads a condition expression (`os(iOS) && !EXTENSION`); what it does not know becomes `unknown`. A loop
    /// over an explicit stack: a condition nested thousands deep costs no recursion.
    init(_ node: Int, _ context: FileContext) {
        let tree = context.tree
        var terms: [Term] = []
        var stack = [node]
        while let n = stack.popLast() {
            switch context.kind(n) {
            case .prefixOperatorExpr where context.name(n) == "!":
                guard let operand = tree.firstChild(n) else { terms.append(.unknown); continue }
                terms.append(.not)
                stack.append(operand)
            case .binaryExpr where context.name(n) == "&&" || context.name(n) == "||":
                let operands = Array(context.children(n))
                guard operands.count == 2 else { terms.append(.unknown); continue }
                terms.append(context.name(n) == "&&" ? .and : .or)
                stack.append(operands[1])
                stack.append(operands[0])
            case .tupleExpr, .argument:
                let inner = Array(context.children(n))
                if inner.count == 1 { stack.append(inner[0]) } else { terms.append(.unknown) }
            case .booleanLiteral:
                terms.append(.literal(tree.text(n) == "true"))
            case .identifierExpr:
                terms.append(context.name(n).map(Term.flag) ?? .unknown)
            case .callExpr:
                terms.append(Self.test(n, context))
            default:
                terms.append(.unknown)
            }
        }
        self.terms = terms
    }

    init(terms: [Term]) { self.terms = terms }

    /// `os(x)`, `canImport(M)`, `targetEnvironment(x)` with one plain argument; anything else is `unknown`.
    private static func test(_ call: Int, _ context: FileContext) -> Term {
        guard let callee = context.tree.firstChild(call), context.kind(callee) == .identifierExpr,
              let name = context.name(callee) else { return .unknown }
        let arguments = context.arguments(call)
        guard arguments.count == 1, arguments[0].label == nil, let value = arguments[0].value else { return .unknown }
        let argument: String?
        switch context.kind(value) {
        case .identifierExpr: argument = context.name(value)
        case .memberAccessExpr: argument = context.tree.compactText(value) // canImport(Foundation.NSObject)
        default: argument = nil
        }
        guard let argument else { return .unknown }
        switch name {
        case "os": return .os(argument)
        case "canImport": return .canImport(argument)
        case "targetEnvironment": return .targetEnvironment(argument)
        default: return .unknown
        }
    }

    /// True, false, or nil when the environment cannot decide (Kleene's three-valued logic: `unknown && false` is
    /// false, `unknown || true` is true).
    func evaluate(in environment: BuildEnvironment) -> Bool? {
        var stack: [Bool?] = []
        for term in terms.reversed() {
            switch term {
            case .and:
                guard stack.count >= 2 else { return nil }
                let a = stack.removeLast(), b = stack.removeLast()
                stack.append(a == false || b == false ? false : (a == true && b == true ? true : nil))
            case .or:
                guard stack.count >= 2 else { return nil }
                let a = stack.removeLast(), b = stack.removeLast()
                stack.append(a == true || b == true ? true : (a == false && b == false ? false : nil))
            case .not:
                guard let a = stack.popLast() else { return nil }
                stack.append(a.map { !$0 })
            case .literal(let value): stack.append(value)
            case .os(let name): stack.append(environment.isOS(name))
            case .canImport(let module): stack.append(environment.canImport(module))
            case .flag(let flag): stack.append(environment.conditions.map { $0.contains(flag) })
            case .targetEnvironment(let name): stack.append(environment.isTargetEnvironment(name))
            case .unknown: stack.append(nil)
            }
        }
        return stack.count == 1 ? stack[0] : nil
    }
}

/// One `#if` / `#elseif` / `#else` clause of a file that encloses something its facts record, with what decides
/// whether its contents are compiled: the enclosing clause, its own condition (none for `#else`), and the clauses
/// before it in the same `#if`, whose conditions must all be false.
struct ConditionalClause: Sendable, Equatable, Codable {
    /// The innermost clause around this one, as an index into the file's `clauses`; -1 at file level.
    var parent: Int32
    var condition: CompilationCondition?
    /// The clause just before this one in the same `#if`, as an index into the file's `clauses`; -1 for the first.
    /// A link rather than a copy of every condition before it: thousands of `#elseif` clauses cost no square.
    var previous: Int32

    /// The clauses of a file and the innermost clause around each node (-1 for none), or nil when the file has no
    /// `#if`. Clauses are listed in pre-order, so a clause's parent comes before it.
    static func table(_ context: FileContext) -> (clauses: [ConditionalClause], clauseOfNode: [Int32])? {
        let clauseNodes = context.nodes(.ifConfigClause)
        guard !clauseNodes.isEmpty else { return nil }
        var clauses: [ConditionalClause] = []
        // The last clause met of each `#if` directive (clauses are met in source order).
        var lastClauseOfDirective: [Int: Int32] = [:]
        let parents = context.parents
        var clauseOfNode = [Int32](repeating: -1, count: context.tree.nodes.count)
        var conditions: [Int: CompilationCondition?] = [:]
        func condition(of clause: Int) -> CompilationCondition? {
            if let known = conditions[clause] { return known }
            let value = context.name(clause) == "#else" ? nil
                : Platforms.condition(of: clause, context).map { CompilationCondition($0, context) } ?? CompilationCondition(terms: [.unknown])
            conditions[clause] = value
            return value
        }
        for i in clauseOfNode.indices.dropFirst() {
            let p = Int(parents[i])
            var own = p >= 0 ? clauseOfNode[p] : -1
            if context.kind(i) == .ifConfigClause, let decl = context.parent(i) {
                let index = Int32(clauses.count)
                clauses.append(ConditionalClause(parent: own, condition: condition(of: i), previous: lastClauseOfDirective[decl] ?? -1))
                lastClauseOfDirective[decl] = index
                own = index
            }
            clauseOfNode[i] = own
        }
        return (clauses, clauseOfNode)
    }

    /// Whether each clause's contents are compiled in `environment` (nil: cannot be told), in the order of
    /// `clauses`. One pass: a parent comes before its children.
    static func evaluate(_ clauses: [ConditionalClause], in environment: BuildEnvironment) -> [Bool?] {
        var out: [Bool?] = []
        out.reserveCapacity(clauses.count)
        // Per clause: its own condition's value (a clause without one, `#else`, counts as false when before
        // another: it never is), and whether every clause before it in its `#if` is false.
        var holds: [Bool?] = []
        var noneBefore: [Bool?] = []
        holds.reserveCapacity(clauses.count)
        noneBefore.reserveCapacity(clauses.count)
        for clause in clauses {
            let own = clause.condition.map { $0.evaluate(in: environment) } ?? false
            var none: Bool? = true
            if clause.previous >= 0 {
                let p = Int(clause.previous)
                none = and(noneBefore[p], holds[p].map { !$0 })
            }
            holds.append(own)
            noneBefore.append(none)
            var value: Bool? = clause.parent >= 0 ? out[Int(clause.parent)] : true
            if value != false, clause.condition != nil { value = and(value, own) }
            out.append(and(value, none))
        }
        return out
    }

    private static func and(_ a: Bool?, _ b: Bool?) -> Bool? {
        a == false || b == false ? false : (a == true && b == true ? true : nil)
    }
}

/// What one build of a target knows when it decides `#if`: the platform, the active compilation conditions and
/// the modules it can import. A nil field is not known (no project model): its tests stay undecided.
struct BuildEnvironment: Sendable, Equatable {
    var platform: ApplePlatform?
    var conditions: Set<String>?
    /// The modules of the project this build can import (its own and its dependencies'); nil when not known.
    var projectModules: Set<String>?

    static let unknown = BuildEnvironment()

    func isOS(_ name: String) -> Bool? {
        guard let platform else { return nil }
        return Platforms(osName: name) == platform.platforms
    }

    /// Undecided: a simulator and a device are both built, and an iOS target that supports Mac Catalyst is also
    /// built for it (the model does not tell Catalyst builds apart), so either branch may be compiled.
    func isTargetEnvironment(_ name: String) -> Bool? { nil }

    func canImport(_ module: String) -> Bool? {
        let name = module.split(separator: ".").first.map(String.init) ?? module
        if let projectModules, projectModules.contains(name) { return true }
        guard let platform else { return nil }
        if let available = Self.sdkModules[name] { return available.contains(platform) }
        return nil // a module of a package or of the SDK FlowLint does not list
    }

    /// SDK modules apps test with `canImport`, and the platforms whose SDK has them.
    static let sdkModules: [String: Set<ApplePlatform>] = {
        let all = Set(ApplePlatform.allCases)
        return [
            "SwiftUI": all, "Foundation": all, "Combine": all, "Observation": all, "SwiftData": all,
            "CoreData": all, "CoreGraphics": all, "CoreLocation": all, "MapKit": all, "AVFoundation": all,
            "Darwin": all, "ObjectiveC": all, "Dispatch": all, "os": all, "OSLog": all, "WidgetKit": [.iOS, .macOS, .watchOS, .visionOS],
            "UIKit": [.iOS, .tvOS, .visionOS], "AppKit": [.macOS], "Cocoa": [.macOS], "WatchKit": [.watchOS],
            "ActivityKit": [.iOS], "ARKit": [.iOS, .visionOS], "RealityKit": [.iOS, .macOS, .visionOS],
            "HealthKit": [.iOS, .watchOS, .visionOS, .macOS], "MessageUI": [.iOS, .visionOS], "TVUIKit": [.tvOS],
            "Glibc": [], "Musl": [], "WinSDK": [], "Android": [],
        ]
    }()
}

/// What the `#if` clauses around each node of a file say: the platforms `os(...)` allows (`Platforms.table`, nil
/// when no clause constrains any) and the innermost clause (`ConditionalClause.table`, nil without `#if`).
struct ConditionalScopes {
    var platforms: [Platforms]?
    var clauseOfNode: [Int32]?

    func platforms(_ node: Int) -> Platforms { platforms?[node] ?? .all }
    func clause(_ node: Int) -> Int32 { clauseOfNode?[node] ?? -1 }
}
