extension FileContext {
    /// Whether the file belongs to a test target by the convention of Xcode and SwiftPM: in a folder whose name
    /// ends in `Tests` (`Tests/`, `AppTests/`, `AppUITests/`), or named `...Tests.swift` / `...Test.swift`.
    var isTestFile: Bool { Self.isTestFile(path) }

    /// `isTestFile` for a path: its `/`-separated components (empty ones left out, as `split` does) compared
    /// byte by byte. A component with a byte outside ASCII is compared as a `String` (by characters, which a
    /// combining or prepended scalar can join to the letters of the suffix): the answer is the same as
    /// splitting the path into `String`s, which cost tens of thousands of instructions per file.
    static func isTestFile(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var previous: Range<Int>?
            var start = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: "/") {
                defer { start = i + 1 }
                guard i > start else { continue }
                // A component before the last one is a folder.
                if let folder = previous, hasSuffix(bytes, folder, "Tests") { return true }
                previous = start..<i
            }
            guard let name = previous else { return false }
            return hasSuffix(bytes, name, "Tests.swift") || hasSuffix(bytes, name, "Test.swift")
        }
    }

    private static func hasSuffix(_ bytes: UnsafeBufferPointer<UInt8>, _ component: Range<Int>, _ suffix: StaticString) -> Bool {
        let text = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        if bytes[component].contains(where: { $0 >= 0x80 }) {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[component]), as: UTF8.self)
                .hasSuffix(String(decoding: text, as: UTF8.self))
        }
        return component.count >= text.count && bytes[(component.upperBound - text.count)..<component.upperBound].elementsEqual(text)
    }
}
