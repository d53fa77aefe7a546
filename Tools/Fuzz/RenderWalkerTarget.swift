// libFuzzer entry point for FlowLint's fact extraction: the render walker, the type resolver and the per-file
// rules over a parsed file. Built by `Tools/Fuzz/run.sh` (target `render-walker`) together with the parts of
// Sources/FlowLintKit that facts need, against Sources/FlowLintSyntax compiled as its own module.
//
// For each input: the facts with and without inert bodies skipped, every span inside the file, the suppression
// directives applied to the findings, and the render walker started at every declaration and closure (not only
// the bodies the extractor picks). A violation traps, which libFuzzer reports as a crash and saves as a
// reproducer; so do ASan errors, stack overflows and runs over the time limit.
//
// The two paths' facts are not compared: they can differ on code FastPathTests does not hold (a function or
// initializer declared inside a `#Preview` closure is skipped as inert on the fast path, and its body walked as
// part of the closure on the full one).

import FlowLintSyntax

func fuzzFacts(_ bytes: UnsafeBufferPointer<UInt8>) {
    let file = SourceFile(path: "Fuzz.swift", bytes: Array(bytes))
    let tokens = Lexer.tokenize(file)
    for skipping in [false, true] {
        let tree = Parser.parse(file, tokens: tokens, skippingInertBodies: skipping)
        let context = FileContext(tree: tree, path: file.path)
        var facts = FactExtractor.extract(context, settings: .defaults)
        facts.directives = Suppression.directives(context)
        checkSpans(facts, byteCount: bytes.count)
        _ = Suppression.apply(facts.directives, to: facts.pendingFindings.map(\.diagnostic), settings: .defaults)
        if !skipping { walkEveryBody(context) }
    }
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

func checkSpans(_ facts: FileFacts, byteCount: Int) {
    func check(_ span: SourceSpan, _ what: String) {
        if span.startOffset < 0 || span.startOffset > span.endOffset || span.endOffset > byteCount {
            fatalError("\(what) span \(span.startOffset)..<\(span.endOffset) outside 0..<\(byteCount)")
        }
    }
    for renderer in facts.renderers {
        for edge in renderer.edges { check(edge.span, "edge") }
    }
    for finding in facts.pendingFindings { check(finding.diagnostic.span, "finding") }
    for directive in facts.directives { check(directive.span, "directive") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzFacts(UnsafeBufferPointer(start: size > 0 ? data : nil, count: size))
    return 0
}
