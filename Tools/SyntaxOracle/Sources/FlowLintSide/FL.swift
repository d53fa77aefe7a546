// FlowLint's front end (FlowLintSyntax) translated into the oracle's vocabulary.

import FlowLintSyntax
import OracleCore

public enum FlowLintSide {

    static func kindClass(_ k: TokenKind) -> KindClass? {
        switch k {
        case .endOfFile: return nil
        case .identifier, .keyword, .dollarIdentifier, .wildcard: return .word
        case .integerLiteral: return .int
        case .floatLiteral: return .float
        case .stringQuote, .multilineStringQuote, .singleQuote, .rawStringPoundDelimiter, .stringSegment: return .string
        case .regexSlash, .regexPoundDelimiter, .regexLiteralPattern: return .regex
        case .poundIf, .poundElseif, .poundElse, .poundEndif, .poundSourceLocation, .poundAvailable, .poundUnavailable:
            return .directive
        case .shebang: return .shebang
        case .unknown: return .unknown
        default: return .punct
        }
    }

    /// Raw FlowLint tokens (including `.endOfFile`), for the round trip.
    public struct RawToken {
        public var offset: Int
        public var length: Int
        public var kind: String
        public var isEndOfFile: Bool
    }

    public static func rawTokens(_ bytes: UnsafeBufferPointer<UInt8>) -> [RawToken] {
        Lexer.tokenize(bytes).map {
            RawToken(offset: Int($0.offset), length: Int($0.length), kind: "\($0.kind)", isEndOfFile: $0.kind == .endOfFile)
        }
    }

    /// FlowLint's token stream, end of file excluded.
    public static func tokens(_ bytes: UnsafeBufferPointer<UInt8>) -> [OToken] {
        var out: [OToken] = []
        let toks = Lexer.tokenize(bytes)
        out.reserveCapacity(toks.count)
        for t in toks {
            guard let c = kindClass(t.kind) else { break }
            out.append(OToken(kind: c, offset: Int(t.offset), length: Int(t.length), detail: "\(t.kind)"))
        }
        return out
    }

    /// Tokenizes and returns the token count (benchmark).
    public static func countTokens(_ file: FlowLintFile) -> Int {
        return Lexer.tokenize(file.file).count
    }

    /// Tokenizes, parses and returns the node count (benchmark, round trip).
    public static func parseCount(_ file: FlowLintFile) -> Int {
        return Parser.parse(file.file).nodes.count
    }

    public static func outline(_ file: FlowLintFile) -> [OEntry] {
        return Parser.parse(file.file).outline().map {
            OEntry(kind: $0.kind, name: $0.name, attributes: $0.attributes, line: $0.line)
        }
    }
}

/// A FlowLint `SourceFile` made once (shares the byte array; no copy).
public struct FlowLintFile: @unchecked Sendable {
    let file: SourceFile
    public init(path: String, bytes: [UInt8]) { file = SourceFile(path: path, bytes: bytes) }
}
