#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowLintSyntax

/// Line layout around nodes, for fixes that add or remove whole lines (a new accessor, an attribute on its own
/// line, a statement moved elsewhere). Each answer is nil when the layout is not one declaration or statement
/// per line: a fix that would have to split a line is not offered.
extension FileContext {
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// Where the line holding `offset` starts, and its indentation, when only spaces and tabs precede `offset`
    /// on that line.
    func lineStart(before offset: Int) -> (start: Int, indentation: String)? {
        let bytes = tree.file.bytes
        var start = offset
        while start > 0 && bytes[start - 1] != UInt8(ascii: "\n") {
            guard Self.isBlank(bytes[start - 1]) else { return nil }
            start -= 1
        }
        return (start, tree.file.text(start..<offset))
    }

    /// The offset just after the line break that ends the line holding `offset`, when only blanks follow `offset`
    /// on that line (the end of the file when it has no final line break).
    func lineBreak(after offset: Int) -> Int? {
        let bytes = tree.file.bytes
        var end = offset
        while end < bytes.count && bytes[end] != UInt8(ascii: "\n") {
            guard Self.isBlank(bytes[end]) else { return nil }
            end += 1
        }
        return min(end + 1, bytes.count)
    }

    /// The whole lines `range` occupies (from the start of its first line to just after its last line break),
    /// and the indentation of its first line, when nothing else is on those lines.
    func wholeLines(_ range: Range<Int>) -> (range: Range<Int>, indentation: String)? {
        guard let start = lineStart(before: range.lowerBound), let end = lineBreak(after: range.upperBound) else { return nil }
        return (start.start..<end, start.indentation)
    }
}

extension FileContext {
    /// The positions of a few byte offsets, given in increasing order, found in one forward scan: cheaper than
    /// building the file's line table when only these are needed (line breaks as `LineTable` counts them: LF,
    /// CRLF, and a lone CR).
    func positions(ofAscending offsets: [Int]) -> [SourcePosition] {
        var out: [SourcePosition] = []
        out.reserveCapacity(offsets.count)
        var line = 1, lineStart = 0, i = 0
        tree.file.bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else {
                out = offsets.map { SourcePosition(line: 1, column: $0 + 1) }
                return
            }
            let count = buffer.count
            // Most files have no CR: then `memchr` finds each line break (vectorized), not a loop per byte.
            let hasCR = memchr(base, 0x0D, count) != nil
            for offset in offsets {
                let target = min(offset, count)
                if !hasCR {
                    while i < target, let found = memchr(base + i, 0x0A, target - i) {
                        line += 1
                        i = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                        lineStart = i
                    }
                    i = max(i, target)
                } else {
                    while i < target {
                        let b = buffer[i]
                        if b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") {
                            if b == UInt8(ascii: "\r") && i + 1 < count && buffer[i + 1] == UInt8(ascii: "\n") { i += 1 }
                            line += 1
                            lineStart = i + 1
                        }
                        i += 1
                    }
                }
                out.append(SourcePosition(line: line, column: offset - lineStart + 1))
            }
        }
        return out
    }
}
