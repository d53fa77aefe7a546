import FlowLintSyntax
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A `flowlint:` comment: `disable`, `enable`, `disable:next`, `disable:this` or `disable:previous`, followed by
/// rule ids (or `all`) separated by spaces or commas, and optionally ` - reason`. Written in a line comment
/// (`// flowlint:...`) or a block comment (`/* flowlint:... */`); doc comments are documentation, not directives.
struct SuppressionDirective: Sendable, Equatable, Codable {
    enum Kind: Sendable, Equatable, RawRepresentable, Codable {
        case disable, enable, disableNext, disableThis, disablePrevious
        /// A comment written as a directive that FlowLint cannot apply (an unknown command, a doc comment, no
        /// rule named): it suppresses nothing and is reported with this message by `unknown_rule_in_suppression`.
        case unusable(String)

        static let commands: [Kind] = [.disable, .enable, .disableNext, .disableThis, .disablePrevious]

        /// The command as written after `flowlint:`; an unusable comment's is `!` and its message (the facts
        /// cache stores kinds by this value).
        var rawValue: String {
            switch self {
            case .disable: "disable"
            case .enable: "enable"
            case .disableNext: "disable:next"
            case .disableThis: "disable:this"
            case .disablePrevious: "disable:previous"
            case .unusable(let message): "!" + message
            }
        }

        init?(rawValue: String) {
            if let command = Kind.commands.first(where: { $0.rawValue == rawValue }) {
                self = command
            } else if rawValue.hasPrefix("!") {
                self = .unusable(String(rawValue.dropFirst()))
            } else {
                return nil
            }
        }
    }
    var kind: Kind
    var rules: [String]
    /// The whole comment: findings about the directive are reported here, and `:this` / `:next` / `:previous`
    /// count from its first and last lines.
    var span: SourceSpan

    func covers(_ rule: String) -> Bool { rules.contains("all") || rules.contains(rule) }
}

enum Suppression {
    static let prefix = Array("flowlint:".utf8)

    /// The directives of one file, read from the comments between tokens.
    static func directives(_ context: FileContext) -> [SuppressionDirective] {
        let bytes = context.tree.file.bytes
        // Most files have none: one scan for the marker (in any kind of comment) before looking at any trivia.
        guard contains(bytes, prefix, scanningFor: prefixRareByte) else { return [] }
        var out: [SuppressionDirective] = []
        let tokens = context.tree.tokens
        bytes.withUnsafeBufferPointer { buffer in
            // The tokens end with an end-of-file token, so the last gap is covered too.
            var gapStart = 0
            for token in tokens {
                let gap = gapStart..<Int(token.offset)
                gapStart = Int(token.end)
                guard gap.count > prefix.count + 2 else { continue }
                for piece in Trivia.pieces(buffer, in: gap) {
                    if let d = parse(buffer, piece, context) { out.append(d) }
                }
            }
        }
        return out
    }

    /// The `w` of `flowlint:`: rarer in Swift source than its `f` (`func`, `if`, `for`, `self`), so `contains` stops
    /// at fewer candidates (the corpus is scanned in about 60 % of the time).
    static let prefixRareByte = 3

    /// Whether `needle` occurs in `haystack`. memchr finds each candidate for the needle's byte at `key` at memory
    /// speed (the rarer that byte, the fewer stops); memcmp checks the whole needle around it.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8], scanningFor key: Int = 0) -> Bool {
        haystack.withUnsafeBytes { h in
            needle.withUnsafeBytes { n in
                guard let hBase = h.baseAddress, let nBase = n.baseAddress, key >= 0, key < n.count, h.count >= n.count
                else { return false }
                // Candidates for the key byte lie in `key...h.count - n.count + key`.
                var offset = key
                let last = h.count - n.count + key
                while offset <= last {
                    guard let hit = memchr(hBase + offset, Int32(n[key]), last - offset + 1) else { return false }
                    let at = hBase.distance(to: UnsafeRawPointer(hit)) - key
                    if memcmp(hBase + at, nBase, n.count) == 0 { return true }
                    offset = at + key + 1
                }
                return false
            }
        }
    }

    /// A comment whose text starts with `flowlint:` (after the opener and any white space) is a directive:
    /// `// flowlint:...`, `/* flowlint:... */`. Its command and rule ids are read up to the end of that line, the
    /// closing `*/` or ` - ` (a reason follows), whichever comes first; further lines of a block comment are
    /// free text. `// // flowlint:...` (commented out) is not a directive. In a doc comment (`///`, `/**`) it is
    /// reported, not applied.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ piece: TriviaPiece, _ context: FileContext) -> SuppressionDirective? {
        let opener: Int, isBlock: Bool, isDoc: Bool
        switch piece.kind {
        case .lineComment: (opener, isBlock, isDoc) = (2, false, false)
        case .docLineComment: (opener, isBlock, isDoc) = (3, false, true)
        case .blockComment: (opener, isBlock, isDoc) = (2, true, false)
        case .docBlockComment: (opener, isBlock, isDoc) = (3, true, true)
        default: return nil
        }
        let range = piece.range
        var end = range.upperBound
        if isBlock && range.count >= opener + 2 && bytes[end - 2] == UInt8(ascii: "*") && bytes[end - 1] == UInt8(ascii: "/") {
            end -= 2
        }
        var i = range.lowerBound + opener
        while i < end, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t")
                || (isBlock && (bytes[i] == UInt8(ascii: "\n") || bytes[i] == UInt8(ascii: "\r"))) {
            i += 1
        }
        guard end - i >= prefix.count, prefix.indices.allSatisfy({ bytes[i + $0] == prefix[$0] }) else { return nil }
        i += prefix.count
        var lineEnd = i
        while lineEnd < end && bytes[lineEnd] != UInt8(ascii: "\n") && bytes[lineEnd] != UInt8(ascii: "\r") { lineEnd += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<lineEnd]), as: UTF8.self)
        let span = context.span(bytes: range)
        if isDoc {
            let docOpener = isBlock ? "/**" : "///", plain = isBlock ? "/* flowlint:... */" : "// flowlint:..."
            let message = "'\(docOpener)' starts a doc comment, not a suppression comment (write '\(plain)'); this comment does nothing"
            return SuppressionDirective(kind: .unusable(message), rules: [], span: span)
        }
        let (kind, rules) = interpret(text)
        return SuppressionDirective(kind: kind, rules: rules, span: span)
    }

    /// The command and rule ids of a directive's text (what follows `flowlint:` on its line).
    static func interpret(_ text: String) -> (SuppressionDirective.Kind, [String]) {
        var body = Substring(text)
        if let reason = body.firstRange(of: " - ") { body = body[..<reason.lowerBound] }
        let isSeparator: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "," }
        let words = body.split(whereSeparator: isSeparator).map(String.init)
        let commandList = "disable, enable, disable:next, disable:this or disable:previous"
        guard let first = body.first, !isSeparator(first), let command = words.first else {
            // `flowlint: disable x`: a space before the command.
            let hint = words.first.flatMap(suggestedCommand).map { "did you mean 'flowlint:\($0)'?" } ?? commandList
            return (.unusable("'flowlint:' must be followed directly by a command (\(hint)); this comment does nothing"), [])
        }
        guard let kind = SuppressionDirective.Kind.commands.first(where: { $0.rawValue == command }) else {
            let hint = suggestedCommand(command).map { "did you mean 'flowlint:\($0)'?" } ?? "use \(commandList)"
            return (.unusable("'flowlint:\(command)' is not a FlowLint command (\(hint)); this comment does nothing"), [])
        }
        let rules = Array(words.dropFirst())
        if rules.isEmpty {
            return (.unusable("'flowlint:\(command)' names no rule (give rule ids or 'all'); this comment does nothing"), [])
        }
        return (kind, rules)
    }

    /// The command a misspelled one most likely means: other separators (`disable-next`, `disable_next`,
    /// `disableNext`), ESLint's spellings (`disable-next-line`, `disable-line`), case, or a typo.
    static func suggestedCommand(_ written: String) -> String? {
        let commands = SuppressionDirective.Kind.commands.map(\.rawValue)
        let normalized = identifierWords(written).joined(separator: ":")
        let aliases = ["disable:next:line": "disable:next", "disable:line": "disable:this", "disable:this:line": "disable:this",
                       "disable:previous:line": "disable:previous", "disable:prev": "disable:previous"]
        if let alias = aliases[normalized] { return alias }
        if commands.contains(normalized) { return normalized }
        return suggestion(for: normalized, among: commands)
    }

    /// The rule id a near miss most likely means: `non-private-state`, `NonPrivateState`, `nonPrivateState`,
    /// `NON_PRIVATE_STATE`, or one or two typing mistakes (`non_private_states`).
    static func suggestedRule(_ written: String) -> String? {
        let known = RuleRegistry.descriptors.map(\.id) + ["all"]
        let normalized = identifierWords(written).joined(separator: "_")
        if known.contains(normalized) { return normalized }
        return suggestion(for: normalized, among: known)
    }

    /// The lower-cased words of an identifier written in any style: split at `-`, `_`, `:`, spaces and
    /// lower-to-upper case changes.
    static func identifierWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousIsLowerOrDigit = false
        for character in text {
            if character == "-" || character == "_" || character == ":" || character == " " {
                if !current.isEmpty { words.append(current); current = "" }
                previousIsLowerOrDigit = false
                continue
            }
            if character.isUppercase && previousIsLowerOrDigit && !current.isEmpty {
                words.append(current); current = ""
            }
            current += character.lowercased()
            previousIsLowerOrDigit = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The known name closest to `name`: the only one it is a prefix of (three characters or more), else the
    /// nearest within two edits (one for names of four characters or fewer), ties broken alphabetically.
    static func suggestion(for name: String, among known: [String]) -> String? {
        let prefixed = known.filter { name.count >= 3 && $0.hasPrefix(name) }
        if prefixed.count == 1 { return prefixed[0] }
        let limit = name.count <= 4 ? 1 : 2
        return known.map { ($0, Configuration.editDistance(name, $0)) }.filter { $0.1 <= limit }
            .min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    /// The message for a rule id that is not a FlowLint rule, with the id it most likely means.
    static func unknownRuleMessage(_ rule: String, in kind: SuppressionDirective.Kind) -> String {
        var hint = suggestedRule(rule).map { " (did you mean '\($0)'?)" } ?? ""
        // `flowlint:disable next rule` disables `rule` for the rest of the file: the colon was meant.
        if kind == .disable, ["next", "this", "previous"].contains(rule) { hint = " (did you mean 'flowlint:disable:\(rule)'?)" }
        return "'\(rule)' is not a FlowLint rule\(hint); this comment suppresses nothing for it"
    }

    /// Removes the findings of one file that its directives suppress, and adds `superfluous_disable` and
    /// `unknown_rule_in_suppression` findings for the directives themselves.
    ///
    /// `alsoCounted`: findings that the directives reach without being this file's to keep or drop (a finding of
    /// another file placed at one of its `suppressibleAt` places here, one already silenced at its places):
    /// a directive that reaches one is not superfluous.
    static func apply(_ directives: [SuppressionDirective], to diagnostics: [Diagnostic], alsoCounted: [Diagnostic] = [],
                      settings: RuleSettings) -> [Diagnostic] {
        guard !directives.isEmpty else { return diagnostics }
        let reach = DirectiveReach(directives)
        let findings = FindingPositions(diagnostics + alsoCounted)
        var kept: [Diagnostic] = []
        for diagnostic in diagnostics where !reach.suppresses(diagnostic, namedOnly: false) { kept.append(diagnostic) }
        var own: [Diagnostic] = []
        let superfluous = SuperfluousDisableRule.descriptor, unknown = UnknownRuleInSuppressionRule.descriptor
        let reportsUnknown = settings.enabled.contains(unknown.id)
        let unknownSeverity = settings.severities[unknown.id] ?? unknown.defaultSeverity
        for (i, d) in directives.enumerated() {
            if case .unusable(let message) = d.kind {
                if reportsUnknown { own.append(Diagnostic(ruleID: unknown.id, severity: unknownSeverity, message: message, span: d.span)) }
                continue
            }
            for rule in d.rules where rule != "all" && RuleRegistry.descriptor(id: rule) == nil && reportsUnknown {
                own.append(Diagnostic(ruleID: unknown.id, severity: unknownSeverity, message: unknownRuleMessage(rule, in: d.kind),
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
/// that rule or of `all`; `disable:this` reaches every line the comment is on, `disable:next` the line after its
/// last line, `disable:previous` the line before its first line. Directives come in source order, so their
/// offsets grow with their index.
struct DirectiveReach {
    let directives: [SuppressionDirective]
    /// Per rule id (and "all"): the `disable` directives naming it, in order.
    private var disables: [String: [Int]] = [:]
    /// Per rule id (and "all"): the `enable` directives naming it, in order.
    private var enables: [String: [Int]] = [:]
    /// `disable:this`, `disable:next` and `disable:previous` directives by the lines they reach, in order.
    private var byLine: [Int: [Int]] = [:]

    init(_ directives: [SuppressionDirective]) {
        self.directives = directives
        for (i, d) in directives.enumerated() {
            switch d.kind {
            case .disable: for rule in Set(d.rules) { disables[rule, default: []].append(i) }
            case .enable: for rule in Set(d.rules) { enables[rule, default: []].append(i) }
            case .disableThis, .disableNext, .disablePrevious:
                for line in Self.lines(reachedBy: d) { byLine[line, default: []].append(i) }
            case .unusable: break
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
        case .enable, .unusable: return false
        case .disableThis, .disableNext, .disablePrevious: return Self.lines(reachedBy: d).contains(diagnostic.span.start.line)
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
            case .enable, .unusable: return false
            case .disableThis, .disableNext, .disablePrevious:
                if Self.lines(reachedBy: d).contains(where: { findings.has(r, onLine: $0) }) { return true }
            case .disable: if findings.has(r, from: d.span.startOffset, before: end(i, r)) { return true }
            }
        }
        return false
    }

    /// The lines a line directive reaches: `:this` every line the comment is on, `:next` the line after its last
    /// line, `:previous` the line before its first line.
    static func lines(reachedBy d: SuppressionDirective) -> ClosedRange<Int> {
        switch d.kind {
        case .disableNext: return (d.span.end.line + 1)...(d.span.end.line + 1)
        case .disablePrevious: return (d.span.start.line - 1)...(d.span.start.line - 1)
        default: return d.span.start.line...d.span.end.line
        }
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
