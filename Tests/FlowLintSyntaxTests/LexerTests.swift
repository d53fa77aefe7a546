import XCTest
@testable import FlowLintSyntax

/// Lexes `source` and returns (kind, text) of every token but the final end of file.
func lexKinds(_ source: String) -> [(TokenKind, String)] {
    let file = SourceFile(path: "test.swift", text: source)
    let tokens = Lexer.tokenize(file)
    return tokens.dropLast().map { ($0.kind, file.text(of: $0)) }
}

/// Lexes `source` and returns its tokens (end of file included).
func lexTokens(_ source: String) -> [Token] {
    Lexer.tokenize(SourceFile(path: "test.swift", text: source))
}

func assertLex(_ source: String, _ expected: [(TokenKind, String)], file: StaticString = #filePath, line: UInt = #line) {
    let actual = lexKinds(source)
    let render = { (list: [(TokenKind, String)]) in list.map { "\($0.0) \($0.1.debugDescription)" }.joined(separator: "\n") }
    if actual.count != expected.count || zip(actual, expected).contains(where: { $0.0 != $1.0 || $0.1 != $1.1 }) {
        XCTFail("lexing \(source.debugDescription)\n--- expected\n\(render(expected))\n--- actual\n\(render(actual))", file: file, line: line)
    }
}

final class LexerTests: XCTestCase {
    // MARK: End of file, trivia and flags

    func testEmptyInput() {
        let tokens = lexTokens("")
        XCTAssertEqual(tokens.count, 1)
        XCTAssertEqual(tokens[0].kind, .endOfFile)
        XCTAssertEqual(tokens[0].offset, 0)
        XCTAssertEqual(tokens[0].length, 0)
    }

    func testEndOfFileAtByteCount() {
        let tokens = lexTokens("let x = 1 // done\n")
        XCTAssertEqual(tokens.last?.kind, .endOfFile)
        XCTAssertEqual(tokens.last?.offset, 18)
        XCTAssertEqual(tokens.last?.length, 0)
        XCTAssertTrue(tokens.last!.isAtStartOfLine)
    }

    func testFlags() {
        let tokens = lexTokens("a b\n  c/* x */d /*\n*/e")
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .identifier, .identifier, .identifier, .identifier, .endOfFile])
        XCTAssertEqual(tokens[0].flags, [.atStartOfLine])
        XCTAssertEqual(tokens[1].flags, [.leadingTrivia])
        XCTAssertEqual(tokens[2].flags, [.atStartOfLine, .leadingTrivia])
        XCTAssertEqual(tokens[3].flags, [.leadingTrivia])
        XCTAssertEqual(tokens[4].flags, [.atStartOfLine, .leadingTrivia], "a newline inside a block comment counts")
        XCTAssertEqual(tokens[5].flags, [])
    }

    func testComments() {
        assertLex("a // line\n/// doc\nb /* one /* nested */ still */ c /** doc */ d", [
            (.identifier, "a"), (.identifier, "b"), (.identifier, "c"), (.identifier, "d"),
        ])
    }

    func testUnterminatedBlockCommentMarksEndOfFile() {
        let tokens = lexTokens("x /* /* */ never closed")
        XCTAssertEqual(tokens.count, 2)
        XCTAssertTrue(tokens[1].flags.contains(.malformed))
    }

    func testTriviaPieces() {
        let source = Array("\u{FEFF} \t\t// a\r\n/// b\n/* c */\u{0B}/** d */\r".utf8)
        let pieces = source.withUnsafeBufferPointer { Trivia.pieces($0, in: 0..<$0.count) }
        XCTAssertEqual(pieces.map(\.kind), [
            .byteOrderMark, .spaces, .tabs, .lineComment, .newlines, .docLineComment, .newlines,
            .blockComment, .other, .docBlockComment, .newlines,
        ])
        XCTAssertEqual(pieces.first?.range, 0..<3)
        XCTAssertEqual(pieces.last?.range, source.count - 1..<source.count)
        // The pieces tile the range.
        XCTAssertEqual(pieces.map { $0.range.count }.reduce(0, +), source.count)
    }

    func testTriviaPiecesThatLookLikeDocComments() {
        let source = Array("/**/\n//// banner\n/*** x */\n/// flowlint:disable".utf8)
        let pieces = source.withUnsafeBufferPointer { Trivia.pieces($0, in: 0..<$0.count) }
        XCTAssertEqual(pieces.map(\.kind), [.blockComment, .newlines, .lineComment, .newlines, .blockComment, .newlines, .docLineComment])
        XCTAssertEqual(pieces.first?.range, 0..<4)
        // A range that is not a real gap still yields pieces that tile it.
        let odd = source.withUnsafeBufferPointer { Trivia.pieces($0, in: 5..<9) }
        XCTAssertEqual(odd.map(\.range), [5..<9])
    }

    func testByteOrderMarkAndShebang() {
        assertLex("#!/usr/bin/env swift\nprint(1)", [
            (.shebang, "#!/usr/bin/env swift"), (.identifier, "print"), (.leftParen, "("), (.integerLiteral, "1"), (.rightParen, ")"),
        ])
        assertLex("\u{FEFF}import A", [(.keyword, "import"), (.identifier, "A")])
        // `#!` later in the file is not a shebang.
        assertLex("x\n#!", [(.identifier, "x"), (.pound, "#"), (.exclamationMark, "!")])
    }

    func testCRLFAndCR() {
        let tokens = lexTokens("a\r\nb\rc")
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .identifier, .identifier, .endOfFile])
        XCTAssertTrue(tokens[1].isAtStartOfLine)
        XCTAssertTrue(tokens[2].isAtStartOfLine)
    }

    // MARK: Identifiers and keywords

    func testReservedAndContextualKeywords() {
        let tokens = lexTokens("struct S { var body: some View; nonisolated func f() async throws -> Self }")
        let file = SourceFile(path: "", text: "struct S { var body: some View; nonisolated func f() async throws -> Self }")
        let words = tokens.filter { $0.kind == .keyword || $0.kind == .identifier }
        XCTAssertEqual(words.map { file.text(of: $0) }, ["struct", "S", "var", "body", "some", "View", "nonisolated", "func", "f", "async", "throws", "Self"])
        XCTAssertEqual(words.map(\.kind), [.keyword, .identifier, .keyword, .identifier, .identifier, .identifier, .identifier, .keyword, .identifier, .identifier, .keyword, .keyword])
        XCTAssertEqual(words.map(\.keyword), [.struct, .none, .var, .none, .some, .none, .nonisolated, .func, .none, .async, .throws, .Self])
    }

    func testEveryKeywordSpelling() {
        for keyword in Keyword.allCases where keyword != .none {
            let spelling = "\(keyword)"
            let tokens = lexTokens(spelling)
            XCTAssertEqual(tokens.count, 2, spelling)
            XCTAssertEqual(tokens[0].keyword, keyword, spelling)
            XCTAssertEqual(tokens[0].kind, keyword.isReserved ? .keyword : .identifier, spelling)
            // One letter more or less is a plain identifier.
            XCTAssertEqual(lexTokens(spelling + "x")[0].keyword, .none, spelling)
            XCTAssertEqual(lexTokens(String(spelling.dropLast()))[0].keyword == keyword, false, spelling)
        }
    }

    func testUnicodeIdentifiers() {
        assertLex("café 𝔸 _x x1 日本語 a$b", [
            (.identifier, "café"), (.identifier, "𝔸"), (.identifier, "_x"), (.identifier, "x1"), (.identifier, "日本語"), (.identifier, "a$b"),
        ])
    }

    func testWildcardAndDollar() {
        assertLex("_ $0 $12 $name $", [
            (.wildcard, "_"), (.dollarIdentifier, "$0"), (.dollarIdentifier, "$12"), (.dollarIdentifier, "$name"), (.identifier, "$"),
        ])
    }

    func testBacktickedIdentifiers() {
        assertLex("`class` `a b` `$` `x", [
            (.identifier, "`class`"), (.identifier, "`a b`"), (.identifier, "`$`"), (.backtick, "`"), (.identifier, "x"),
        ])
        let tokens = lexTokens("`class`")
        XCTAssertEqual(tokens[0].keyword, .none, "a backticked keyword is an identifier")
        XCTAssertTrue(lexTokens("``")[0].flags.contains(.malformed))
        XCTAssertTrue(lexTokens("`+`")[0].flags.contains(.malformed))
    }

    // MARK: Numbers

    func testIntegers() {
        assertLex("42 1_000 0b1010 0o777 0xDEAD_beef 0", [
            (.integerLiteral, "42"), (.integerLiteral, "1_000"), (.integerLiteral, "0b1010"), (.integerLiteral, "0o777"),
            (.integerLiteral, "0xDEAD_beef"), (.integerLiteral, "0"),
        ])
    }

    func testFloats() {
        assertLex("1.5 1_000.5e+3 1e10 2E-3 0x1p-2 0x1.8p3", [
            (.floatLiteral, "1.5"), (.floatLiteral, "1_000.5e+3"), (.floatLiteral, "1e10"), (.floatLiteral, "2E-3"),
            (.floatLiteral, "0x1p-2"), (.floatLiteral, "0x1.8p3"),
        ])
    }

    func testNumberMemberAccessAndRanges() {
        assertLex("1.foo", [(.integerLiteral, "1"), (.period, "."), (.identifier, "foo")])
        assertLex(".5", [(.period, "."), (.integerLiteral, "5")])
        assertLex("1..<2", [(.integerLiteral, "1"), (.binaryOperator, "..<"), (.integerLiteral, "2")])
        assertLex("x.0.1", [(.identifier, "x"), (.period, "."), (.integerLiteral, "0"), (.period, "."), (.integerLiteral, "1")])
        assertLex("0xff.description", [(.integerLiteral, "0xff"), (.period, "."), (.identifier, "description")])
    }

    func testMalformedNumbers() {
        for bad in ["12abc", "0x", "0xg", "0b2", "0o9", "1e", "1e+x", "0x1.8"] {
            let tokens = lexTokens(bad)
            XCTAssertEqual(tokens.count, 2, bad)
            XCTAssertTrue(tokens[0].flags.contains(.malformed), bad)
        }
    }

    // MARK: Strings

    func testSimpleString() {
        assertLex(#""hello""#, [(.stringQuote, "\""), (.stringSegment, "hello"), (.stringQuote, "\"")])
        assertLex(#""""#, [(.stringQuote, "\""), (.stringQuote, "\"")])
    }

    func testEscapes() {
        assertLex(#""a\"b\\c\u{1F600}""#, [(.stringQuote, "\""), (.stringSegment, #"a\"b\\c\u{1F600}"#), (.stringQuote, "\"")])
        // `\n` ends a segment, as in swift-syntax.
        assertLex(#""a\nb""#, [(.stringQuote, "\""), (.stringSegment, #"a\n"#), (.stringSegment, "b"), (.stringQuote, "\"")])
        XCTAssertTrue(lexTokens(#""\q""#)[1].flags.contains(.malformed))
    }

    func testInterpolation() {
        assertLex(#""a\(x)b""#, [
            (.stringQuote, "\""), (.stringSegment, "a"), (.backslash, "\\"), (.leftParen, "("), (.identifier, "x"),
            (.rightParen, ")"), (.stringSegment, "b"), (.stringQuote, "\""),
        ])
    }

    func testNestedInterpolationWithParensStringsAndClosures() {
        assertLex(#""\(f((a), "in\(b)"))""#, [
            (.stringQuote, "\""), (.backslash, "\\"), (.leftParen, "("), (.identifier, "f"), (.leftParen, "("), (.leftParen, "("),
            (.identifier, "a"), (.rightParen, ")"), (.comma, ","), (.stringQuote, "\""), (.stringSegment, "in"), (.backslash, "\\"),
            (.leftParen, "("), (.identifier, "b"), (.rightParen, ")"), (.stringQuote, "\""), (.rightParen, ")"), (.rightParen, ")"),
            (.stringQuote, "\""),
        ])
        assertLex(#""\({ x in x }(1))""#, [
            (.stringQuote, "\""), (.backslash, "\\"), (.leftParen, "("), (.leftBrace, "{"), (.identifier, "x"), (.keyword, "in"),
            (.identifier, "x"), (.rightBrace, "}"), (.leftParen, "("), (.integerLiteral, "1"), (.rightParen, ")"), (.rightParen, ")"),
            (.stringQuote, "\""),
        ])
    }

    func testUnterminatedStringEndsAtNewline() {
        let kinds = lexKinds("let s = \"abc\nlet t = 1")
        XCTAssertEqual(kinds.map(\.0), [.keyword, .identifier, .equal, .stringQuote, .stringSegment, .keyword, .identifier, .equal, .integerLiteral])
        XCTAssertTrue(lexTokens("\"abc\nx")[1].flags.contains(.malformed))
        // An unterminated interpolation ends at the newline too.
        XCTAssertEqual(lexKinds("\"\\(a\nb").map(\.0), [.stringQuote, .backslash, .leftParen, .identifier, .identifier])
    }

    func testUnterminatedStringAtEndOfFile() {
        let tokens = lexTokens("\"abc")
        XCTAssertEqual(tokens.map(\.kind), [.stringQuote, .stringSegment, .endOfFile])
        XCTAssertTrue(tokens[1].flags.contains(.malformed))
    }

    func testMultilineString() {
        assertLex("\"\"\"\n  one\n  \"two\" \\(x)\n  \"\"\"", [
            (.multilineStringQuote, "\"\"\""), (.stringSegment, "  one\n"), (.stringSegment, "  \"two\" "), (.backslash, "\\"),
            (.leftParen, "("), (.identifier, "x"), (.rightParen, ")"), (.stringSegment, "\n"), (.stringSegment, "  "),
            (.multilineStringQuote, "\"\"\""),
        ])
        // The newline after the opening quotes is trivia.
        let tokens = lexTokens("\"\"\"\nabc\n\"\"\"")
        XCTAssertEqual(tokens[1].offset, 4)
        XCTAssertTrue(tokens[1].isAtStartOfLine)
    }

    func testMultilineEscapedNewlineStaysInSegment() {
        assertLex("\"\"\"\na \\\nb\n\"\"\"", [
            (.multilineStringQuote, "\"\"\""), (.stringSegment, "a \\\n"), (.stringSegment, "b\n"), (.multilineStringQuote, "\"\"\""),
        ])
    }

    func testRawStrings() {
        assertLex(##"#"a \n "b" \#(x)"#"##, [
            (.rawStringPoundDelimiter, "#"), (.stringQuote, "\""), (.stringSegment, #"a \n "b" "#), (.backslash, "\\"),
            (.rawStringPoundDelimiter, "#"), (.leftParen, "("), (.identifier, "x"), (.rightParen, ")"), (.stringQuote, "\""),
            (.rawStringPoundDelimiter, "#"),
        ])
        assertLex(###"##"a "# b"##"###, [
            (.rawStringPoundDelimiter, "##"), (.stringQuote, "\""), (.stringSegment, ##"a "# b"##), (.stringQuote, "\""),
            (.rawStringPoundDelimiter, "##"),
        ])
        // `#"""#` is a one-line raw string holding a quote.
        assertLex(##"#"""#"##, [
            (.rawStringPoundDelimiter, "#"), (.stringQuote, "\""), (.stringSegment, "\""), (.stringQuote, "\""), (.rawStringPoundDelimiter, "#"),
        ])
    }

    func testRawMultilineString() {
        assertLex("#\"\"\"\n  a \\#(y)\n  \"\"\"#", [
            (.rawStringPoundDelimiter, "#"), (.multilineStringQuote, "\"\"\""), (.stringSegment, "  a "), (.backslash, "\\"),
            (.rawStringPoundDelimiter, "#"), (.leftParen, "("), (.identifier, "y"), (.rightParen, ")"), (.stringSegment, "\n"),
            (.stringSegment, "  "), (.multilineStringQuote, "\"\"\""), (.rawStringPoundDelimiter, "#"),
        ])
    }

    func testSingleQuotedLiteral() {
        assertLex("'a'", [(.singleQuote, "'"), (.stringSegment, "a"), (.singleQuote, "'")])
    }

    // MARK: Regex literals

    func testBareRegex() {
        assertLex("let r = /ab+c/", [
            (.keyword, "let"), (.identifier, "r"), (.equal, "="), (.regexSlash, "/"), (.regexLiteralPattern, "ab+c"), (.regexSlash, "/"),
        ])
        assertLex("f(of: /[a-z]+(\\d)/)", [
            (.identifier, "f"), (.leftParen, "("), (.identifier, "of"), (.colon, ":"), (.regexSlash, "/"),
            (.regexLiteralPattern, "[a-z]+(\\d)"), (.regexSlash, "/"), (.rightParen, ")"),
        ])
    }

    func testDivisionIsNotRegex() {
        assertLex("a / b / c", [
            (.identifier, "a"), (.binaryOperator, "/"), (.identifier, "b"), (.binaryOperator, "/"), (.identifier, "c"),
        ])
        assertLex("x = a/b/c", [
            (.identifier, "x"), (.equal, "="), (.identifier, "a"), (.binaryOperator, "/"), (.identifier, "b"), (.binaryOperator, "/"), (.identifier, "c"),
        ])
    }

    func testRegexSpaceAndParenRules() {
        // A bare regex may not start with a space: `f(/ x/)` is an operator.
        XCTAssertEqual(lexKinds("f(/ x/)").map(\.0), [.identifier, .leftParen, .binaryOperator, .identifier, .postfixOperator, .rightParen])
        // An unbalanced `)` makes it an operator where a regex is optional.
        XCTAssertEqual(lexKinds("(/x)/)").map(\.0), [.leftParen, .prefixOperator, .identifier, .rightParen, .postfixOperator, .rightParen])
        // After `func` / `operator` it is an operator.
        XCTAssertEqual(lexKinds("prefix operator /^/").map(\.0), [.identifier, .keyword, .binaryOperator])
    }

    func testRegexAfterPrefixOperatorAndTry() {
        assertLex("!/abc/", [(.prefixOperator, "!"), (.regexSlash, "/"), (.regexLiteralPattern, "abc"), (.regexSlash, "/")])
        // After `try?` an expression must follow, so `/ x/` is a regex even though `/ ` looks binary.
        assertLex("try? / x/", [(.keyword, "try"), (.postfixQuestionMark, "?"), (.regexSlash, "/"), (.regexLiteralPattern, " x"), (.regexSlash, "/")])
        assertLex("a ? / x/", [(.identifier, "a"), (.infixQuestionMark, "?"), (.regexSlash, "/"), (.regexLiteralPattern, " x"), (.regexSlash, "/")])
        // A regex that is optional may not end with a space: `/x /` here is two operators.
        XCTAssertEqual(lexKinds("(/x /)").map(\.0), [.leftParen, .prefixOperator, .identifier, .binaryOperator, .rightParen])
    }

    func testExtendedRegex() {
        assertLex("#/a/b/#", [(.regexPoundDelimiter, "#"), (.regexSlash, "/"), (.regexLiteralPattern, "a/b"), (.regexSlash, "/"), (.regexPoundDelimiter, "#")])
        assertLex("#/\n  (?<w> \\w+ )\n  /#", [
            (.regexPoundDelimiter, "#"), (.regexSlash, "/"), (.regexLiteralPattern, "\n  (?<w> \\w+ )\n  "), (.regexSlash, "/"), (.regexPoundDelimiter, "#"),
        ])
        let unterminated = lexTokens("#/abc\nx")
        XCTAssertEqual(unterminated.map(\.kind), [.regexPoundDelimiter, .regexSlash, .regexLiteralPattern, .identifier, .endOfFile])
        XCTAssertTrue(unterminated[2].flags.contains(.malformed))
    }

    // MARK: Punctuation, operators, pound

    func testOperatorsByBinding() {
        assertLex("a + b", [(.identifier, "a"), (.binaryOperator, "+"), (.identifier, "b")])
        assertLex("a+b", [(.identifier, "a"), (.binaryOperator, "+"), (.identifier, "b")])
        assertLex("-a", [(.prefixOperator, "-"), (.identifier, "a")])
        assertLex("a... ", [(.identifier, "a"), (.postfixOperator, "...")])
        assertLex("(-a, b-)", [(.leftParen, "("), (.prefixOperator, "-"), (.identifier, "a"), (.comma, ","), (.identifier, "b"), (.postfixOperator, "-"), (.rightParen, ")")])
        assertLex("a ..< b", [(.identifier, "a"), (.binaryOperator, "..<"), (.identifier, "b")])
        assertLex("x+/* c */y", [(.identifier, "x"), (.postfixOperator, "+"), (.identifier, "y")])
    }

    func testSpecialOperatorCharacters() {
        assertLex("a = b", [(.identifier, "a"), (.equal, "="), (.identifier, "b")])
        assertLex("a == b", [(.identifier, "a"), (.binaryOperator, "=="), (.identifier, "b")])
        assertLex("f(&x)", [(.identifier, "f"), (.leftParen, "("), (.prefixAmpersand, "&"), (.identifier, "x"), (.rightParen, ")")])
        assertLex("a & b", [(.identifier, "a"), (.binaryOperator, "&"), (.identifier, "b")])
        assertLex("x?.y", [(.identifier, "x"), (.postfixQuestionMark, "?"), (.period, "."), (.identifier, "y")])
        assertLex("c ? d : e", [(.identifier, "c"), (.infixQuestionMark, "?"), (.identifier, "d"), (.colon, ":"), (.identifier, "e")])
        assertLex("x!", [(.identifier, "x"), (.exclamationMark, "!")])
        assertLex("!x", [(.prefixOperator, "!"), (.identifier, "x")])
        assertLex("a != b", [(.identifier, "a"), (.binaryOperator, "!="), (.identifier, "b")])
        assertLex("() -> T", [(.leftParen, "("), (.rightParen, ")"), (.arrow, "->"), (.identifier, "T")])
        assertLex("a ?? b", [(.identifier, "a"), (.binaryOperator, "??"), (.identifier, "b")])
        assertLex("a.b", [(.identifier, "a"), (.period, "."), (.identifier, "b")])
        assertLex("a +.b", [(.identifier, "a"), (.prefixOperator, "+"), (.period, "."), (.identifier, "b")])
    }

    func testUnicodeOperators() {
        assertLex("a ∘ b ≠ c √x", [
            (.identifier, "a"), (.binaryOperator, "∘"), (.identifier, "b"), (.binaryOperator, "≠"), (.identifier, "c"),
            (.prefixOperator, "√"), (.identifier, "x"),
        ])
    }

    func testPunctuation() {
        assertLex("{[(,;:)]}@\\", [
            (.leftBrace, "{"), (.leftSquare, "["), (.leftParen, "("), (.comma, ","), (.semicolon, ";"), (.colon, ":"),
            (.rightParen, ")"), (.rightSquare, "]"), (.rightBrace, "}"), (.atSign, "@"), (.backslash, "\\"),
        ])
    }

    func testAttributesAndKeyPaths() {
        assertLex("@State private var x", [(.atSign, "@"), (.identifier, "State"), (.keyword, "private"), (.keyword, "var"), (.identifier, "x")])
        assertLex("\\.self", [(.backslash, "\\"), (.period, "."), (.keyword, "self")])
    }

    func testPoundDirectivesAndMacros() {
        assertLex("#if DEBUG\n#elseif os(iOS)\n#else\n#endif", [
            (.poundIf, "#if"), (.identifier, "DEBUG"), (.poundElseif, "#elseif"), (.identifier, "os"), (.leftParen, "("),
            (.identifier, "iOS"), (.rightParen, ")"), (.poundElse, "#else"), (.poundEndif, "#endif"),
        ])
        assertLex("#sourceLocation() #available #unavailable", [
            (.poundSourceLocation, "#sourceLocation"), (.leftParen, "("), (.rightParen, ")"), (.poundAvailable, "#available"), (.poundUnavailable, "#unavailable"),
        ])
        assertLex("#Preview #selector #file #ifx", [
            (.pound, "#"), (.identifier, "Preview"), (.pound, "#"), (.identifier, "selector"), (.pound, "#"), (.identifier, "file"),
            (.pound, "#"), (.identifier, "ifx"),
        ])
    }

    func testEditorPlaceholders() {
        assertLex("f(<#T##Int#>, <#name#>)", [
            (.identifier, "f"), (.leftParen, "("), (.identifier, "<#T##Int#>"), (.comma, ","), (.identifier, "<#name#>"), (.rightParen, ")"),
        ])
        assertLex("a <#b", [(.identifier, "a"), (.prefixOperator, "<"), (.pound, "#"), (.identifier, "b")])
    }

    func testConflictMarkers() {
        let source = "a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> branch\nd"
        assertLex(source, [(.identifier, "a"), (.unknown, "<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> branch"), (.identifier, "d")])
    }

    func testStrayBytesAreUnknownTokens() {
        let bytes: [UInt8] = Array("a ".utf8) + [0xFF, 0x00, 0x07] + Array(" b".utf8)
        let tokens = bytes.withUnsafeBufferPointer { Lexer.tokenize($0) }
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .unknown, .unknown, .unknown, .identifier, .endOfFile])
        XCTAssertTrue(tokens[1].flags.contains(.malformed))
        assertLex("\u{00A0}x", [(.unknown, "\u{00A0}"), (.identifier, "x")])
    }

    func testCurlyQuotes() {
        assertLex("\u{201C}hi\u{201D} x", [(.identifier, "\u{201C}hi\u{201D}"), (.identifier, "x")])
    }

    // MARK: Depth

    func testDeepInterpolationDoesNotOverflow() {
        let depth = 100_000
        let source = "\"" + String(repeating: "\\(\"", count: depth) + "x" + String(repeating: "\")", count: depth) + "\""
        let tokens = lexTokens(source)
        // Per level: `"` `\` `(` and `"` `)`; plus the outer quotes, `x` and end of file.
        XCTAssertEqual(tokens.count, depth * 5 + 4)
        XCTAssertFalse(tokens.contains { $0.flags.contains(.malformed) })
        let unterminated = lexTokens(String(repeating: "\"\\(", count: depth))
        XCTAssertEqual(unterminated.last?.kind, .endOfFile)
    }

    /// Inputs that repeat an opener whose look-ahead fails must not cost quadratic time (each of these took
    /// minutes before the lexer remembered failed scans).
    func testRepeatedOpenersStayLinear() {
        let count = 20_000
        let inputs = [
            String(repeating: "<<<<<<< x\n", count: count), String(repeating: "+<#", count: count),
            String(repeating: "\u{201C}", count: count), String(repeating: "#/\n", count: count),
            String(repeating: "#", count: count * 5),
        ]
        let start = Date()
        for input in inputs {
            XCTAssertNil(losslessViolation(Array(input.utf8)))
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
        XCTAssertEqual(lexTokens(String(repeating: "#", count: 5)).map(\.kind), [.pound, .pound, .pound, .pound, .pound, .endOfFile])
    }

    func testDeepParenthesesDoNotOverflow() {
        let depth = 100_000
        let tokens = lexTokens(String(repeating: "(", count: depth) + String(repeating: ")", count: depth))
        XCTAssertEqual(tokens.count, 2 * depth + 1)
        let inInterpolation = lexTokens("\"\\(" + String(repeating: "(", count: depth) + String(repeating: ")", count: depth) + ")\"")
        XCTAssertEqual(inInterpolation.count, 2 * depth + 6)
        XCTAssertEqual(inInterpolation[inInterpolation.count - 2].kind, .stringQuote)
    }
}
