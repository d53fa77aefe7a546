import FlowLintSyntax
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A `// flowlint:` comment: `disable`, `enable`, `disable:next`, `disable:this`, followed by rule ids (or
/// `all`) separated by spaces or commas, and optionally ` - reason`.
struct SuppressionDirective: Sendable, Equatable, Codable {
    enum Kind: String, Sendable, Codable { case disable, enable, disableNext = "disable:next", disableThis = "disable:this" }
    var kind: Kind
    var rules: [String]
    var span: SourceSpan

    func covers(_ rule: String) -> Bool { rules.contains("all") || rules.contains(rule) }
}

enum Suppression {
    static let prefix = Array("flowlint:".utf8)

    /// The directives of one file, read from the comments between tokens.
    static func directives(_ context: FileContext) -> [SuppressionDirective] {
        let bytes = context.tree.file.bytes
        // Most files have none: one scan for the marker before looking at any trivia.
        guard contains(bytes, prefix) else { return [] }
        var out: [SuppressionDirective] = []
        let tokens = context.tree.tokens
        bytes.withUnsafeBufferPointer { buffer in
            var gapStart = 0
            for token in tokens {
                let gap = gapStart..<Int(token.offset)
                gapStart = Int(token.end)
                guard gap.count > prefix.count + 2 else { continue }
                for piece in Trivia.pieces(buffer, in: gap) where piece.kind == .lineComment {
                    if let d = parse(buffer, piece.range, context) { out.append(d) }
                }
            }
        }
        return out
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        // memchr finds each candidate first byte at memory speed; memcmp checks the rest.
        haystack.withUnsafeBytes { h in
            needle.withUnsafeBytes { n in
                guard let hBase = h.baseAddress, let nBase = n.baseAddress, n.count > 0, h.count >= n.count else { return false }
                var offset = 0
                let last = h.count - n.count
                while offset <= last {
                    guard let hit = memchr(hBase + offset, Int32(n[0]), last - offset + 1) else { return false }
                    let at = hBase.distance(to: UnsafeRawPointer(hit))
                    if memcmp(hBase + at, nBase, n.count) == 0 { return true }
                    offset = at + 1
                }
                return false
            }
        }
    }

    /// `//` + optional spaces + `flowlint:` + command + rules [- reason]. `// // flowlint:...` is not a directive.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ context: FileContext) -> SuppressionDirective? {
        var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        text.removeFirst(2) // "//"
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("flowlint:") else { return nil }
        var body = trimmed.dropFirst("flowlint:".count)
        if let reason = body.range(of: " - ") { body = body[..<reason.lowerBound] }
        let words = body.split { $0 == " " || $0 == "\t" || $0 == "," }.map(String.init)
        guard let command = words.first, let kind = SuppressionDirective.Kind(rawValue: command) else { return nil }
        return SuppressionDirective(kind: kind, rules: Array(words.dropFirst()), span: context.span(bytes: range))
    }

    /// Removes the findings of one file that its directives suppress, and adds `superfluous_disable` and
    /// `unknown_rule_in_suppression` findings for the directives themselves.
    static func apply(_ directives: [SuppressionDirective], to diagnostics: [Diagnostic], settings: RuleSettings) -> [Diagnostic] {
        guard !directives.isEmpty else { return diagnostics }
        var used = Array(repeating: Set<String>(), count: directives.count)
        var kept: [Diagnostic] = []
        for diagnostic in diagnostics {
            var suppressed = false
            for (i, d) in directives.enumerated() where d.covers(diagnostic.ruleID) && covers(d, directives, i, diagnostic) {
                used[i].insert(diagnostic.ruleID)
                suppressed = true
            }
            if !suppressed { kept.append(diagnostic) }
        }
        var own: [Diagnostic] = []
        let superfluous = SuperfluousDisableRule.descriptor, unknown = UnknownRuleInSuppressionRule.descriptor
        for (i, d) in directives.enumerated() {
            for rule in d.rules where rule != "all" && RuleRegistry.descriptor(id: rule) == nil && settings.enabled.contains(unknown.id) {
                own.append(Diagnostic(ruleID: unknown.id, severity: settings.severities[unknown.id] ?? unknown.defaultSeverity,
                                      message: "'\(rule)' is not a FlowLint rule; this comment suppresses nothing for it",
                                      span: d.span))
            }
            guard d.kind != .enable, settings.enabled.contains(superfluous.id) else { continue }
            // A directive about the suppression rules themselves is never reported as superfluous.
            let judged = d.rules.filter { r in
                r != superfluous.id && r != unknown.id && (r == "all" || settings.enabled.contains(r))
            }
            for rule in judged where rule == "all" ? used[i].isEmpty : !used[i].contains(rule) {
                own.append(Diagnostic(ruleID: superfluous.id, severity: settings.severities[superfluous.id] ?? superfluous.defaultSeverity,
                                      message: "'flowlint:\(d.kind.rawValue) \(rule)' suppresses nothing; remove it",
                                      span: d.span))
            }
        }
        // The directives' own findings can be suppressed too, by directives that name their rules.
        let ownKept = own.filter { diagnostic in
            !directives.enumerated().contains { i, d in d.rules.contains(diagnostic.ruleID) && covers(d, directives, i, diagnostic) }
        }
        return kept + ownKept
    }

    /// Whether directive `i` reaches the diagnostic's position.
    static func covers(_ d: SuppressionDirective, _ all: [SuppressionDirective], _ i: Int, _ diagnostic: Diagnostic) -> Bool {
        let line = diagnostic.span.start.line
        switch d.kind {
        case .enable: return false
        case .disableThis: return line == d.span.start.line
        case .disableNext: return line == d.span.start.line + 1
        case .disable:
            guard diagnostic.span.startOffset >= d.span.startOffset else { return false }
            // Until a later `enable` of the same rule (or all).
            for e in all[(i + 1)...] where e.kind == .enable && (e.covers(diagnostic.ruleID) || e.rules.contains("all"))
                && e.span.startOffset <= diagnostic.span.startOffset {
                return false
            }
            return true
        }
    }
}
