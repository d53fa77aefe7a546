// libFuzzer entry point for the environment analysis (`EnvironmentGraph`, both environment rules, `flowlint
// graph`). Built by `Tools/Fuzz/run.sh` (target `environment`) against FlowLintKit and FlowLintSyntax compiled as
// modules (FlowLintKit with testing enabled).
//
// Each input is read as the choices of a generator that writes a project of two Swift files: up to 24 views
// showing each other (in their bodies and in view-building members, inside sheets, `NavigationLink`
// destinations, navigation containers, `#if os(...)` branches, containers of the project that provide around
// their content, unknown containers, locals), reading up to 6 object types (`@EnvironmentObject`,
// `@Environment(T.self)`, some under `#if os(macOS)`), providing them (`.environmentObject`, `.environment`,
// provider helpers), sharing names across the two files, and shown by an `@main` App, `#Preview`s and a
// `PreviewProvider`. In half the inputs views and members show only later ones; in the others they may show
// themselves and each other in cycles.
//
// For each project: the facts, every rule's project check, `ViewGraph` in both formats, and then
// - every chain of every root finding is a path of the project: it starts at the view the root shows, each
//   step is shown by the view before it, and it ends at a reader of the missing type;
// - the analysis run twice gives the same findings;
// - in the projects made without cycles, with at most 5 types provided, the findings equal those of the
//   analysis as it was before issue 23, kept below as an oracle (`ReferenceAnalysis`). On a cycle the two differ
//   on purpose: the old analysis cut its walk where the cycle closed and kept what it had found so far, which
//   could hide a finding or lengthen a chain (see `EnvironmentAnalysisCLITests`), while the new one judges each
//   place once for all paths.
// A violation traps, which libFuzzer reports as a crash and saves as a reproducer; so do ASan errors, stack
// overflows, and runs over the time (`-timeout`) and memory (`-rss_limit_mb`, `-malloc_limit_mb`) bounds run.sh
// gives each input. To see the project an input stands for, run the fuzzer on it with FLOWLINT_FUZZ_SHOW=1.

import Foundation
import FlowLintSyntax
@testable import FlowLintKit

/// Reads the input as a stream of choices; past its end every choice is 0.
struct Choices {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    mutating func next(_ count: Int) -> Int {
        guard count > 1 else { return 0 }
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return Int(bytes[position]) % count
    }

    mutating func chance(_ percent: Int) -> Bool { next(100) < percent }
}

/// Writes the project the choices describe.
struct ProjectGenerator {
    var choices: Choices
    let viewCount: Int
    let typeCount: Int
    /// Views may show any view and members use any member of their view; otherwise only views all of whose
    /// declarations come later, and later members.
    let mayCycle: Bool
    var files = ["import SwiftUI\n", "import SwiftUI\n"]
    /// Per view: its name (a later view may reuse an earlier name: two declarations of one name), its members
    /// (`var partN: some View` or `func partN() -> some View`).
    var names: [String] = []
    var members: [[(name: String, isProperty: Bool)]] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        choices = Choices(bytes: bytes)
        viewCount = 1 + choices.next(24)
        typeCount = 1 + choices.next(6)
        mayCycle = choices.chance(50)
    }

    mutating func generate() -> [String] {
        for t in 0..<typeCount {
            files[0] += choices.chance(70) ? "final class T\(t): ObservableObject {}\n" : "@Observable final class T\(t) {}\n"
            // A provider helper per type.
            files[0] += "extension View { func with\(t)() -> some View { environmentObject(T\(t)()) } }\n"
        }
        for i in 0..<viewCount {
            names.append(i > 0 && choices.chance(10) ? names[choices.next(i)] : "V\(i)")
            members.append((0..<choices.next(4)).map { ("part\($0)", choices.chance(50)) })
        }
        // A container of the project that provides around its content, and one it does not know.
        let provided = choices.next(typeCount)
        files[1] += """
            struct Scope<Content: View>: View {
                let content: Content
                init(@ViewBuilder content: () -> Content) { self.content = content() }
                var body: some View { content.environmentObject(T\(provided)()) }
            }

            """
        for i in 0..<viewCount { declareView(i) }
        declareRoots()
        return files
    }

    mutating func declareView(_ i: Int) {
        var text = "struct \(names[i]): View {\n"
        var uses: [String] = []
        for t in 0..<typeCount where choices.chance(25) {
            switch choices.next(4) {
            case 0: text += "    @Environment(T\(t).self) private var o\(t)\n"
            case 1: text += "    #if os(macOS)\n    @EnvironmentObject var m\(t): T\(t)\n    #endif\n"; uses.append("m\(t)")
            default: text += "    @EnvironmentObject var e\(t): T\(t)\n"; uses.append("e\(t)")
            }
        }
        let reads = uses.map { "Text(\"\\(\($0).hashValue)\")" }.joined(separator: "\n")
        text += "    var body: some View {\n        VStack {\n\(reads)\n\(constructions(in: i, member: nil, depth: 0))\n        }\n    }\n"
        // Some members in an extension of the view, in the other file.
        var extensionText = ""
        for (m, member) in members[i].enumerated() {
            let shown = constructions(in: i, member: m, depth: 0)
            let declaration = member.isProperty
                ? "    var \(member.name): some View {\n        Group {\n\(shown)\n        }\n    }\n"
                : "    @ViewBuilder func \(member.name)() -> some View {\n\(shown)\n    }\n"
            if choices.chance(20) { extensionText += declaration } else { text += declaration }
        }
        text += "}\n"
        // Some declarations compiled for one platform only.
        switch choices.next(10) {
        case 0: text = "#if os(macOS)\n\(text)#endif\n"
        case 1: text = "#if os(iOS)\n\(text)#else\nstruct \(names[i]): View { var body: some View { Text(\"\") } }\n#endif\n"
        default: break
        }
        let file = choices.next(2)
        files[file] += text
        if !extensionText.isEmpty { files[1 - file] += "extension \(names[i]) {\n\(extensionText)}\n" }
    }

    /// One to three constructions, nested up to three deep, in the body (`member` nil) or a member of `view`
    /// (nil: a root).
    mutating func constructions(in view: Int?, member: Int?, depth: Int) -> String {
        (0..<(1 + choices.next(3))).map { _ in construction(in: view, member: member, depth: depth) }.joined(separator: "\n")
    }

    mutating func construction(in view: Int?, member: Int?, depth: Int) -> String {
        let targets = mayCycle || view == nil ? names : names.filter { names.firstIndex(of: $0)! > view! }
        var shown = targets.isEmpty ? "Text(\"\")" : "\(targets[choices.next(targets.count)])()"
        if depth < 3 {
            // `open`, constructions nested one level deeper, `close`.
            func block(_ generator: inout ProjectGenerator, _ open: String, _ close: String = "}") -> String {
                open + "\n" + generator.constructions(in: view, member: member, depth: depth + 1) + "\n" + close
            }
            switch choices.next(20) {
            case 0: shown = block(&self, "Text(\"\").sheet(isPresented: .constant(true)) {")
            case 1: shown = "NavigationLink(destination: \(shown)) { Text(\"\") }"
            case 2: shown = block(&self, "NavigationLink {", "} label: { Text(\"\") }")
            case 3: shown = block(&self, "NavigationStack {")
            case 4: shown = block(&self, "Scope {")
            case 5: shown = block(&self, "Unknown {")
            case 6:
                let otherwise = block(&self, "#else", "#endif")
                return block(&self, "#if os(iOS)", otherwise) // no modifier after `#endif`
            case 7: shown = block(&self, "ForEach(0..<2) { _ in")
            case 8: shown = block(&self, "Text(\"\").navigationDestination(for: Int.self) { _ in")
            case 9:
                // A member of the same view.
                guard let view else { break }
                let first = mayCycle ? 0 : member.map { $0 + 1 } ?? 0
                if first < members[view].count {
                    let used = members[view][first + choices.next(members[view].count - first)]
                    shown = (choices.chance(50) ? "self." : "") + used.name + (used.isProperty ? "" : "()")
                }
            case 10: shown = "let v\(depth) = \(shown)\nv\(depth)"
            default: break
            }
        }
        switch choices.next(6) {
        case 0: shown += ".environmentObject(T\(choices.next(typeCount))())"
        case 1: shown += ".environment(T\(choices.next(typeCount))())"
        case 2: shown += ".with\(choices.next(typeCount))()"
        default: break
        }
        return shown
    }

    mutating func declareRoots() {
        var app = "@main struct FuzzApp: App {\n    var body: some Scene {\n        WindowGroup {\n"
        for _ in 0..<(1 + choices.next(3)) { app += construction(in: nil, member: nil, depth: 2) + "\n" }
        app += "        }\n        Settings { \(names[choices.next(viewCount)])() }\n    }\n}\n"
        files[0] += app
        for _ in 0..<choices.next(4) { files[1] += "#Preview {\n\(construction(in: nil, member: nil, depth: 2))\n}\n" }
        if choices.chance(50) {
            files[1] += "struct Previews: PreviewProvider {\n    static var previews: some View {\n"
                + construction(in: nil, member: nil, depth: 2) + "\n    }\n}\n"
        }
    }
}

/// Every rule on, so every check runs.
let everyRule = RuleSettings(enabled: Set(RuleRegistry.descriptors.map(\.id)), severities: [:])

func fuzzEnvironment(_ bytes: UnsafeBufferPointer<UInt8>) {
    var generator = ProjectGenerator(bytes)
    let sources = generator.generate()
    if ProcessInfo.processInfo.environment["FLOWLINT_FUZZ_SHOW"] != nil {
        print(sources.enumerated().map { "// Fuzz\($0.offset).swift\n\($0.element)" }.joined(separator: "\n"))
    }
    let files = sources.enumerated().map { LintFile(path: "Fuzz\($0.offset).swift", bytes: Array($0.element.utf8)) }
    let index = ProjectIndex(files: files.map { LintEngine.facts(for: $0, settings: everyRule) })
    // Every project check, the environment rules' analysis among them (kept with the index).
    for rule in RuleRegistry.runners { _ = rule.check(project: index) }
    let findings = index[EnvironmentAnalysis.self].rootFindings
    for finding in findings { checkChains(finding) }
    var again = EnvironmentGraph(index: index)
    if describe(again.rootFindings(including: { _ in true })) != describe(findings) { fatalError("the analysis is not deterministic") }
    let graph = ViewGraph(index: index)
    _ = graph.dot()
    _ = graph.mermaid()

    // The oracle, on the projects made without cycles (with cycles it nearly always meets one and is not exact).
    if !generator.mayCycle && again.providedAnywhere.count <= 5 {
        var reference = ReferenceAnalysis(graph: EnvironmentGraph(index: index))
        // Each chain by its length: of two chains as short (through two constructions of a view, or through two
        // views that read the type), the walk and the reference may each take another; `checkChains` checks that
        // every chain found is a path of the project.
        let expected = describe(reference.rootFindings(), chains: false)
        let found = describe(findings, chains: false)
        if reference.metCycle { fatalError("the generator made a cycle in a project meant to have none") }
        if expected != found {
            fatalError("the analysis differs from the reference\n--- reference\n\(expected)\n--- found\n\(found)\n--- sources\n\(sources.joined(separator: "\n// ---\n"))")
        }
    }
}

/// Every chain is a path of the project from the view the root shows to a reader of the missing type.
func checkChains(_ finding: EnvironmentGraph.RootFinding) {
    for entry in finding.missing {
        guard let last = entry.steps.last else { fatalError("an empty chain for \(entry.type)") }
        var previous = entry.chainStart.view
        for step in entry.steps.dropLast() {
            if step.note.message != "'\(previous)' shows '\(step.view)' here" { fatalError("a broken chain: \(step.note.message) after \(previous)") }
            previous = step.view
        }
        if last.view != previous || last.note.message != "'\(previous)' reads '\(entry.type)' here" {
            fatalError("a chain that does not end at a reader: \(last.note.message) after \(previous)")
        }
    }
}

func describe(_ findings: [EnvironmentGraph.RootFinding], chains: Bool = true) -> String {
    findings.map { finding in
        "\(finding.rootKind) \(finding.view) @\(finding.span.startOffset) " + finding.missing.map { entry in
            "\(entry.type) from \(entry.chainStart.view)@\(entry.chainStart.span.startOffset): " + (chains
                ? entry.steps.map { "\($0.note.message)@\($0.note.span.file):\($0.note.span.startOffset)" }.joined(separator: ", ")
                : "\(entry.steps.count) steps")
        }.joined(separator: "; ")
    }.joined(separator: "\n")
}

/// The analysis before issue 23: a recursion per view, memoised on the view and the set provided above it
/// (exponential in the number of sets, so only run with few provided types). Exact where it meets no cycle.
struct ReferenceAnalysis {
    var graph: EnvironmentGraph
    var index: ProjectIndex { graph.index }
    var memo: [String: [String: [EnvironmentGraph.Step]]] = [:]
    var inProgress: Set<String> = []
    /// A view or member was met again while being walked: the walk was cut there, and may differ from the new one.
    var metCycle = false

    mutating func rootFindings() -> [EnvironmentGraph.RootFinding] {
        var out: [EnvironmentGraph.RootFinding] = []
        for ref in index.roots {
            let root = index.renderer(ref)
            guard case .root(let rootKind) = root.kind else { continue }
            var groups: [EnvironmentGraph.RootFinding] = []
            var groupByTypes: [[String]: Int] = [:]
            for edge in root.edges {
                // A root's constructions are resolved from the root's file, outside any type, in every build (-1).
                guard case .view(let name) = edge.target,
                      let provided = graph.environment(after: edge, around: [], file: Int(ref.file), scope: nil, build: -1)
                else { continue }
                if rootKind == .app && SwiftUINames.sceneBuilders.contains(name)
                    && !edge.enclosingCallees.contains(where: SwiftUINames.sceneBuilders.contains) { continue }
                if edge.inUncontainedDestination { continue }
                let platforms = root.platforms.intersection(edge.platforms)
                    .intersection(EnvironmentGraph.scenePlatforms(of: edge, in: rootKind))
                if platforms.isEmpty { continue }
                let missing = self.missing(in: name, provided: provided, navigable: edge.underNavigationContainer, platforms: platforms)
                guard !missing.isEmpty else { continue }
                let types = missing.keys.sorted()
                if let g = groupByTypes[types] {
                    for (i, entry) in groups[g].missing.enumerated() where missing[entry.type]!.count < entry.steps.count {
                        groups[g].missing[i] = (entry.type, (name, edge.span), missing[entry.type]!)
                    }
                } else {
                    groupByTypes[types] = groups.count
                    groups.append(EnvironmentGraph.RootFinding(root: ref, rootKind: rootKind, span: edge.span, view: name,
                                                               missing: types.map { ($0, (name, edge.span), missing[$0]!) }))
                }
            }
            out += groups
        }
        return out
    }

    mutating func missing(in name: String, provided: Set<String>, navigable: Bool, platforms: Platforms) -> [String: [EnvironmentGraph.Step]] {
        guard let all = graph.candidates[name] else { return [:] }
        let declarations = platforms == .all ? all : all.filter { !index.type($0).platforms.isDisjoint(with: platforms) }
        let key = name + (navigable ? "|n" : "|") + "\(platforms.rawValue)|" + provided.sorted().joined(separator: ",")
        if let cached = memo[key] { return cached }
        guard inProgress.insert(key).inserted else {
            metCycle = true
            return [:]
        }
        var common: [String: [EnvironmentGraph.Step]]?
        for declaration in declarations {
            let found = missing(inDeclaration: declaration, name: name, provided: provided, navigable: navigable,
                                platforms: platforms.intersection(index.type(declaration).platforms))
            common = common.map { c in c.filter { found[$0.key] != nil } } ?? found
        }
        inProgress.remove(key)
        memo[key] = common ?? [:]
        return common ?? [:]
    }

    mutating func missing(inDeclaration declaration: (file: Int, type: Int), name: String,
                          provided: Set<String>, navigable: Bool, platforms: Platforms) -> [String: [EnvironmentGraph.Step]] {
        var result: [String: [EnvironmentGraph.Step]] = [:]
        for property in graph.readers(of: declaration) {
            guard let needed = property.environmentObjectType, !provided.contains(needed), let span = property.attributeSpan,
                  result[needed] == nil, EnvironmentGraph.reads(property, onPathsFor: platforms) else { continue }
            result[needed] = [.init(view: name, note: DiagnosticNote(message: "'\(name)' reads '\(needed)' here", span: span),
                                    tap: property.readOnlyOnTap)]
        }
        for renderer in renderers(of: declaration, name: name, member: nil) where !renderer.platforms.isDisjoint(with: platforms) {
            merge(edgesOf: renderer, owner: name, declaration: declaration, provided: provided, navigable: navigable,
                  platforms: platforms.intersection(renderer.platforms), into: &result)
        }
        return result
    }

    func renderers(of declaration: (file: Int, type: Int), name: String, member: String?) -> [Renderer] {
        let unique = (graph.candidates[name]?.count ?? 0) == 1
        return (index.renderersByType[name] ?? []).compactMap { ref in
            let renderer = index.renderer(ref)
            let memberName: String?, typeIndex: Int
            switch renderer.kind {
            case .member(_, let t, let m): (memberName, typeIndex) = (m, t)
            case .viewBody(_, let t): (memberName, typeIndex) = (nil, t)
            case .root: return nil
            }
            guard memberName == member else { return nil }
            let file = Int(ref.file)
            let belongs = (file == declaration.file && typeIndex == declaration.type)
                || (unique && index.files[file].types[typeIndex].kind == .extension)
            return belongs ? renderer : nil
        }
    }

    mutating func merge(edgesOf renderer: Renderer, owner: String, declaration: (file: Int, type: Int),
                        provided: Set<String>, navigable: Bool, platforms: Platforms,
                        into result: inout [String: [EnvironmentGraph.Step]]) {
        for edge in renderer.edges {
            if edge.inUncontainedDestination && !navigable { continue }
            let edgePlatforms = platforms.intersection(edge.platforms)
            if edgePlatforms.isEmpty { continue }
            // The containers around the construction are resolved from the declaration's own type (the generated
            // projects keep a view's members in its declaration's file), in every build (-1).
            let scope = index.files[declaration.file].types[declaration.type].qualifiedOrSimpleName
            guard let below = graph.environment(after: edge, around: provided, file: declaration.file, scope: scope,
                                                build: -1) else { continue }
            let navigableBelow = navigable || edge.underNavigationContainer
            var found: [String: [EnvironmentGraph.Step]]
            switch edge.target {
            case .view(let child):
                found = missing(in: child, provided: below, navigable: navigableBelow, platforms: edgePlatforms)
                for (needed, steps) in found {
                    let step = EnvironmentGraph.Step(view: child, note: DiagnosticNote(message: "'\(owner)' shows '\(child)' here", span: edge.span),
                                                     presentation: edge.presentation)
                    found[needed] = [step] + steps
                }
            case .member(let member):
                found = [:]
                let memberKey = "\(owner).\(member)" + (navigableBelow ? "|n" : "|") + "\(edgePlatforms.rawValue)|"
                    + below.sorted().joined(separator: ",")
                guard inProgress.insert(memberKey).inserted else {
                    metCycle = true
                    continue
                }
                for r in renderers(of: declaration, name: owner, member: member) where !r.platforms.isDisjoint(with: edgePlatforms) {
                    merge(edgesOf: r, owner: owner, declaration: declaration, provided: below, navigable: navigableBelow,
                          platforms: edgePlatforms.intersection(r.platforms), into: &found)
                }
                inProgress.remove(memberKey)
            }
            for (needed, steps) in found where result[needed].map({ Self.isBetter(steps, than: $0) }) ?? true { result[needed] = steps }
        }
    }

    /// The analysis gives, of the chains to a reader, one that crashes as soon as the view is shown where there is
    /// one (no presented step, no read only on a tap), and the shortest of those.
    static func isBetter(_ steps: [EnvironmentGraph.Step], than other: [EnvironmentGraph.Step]) -> Bool {
        func waits(_ chain: [EnvironmentGraph.Step]) -> Bool {
            chain.contains { $0.presentation != nil } || chain.last?.tap != nil
        }
        if waits(steps) != waits(other) { return !waits(steps) }
        return steps.count < other.count
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzEnvironment(UnsafeBufferPointer(start: size > 0 ? data : nil, count: size))
    return 0
}
