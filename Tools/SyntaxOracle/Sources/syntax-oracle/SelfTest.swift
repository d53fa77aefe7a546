import FlowLintSide
import Foundation
import OracleCore
import SwiftSyntaxSide

/// `selftest`: the oracle's own outline rules on a small source whose expected outline is written out by hand
/// below (checked against the rules in README.md), then FlowLint's outline of the same source for comparison.
enum SelfTest {
    static let source = #"""
#!/usr/bin/env swift
import Foundation
@testable import struct Foo.Bar
/// doc
@available(iOS 15, *) @MainActor
public struct V: View {
    @State private var (a, b): (Int, Int) = (1, 2)
    @Environment(\.x) var x, y: Int
    var body: some View { Text("\(a)") }
    static func ==(l: V, r: V) -> Bool { struct Inner {}; return true }
    init?() { let local = 1 }
    subscript(i: Int) -> Int { get { 1 } }
    #if os(iOS)
    enum E { case a, b(Int), `default` }
    #elseif FOO
    typealias T = Int
    #else
    @objc(x) class func f() {}
    #endif
}
final class C { deinit {} }
extension Dictionary<String, [Int]> : P where Value == [Int] {}
protocol P { associatedtype A; func f() }
actor Act {}
infix operator <>: AdditionPrecedence
precedencegroup PG { higherThan: AdditionPrecedence }
@freestanding(expression) macro stringify<T>(_ v: T) -> (T, String) = #externalMacro(module: "M", type: "S")
#Preview {
  Text("x")
}
#if DEBUG
let z = 1, (p, _) = (1, 2)
#endif
print(1)
"""#

    static let expected: [String] = [
        "L2 import Foundation",
        "L3 import Foo.Bar [@testable]",
        "L5 struct V [@available @MainActor]",
        "L7 var a [@State]",
        "L7 var b [@State]",
        "L8 var x [@Environment]",
        "L8 var y [@Environment]",
        "L9 var body",
        "L10 func ==",
        "L11 init init",
        "L12 subscript subscript",
        "L14 enum E",
        "L14 case a",
        "L14 case b",
        "L14 case default",
        "L16 typealias T",
        "L18 func f [@objc]",
        "L21 class C",
        "L21 deinit deinit",
        "L22 extension Dictionary<String,[Int]>",
        "L23 protocol P",
        "L23 associatedtype A",
        "L23 func f",
        "L24 actor Act",
        "L25 operator <>",
        "L26 precedencegroup PG",
        "L27 macro stringify [@freestanding]",
        "L28 #macro Preview",
        "L32 let z",
        "L32 let p",
    ]

    static func run() -> Int32 {
        let bytes = Array(source.utf8)
        let (ss, hasError) = bytes.withUnsafeBufferPointer { SwiftSyntaxSide.outline($0) }
        let got = ss.map(\.description)
        let ok = !hasError && got == expected
        if hasError { print("FAIL: swift-syntax reports syntax errors in the self-test source") }
        for i in 0..<max(got.count, expected.count) {
            let g = i < got.count ? got[i] : "(none)", e = i < expected.count ? expected[i] : "(none)"
            if g != e { print("FAIL: entry #\(i): swift-syntax side gives `\(g)`, expected `\(e)`") }
        }
        print(ok ? "swift-syntax side: \(got.count) entries as expected" : "swift-syntax side: differs from the expected outline")
        let fl = FlowLintSide.outline(FlowLintFile(path: "selftest.swift", bytes: bytes)).map(\.description)
        let same = fl == expected
        print(same ? "FlowLint: same outline" : "FlowLint: differs (informational):")
        if !same {
            for i in 0..<max(fl.count, expected.count) {
                let f = i < fl.count ? fl[i] : "(none)", e = i < expected.count ? expected[i] : "(none)"
                if f != e { print("  entry #\(i): FlowLint `\(f)`, expected `\(e)`") }
            }
        }
        return ok ? 0 : 1
    }
}
