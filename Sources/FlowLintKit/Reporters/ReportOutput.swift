/// Where a report goes while it is rendered: reporters write text into it, and it hands the bytes on in pieces
/// of about 64 KiB. A report of a finding-dense file is 7 (text) to 60 (SARIF) times the file's size, so it is
/// never held whole: what a report costs beyond the findings themselves is one piece, and one finding's text.
///
/// The bytes are handed on only after the run is done (reporters render finished findings), so nothing else is
/// written between them. Once `send` returns false (a failed write), further text is dropped.
public final class ReportOutput {
    static let pieceSize = 1 << 16

    private var buffer: [UInt8] = []
    private let send: ([UInt8]) -> Bool
    /// A write of a piece failed: the rest of the report was dropped.
    public private(set) var failed = false

    /// `send` writes one piece and returns false when it could not.
    public init(send: @escaping ([UInt8]) -> Bool) {
        self.send = send
        buffer.reserveCapacity(Self.pieceSize + 4096)
    }

    func write(_ text: String) {
        guard !failed else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.pieceSize { flush() }
    }

    /// Hands on what is buffered. Reporters call it when they are done (`ReporterKind.write`).
    func flush() {
        guard !failed, !buffer.isEmpty else { return }
        failed = !send(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// A JSON document written as it goes, exactly as `JSONValue.rendered()` would print it whole (two-space
/// indentation, keys in the order written), for a report's list of findings, which is too large to hold as
/// one value: containers are opened and closed, and each value in them (one finding) is rendered on its own.
struct JSONStream {
    private let out: ReportOutput
    /// Per open container: whether anything has been written into it yet.
    private var hasMembers: [Bool] = []

    init(_ out: ReportOutput) { self.out = out }

    private var indent: Int { 2 * hasMembers.count }

    /// Starts a member (`key` in an object) or an element (`key` nil, in an array or at the top).
    private mutating func start(key: String?) {
        if let last = hasMembers.last {
            out.write(last ? ",\n" : "\n")
            hasMembers[hasMembers.count - 1] = true
            out.write(String(repeating: " ", count: indent))
        }
        if let key {
            var text = ""
            JSONValue.writeString(key, to: &text)
            out.write(text + ": ")
        }
    }

    mutating func value(_ value: JSONValue, key: String? = nil) {
        start(key: key)
        out.write(value.fragment(indent: indent))
    }

    /// Opens an object (`{`) or an array (`[`).
    mutating func open(_ bracket: Character, key: String? = nil) {
        start(key: key)
        out.write(String(bracket))
        hasMembers.append(false)
    }

    /// Closes the innermost container; at the top level, ends the document with a line break.
    mutating func close(_ bracket: Character) {
        let wroteMembers = hasMembers.removeLast()
        if wroteMembers { out.write("\n" + String(repeating: " ", count: indent)) }
        out.write(String(bracket))
        if hasMembers.isEmpty { out.write("\n") }
    }
}
