/// Readable dumps for rule authors and bug reports (`flowlint debug tokens`, `flowlint debug ast`).
extension SyntaxTree {
    /// Indentation stops growing at this depth; deeper lines say their depth instead (`[1234] binaryExpr ...`).
    /// Trees are deep along flat chains (`a + b + ...`, `.padding().padding()...` nest one node per link), and
    /// indenting a chain of N links fully would print O(N²) spaces.
    public static let dumpIndentLimit = 100

    /// One line per node, indented by depth: kind, range (line:column-line:column), name, and the text of
    /// small leaves. Iterative: the tree may be arbitrarily deep.
    public func dump() -> String {
        let lines = LineTable(file.bytes)
        var out = ""
        // Nodes still to print with their depth, the next one last.
        var pending: [(node: NodeID, depth: Int)] = [(SyntaxTree.root, 0)]
        while let (n, depth) = pending.popLast() {
            let node = nodes[n]
            let range = byteRange(n)
            let from = lines.position(of: range.lowerBound), to = lines.position(of: range.upperBound)
            out += String(repeating: "  ", count: min(depth, Self.dumpIndentLimit))
            if depth > Self.dumpIndentLimit { out += "[\(depth)] " }
            out += "\(node.kind) \(from)-\(to)"
            if let name = name(n) { out += " name=\(quoted(name))" }
            if node.size == 1 && range.count <= 40 && node.endToken > node.firstToken {
                out += " \(quoted(text(n)))"
            }
            out += "\n"
            let firstChild = pending.count
            for c in children(n) { pending.append((c, depth + 1)) }
            pending[firstChild...].reverse()
        }
        return out
    }
}

/// One line per token: position, kind, text, and the trivia before it when it holds a comment.
public func dumpTokens(_ file: SourceFile, _ tokens: [Token]) -> String {
    let lines = LineTable(file.bytes)
    var out = ""
    for t in tokens {
        var flags: [String] = []
        if t.flags.contains(.atStartOfLine) { flags.append("line-start") }
        if t.flags.contains(.malformed) { flags.append("malformed") }
        if t.keyword != .none && t.kind == .identifier { flags.append("contextual:\(t.keyword)") }
        let flagText = flags.isEmpty ? "" : " [" + flags.joined(separator: ",") + "]"
        out += "\(lines.position(of: Int(t.offset))) \(t.kind) \(quoted(file.text(t.range)))\(flagText)\n"
    }
    return out
}

func quoted(_ s: String) -> String {
    var r = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": r += "\\\""
        case "\\": r += "\\\\"
        case "\n": r += "\\n"
        case "\r": r += "\\r"
        case "\t": r += "\\t"
        default:
            if scalar.value < 0x20 { r += "\\u{\(String(scalar.value, radix: 16))}" } else { r.unicodeScalars.append(scalar) }
        }
    }
    return r + "\""
}
