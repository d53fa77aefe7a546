import FlowLintSyntax
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A `// flowlint:` comment: `disable`, `enable`, `disable:next`, `disable:this`, followed by rule ids (or
/// `all`) separated by spaces or commas, and optionally ` - reason`.
struct SuppressionDirective: Sendable, Equatable {
    enum Kind: String, Sendable { case disable, enable, disableNext = "disable:next", disableThis = "disable:this" }
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
        let reach = DirectiveReach(directives)
        let findings = FindingPositions(diagnostics)
        var kept: [Diagnostic] = []
        for diagnostic in diagnostics where !reach.suppresses(diagnostic, namedOnly: false) { kept.append(diagnostic) }
        var own: [Diagnostic] = []
        let superfluous = SuppressionRules.superfluousDisable, unknown = SuppressionRules.unknownRuleInSuppression
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
            for rule in judged where !reach.reachesSome(i, rule, of: findings) {
                own.append(Diagnostic(ruleID: superfluous.id, severity: settings.severities[superfluous.id] ?? superfluous.defaultSeverity,
                                      message: "'flowlint:\(d.kind.rawValue) \(rule)' suppresses nothing; remove it",
                                      span: d.span))
            }
        }
        // The directives' own findings can be suppressed too, by directives that name their rules.
        let ownKept = own.filter { !reach.suppresses($0, namedOnly: true) }
        return kept + ownKept
    }
}

/// Which findings the directives of one file reach, answered without trying every directive on every finding
/// (a file with thousands of directives and findings was cubic: each pair, and for each `disable` every later
/// directive).
///
/// A `disable` reaches the findings of a rule it covers from its own position up to the next later `enable` of
/// that rule or of `all`; `disable:this` reaches its line, `disable:next` the line after. Directives come in
/// source order, so their offsets grow with their index.
struct DirectiveReach {
    let directives: [SuppressionDirective]
    /// Per rule id (and "all"): the `disable` directives naming it, in order.
    private var disables: [String: [Int]] = [:]
    /// Per rule id (and "all"): the `enable` directives naming it, in order.
    private var enables: [String: [Int]] = [:]
    /// `disable:this` and `disable:next` directives by the line they reach, in order.
    private var byLine: [Int: [Int]] = [:]

    init(_ directives: [SuppressionDirective]) {
        self.directives = directives
        for (i, d) in directives.enumerated() {
            switch d.kind {
            case .disable: for rule in Set(d.rules) { disables[rule, default: []].append(i) }
            case .enable: for rule in Set(d.rules) { enables[rule, default: []].append(i) }
            case .disableThis: byLine[d.span.start.line, default: []].append(i)
            case .disableNext: byLine[d.span.start.line + 1, default: []].append(i)
            }
        }
    }

    /// The offset where `disable` directive `i` stops reaching findings of `rule`, or nil if it never does.
    func end(_ i: Int, _ rule: String) -> Int? {
        var end: Int?
        for key in [rule, "all"] {
            guard let list = enables[key], let first = Self.firstIndex(in: list, after: i) else { continue }
            let offset = directives[list[first]].span.startOffset
            end = min(end ?? offset, offset)
        }
        return end
    }

    /// Whether directive `i` reaches the position of `diagnostic` for its rule (whether `i` covers the rule
    /// is not checked).
    func reaches(_ i: Int, _ diagnostic: Diagnostic) -> Bool {
        let d = directives[i]
        switch d.kind {
        case .enable: return false
        case .disableThis: return diagnostic.span.start.line == d.span.start.line
        case .disableNext: return diagnostic.span.start.line == d.span.start.line + 1
        case .disable:
            guard diagnostic.span.startOffset >= d.span.startOffset else { return false }
            return end(i, diagnostic.ruleID).map { diagnostic.span.startOffset < $0 } ?? true
        }
    }

    /// Whether a directive covering the diagnostic's rule reaches it; with `namedOnly`, only one that names the
    /// rule (not `all`).
    func suppresses(_ diagnostic: Diagnostic, namedOnly: Bool) -> Bool {
        let rule = diagnostic.ruleID
        for i in byLine[diagnostic.span.start.line] ?? [] {
            let d = directives[i]
            if reaches(i, diagnostic) && (d.rules.contains(rule) || !namedOnly && d.rules.contains("all")) { return true }
        }
        // Of the `disable`s at or before the diagnostic, the last reaches farthest: an earlier one stops at the
        // same `enable` or sooner.
        for key in namedOnly ? [rule] : [rule, "all"] {
            guard let list = disables[key], let last = Self.lastIndex(in: list, atOrBefore: diagnostic.span.startOffset, directives)
            else { continue }
            if reaches(list[last], diagnostic) { return true }
        }
        return false
    }

    /// Whether directive `i` reaches some finding of `rule` (of any rule for "all") among `findings`.
    func reachesSome(_ i: Int, _ rule: String, of findings: FindingPositions) -> Bool {
        let d = directives[i]
        for r in rule == "all" ? findings.rules : [rule] {
            switch d.kind {
            case .enable: return false
            case .disableThis: if findings.has(r, onLine: d.span.start.line) { return true }
            case .disableNext: if findings.has(r, onLine: d.span.start.line + 1) { return true }
            case .disable: if findings.has(r, from: d.span.startOffset, before: end(i, r)) { return true }
            }
        }
        return false
    }

    /// Position in `list` (directive indices, ascending) of the first index greater than `i`.
    static func firstIndex(in list: [Int], after i: Int) -> Int? {
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid] <= i { lo = mid + 1 } else { hi = mid }
        }
        return lo < list.count ? lo : nil
    }

    /// Position in `list` (directive indices in source order) of the last directive starting at or before `offset`.
    static func lastIndex(in list: [Int], atOrBefore offset: Int, _ directives: [SuppressionDirective]) -> Int? {
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if directives[list[mid]].span.startOffset <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? lo - 1 : nil
    }
}

/// Where the findings of one file are, by rule: for "does a directive reach any finding of this rule".
struct FindingPositions {
    private var offsets: [String: [Int]] = [:]
    private var lines: [String: Set<Int>] = [:]

    init(_ diagnostics: [Diagnostic]) {
        for d in diagnostics {
            offsets[d.ruleID, default: []].append(d.span.startOffset)
            lines[d.ruleID, default: []].insert(d.span.start.line)
        }
        for rule in offsets.keys { offsets[rule]!.sort() }
    }

    /// The rules with findings, in a fixed order.
    var rules: [String] { offsets.keys.sorted() }

    func has(_ rule: String, onLine line: Int) -> Bool { lines[rule]?.contains(line) ?? false }

    /// A finding of `rule` at an offset in `start ..< end` (no upper bound when `end` is nil).
    func has(_ rule: String, from start: Int, before end: Int?) -> Bool {
        guard let sorted = offsets[rule] else { return false }
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < start { lo = mid + 1 } else { hi = mid }
        }
        guard lo < sorted.count else { return false }
        return end.map { sorted[lo] < $0 } ?? true
    }
}
