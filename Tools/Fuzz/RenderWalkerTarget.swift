// libFuzzer entry point for FlowLint's fact extraction and rules: the render walker, the type resolver, every
// rule's per-file and project check over one file, and suppression. Built by `Tools/Fuzz/run.sh` (target
// `render-walker`) against FlowLintKit and FlowLintSyntax compiled as modules (FlowLintKit with testing enabled).
//
// For each input: the facts with and without inert bodies skipped, every span inside the file, the project
// checks over an index of that one file, the suppression directives applied to their findings, and the render
// walker started at every declaration and closure (not only the bodies the extractor picks). A violation traps, which libFuzzer reports as a crash and saves as a
// reproducer; so do ASan errors, stack overflows and runs over the time limit.
//
// The two paths' facts are not compared: they can differ on code FastPathTests does not hold (a function or
// initializer declared inside a `#Preview` closure is skipped as inert on the fast path, and its body walked as
// part of the closure on the full one).

import FlowLintSyntax
@testable import FlowLintKit

/// Every rule on, so every check runs.
let everyRule = RuleSettings(enabled: Set(RuleRegistry.descriptors.map(\.id)), severities: [:])

func fuzzFacts(_ bytes: UnsafeBufferPointer<UInt8>) {
    let file = LintFile(path: "Fuzz.swift", bytes: Array(bytes))
    for skipping in [false, true] {
        let facts = LintEngine.facts(for: file, settings: everyRule, skipsInertBodies: skipping)
        checkSpans(facts, byteCount: bytes.count)
        let index = ProjectIndex(files: [facts])
        var findings: [Diagnostic] = []
        for rule in RuleRegistry.runners { findings += rule.check(project: index) }
        for finding in findings { checkSpan(finding.span, "finding", byteCount: bytes.count) }
        _ = Suppression.apply(facts.directives, to: findings, settings: everyRule)
    }
    let tree = Parser.parse(SourceFile(path: file.path, bytes: file.bytes))
    walkEveryBody(FileContext(tree: tree, path: file.path))
}

/// The walker from every declaration and closure, as a view body with a few view members named.
func walkEveryBody(_ context: FileContext) {
    let tree = context.tree
    for n in tree.nodes.indices {
        switch tree.kind(n) {
        case .variableDecl, .funcDecl, .initDecl, .closureExpr:
            var walker = RenderWalker(context: context, ownerType: "Owner", viewMembers: ["body", "header", "content", "row"])
            walker.walk(n)
            for edge in walker.edges where edge.span.startOffset > edge.span.endOffset || edge.span.endOffset > tree.file.bytes.count {
                fatalError("edge span out of the file: \(edge.span)")
            }
        default:
            break
        }
    }
}

func checkSpan(_ span: SourceSpan, _ what: String, byteCount: Int) {
    if span.startOffset < 0 || span.startOffset > span.endOffset || span.endOffset > byteCount {
        fatalError("\(what) span \(span.startOffset)..<\(span.endOffset) outside 0..<\(byteCount)")
    }
}

func checkSpans(_ facts: FileFacts, byteCount: Int) {
    for renderer in facts.renderers {
        for edge in renderer.edges { checkSpan(edge.span, "edge", byteCount: byteCount) }
    }
    for directive in facts.directives { checkSpan(directive.span, "directive", byteCount: byteCount) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzFacts(UnsafeBufferPointer(start: size > 0 ? data : nil, count: size))
    return 0
}
