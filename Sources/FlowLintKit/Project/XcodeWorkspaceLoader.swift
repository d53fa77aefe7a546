/// Reads an Xcode workspace (`X.xcworkspace/contents.xcworkspacedata`): the projects and Swift packages it
/// lists. The file is XML (`<FileRef location = "group:App.xcodeproj">` inside nested `<Group location = ...>`);
/// it is read with a small, strict scanner of elements and attributes rather than an XML library (Foundation's
/// `XMLParser` pulls libxml2 into the statically linked binary on Linux).
///
/// Locations: `group:` relative to the enclosing group (at the top, the directory that holds the workspace, or
/// the project of a `project.xcworkspace`), `container:` relative to that directory, `absolute:`, and `self:`
/// (the project a `project.xcworkspace` belongs to). `developer:` (files of Xcode itself) is not the project's.
/// A listed project that does not exist (a submodule not checked out) makes the result incomplete: the files of
/// its targets are not known.
enum XcodeWorkspaceLoader {
    struct Result {
        /// Absolute paths of the `.xcodeproj` directories listed that exist, in the order listed, each once.
        var projects: [String] = []
        /// Absolute paths of the package directories listed (a directory with a `Package.swift`), in order.
        var packages: [String] = []
        var warnings: [String] = []
        /// False when the file could not be read or is malformed: what it lists may be more than what was found.
        var isComplete = true
    }

    /// A workspace file is a short list; a larger one is not read.
    static let maximumSize = 4 << 20
    /// Groups nest at most this deep.
    static let maximumDepth = 64

    /// `workspace`: the absolute path of an `X.xcworkspace`; `root`: the model's root, which the paths in
    /// warnings are relative to.
    static func projects(in workspace: String, root: String) -> Result {
        let workspace = Paths.standardize(workspace)
        let file = Paths.join(workspace, "contents.xcworkspacedata")
        let shown = XcodeProjectLoader.display(file, root: root)
        var result = Result()
        func warn(_ message: String) { result.warnings.append("\(shown): warning: \(message)") }
        let bytes: [UInt8]
        switch FileReader.read(file) {
        case .text(let text) where text.count <= maximumSize: bytes = text
        case .text, .tooLarge: warn("is larger than \(maximumSize >> 20) MiB and is not read"); result.isComplete = false; return result
        case .binary: warn("is not a text file"); result.isComplete = false; return result
        case .unreadable(let reason): warn("cannot be read (\(reason))"); result.isComplete = false; return result
        }

        // `X.xcodeproj/project.xcworkspace` belongs to the project (`self:`); locations are relative to the
        // directory that holds the project, or the workspace.
        let enclosing = Paths.parent(workspace)
        let owner = Paths.lastComponent(enclosing).hasSuffix(".xcodeproj") ? enclosing : nil
        let container = owner.map(Paths.parent) ?? enclosing
        // The directory of each open element: a group's own, else its enclosing group's.
        var directories = [container]
        var scanner = XMLScanner(bytes)
        var seen: Set<String> = []
        while true {
            let element: XMLScanner.Element
            switch scanner.next() {
            case .end:
                if directories.count != 1 { warn("ends inside an element"); result.isComplete = false }
                return result
            case .malformed(let reason):
                warn("is not well-formed XML (\(reason)); only the entries before it are read")
                result.isComplete = false
                return result
            case .close:
                if directories.count > 1 { directories.removeLast() }
                continue
            case .open(let e):
                element = e
            }
            let directory = directories[directories.count - 1]
            let location = element.attributes["location"].flatMap { resolve($0, group: directory, container: container, owner: owner) }
            if element.name == "FileRef", let path = location, seen.insert(path).inserted {
                if path.hasSuffix(".xcodeproj") {
                    if FileDiscovery.exists(Paths.join(path, "project.pbxproj")) {
                        result.projects.append(path)
                    } else {
                        warn("lists '\(XcodeProjectLoader.display(path, root: root))', which has no project.pbxproj (a submodule not checked out?)")
                        result.isComplete = false
                    }
                } else if FileDiscovery.exists(Paths.join(path, "Package.swift")) {
                    result.packages.append(path)
                }
            }
            guard !element.selfClosing else { continue }
            guard directories.count < maximumDepth else {
                warn("nests elements more than \(maximumDepth) deep; the entries below are not read")
                result.isComplete = false
                return result
            }
            directories.append(element.name == "Group" ? (location ?? directory) : directory)
        }
    }

    /// The absolute path of a `location` attribute, or nil for one that is not the project's.
    static func resolve(_ location: String, group: String, container: String, owner: String?) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let kind = location[..<colon]
        let path = String(location[location.index(after: colon)...])
        func under(_ base: String) -> String { Paths.standardize(path.hasPrefix("/") ? path : Paths.join(base, path)) }
        switch kind {
        case "group": return under(group)
        case "container": return under(container)
        case "absolute": return path.hasPrefix("/") ? Paths.standardize(path) : nil
        case "self":
            // `self:` is the project that holds the workspace; older Xcode wrote `self:App.xcodeproj`, relative to
            // the project's directory.
            guard let owner else { return path.isEmpty ? nil : under(container) }
            return path.isEmpty ? owner : under(container)
        default: return nil // developer:, and kinds FlowLint does not know
        }
    }
}

/// The elements of an XML document, one at a time: start tags with their attributes, end tags. The prolog
/// (`<?xml ... ?>`), comments, `<!DOCTYPE>` and text between elements are skipped. Attribute values may use
/// the five predefined entities and numeric character references. Anything else is malformed.
struct XMLScanner {
    struct Element {
        var name: String
        var attributes: [String: String]
        var selfClosing: Bool
    }

    enum Token {
        case open(Element)
        case close
        case end
        case malformed(String)
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> Token {
        while true {
            guard let open = find(UInt8(ascii: "<")) else { return .end }
            index = open + 1
            guard index < bytes.count else { return .malformed("a '<' at the end") }
            switch bytes[index] {
            case UInt8(ascii: "?"):
                guard let end = find("?>") else { return .malformed("an unterminated '<?'") }
                index = end + 2
            case UInt8(ascii: "!"):
                let terminator = starts(with: "!--") ? "-->" : ">"
                guard let end = find(terminator) else { return .malformed("an unterminated '<!'") }
                index = end + terminator.utf8.count
            case UInt8(ascii: "/"):
                guard let end = find(UInt8(ascii: ">")) else { return .malformed("an unterminated end tag") }
                index = end + 1
                return .close
            default:
                return startTag()
            }
        }
    }

    private mutating func startTag() -> Token {
        guard let name = scanName() else { return .malformed("a tag without a name at byte \(index)") }
        var attributes: [String: String] = [:]
        while true {
            skipSpaces()
            guard index < bytes.count else { return .malformed("an unterminated <\(name)>") }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                return .open(Element(name: name, attributes: attributes, selfClosing: false))
            }
            if bytes[index] == UInt8(ascii: "/") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else { return .malformed("a '/' inside <\(name)>") }
                index += 2
                return .open(Element(name: name, attributes: attributes, selfClosing: true))
            }
            guard let attribute = scanName() else { return .malformed("an attribute without a name in <\(name)>") }
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return .malformed("attribute '\(attribute)' without '='") }
            index += 1
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                return .malformed("attribute '\(attribute)' without a quoted value")
            }
            let quote = bytes[index]
            index += 1
            guard let close = find(quote) else { return .malformed("an unterminated value of attribute '\(attribute)'") }
            guard let value = Self.decodeEntities(bytes[index..<close]) else { return .malformed("an unknown entity in attribute '\(attribute)'") }
            attributes[attribute] = value
            index = close + 1
        }
    }

    private mutating func scanName() -> String? {
        let start = index
        while index < bytes.count {
            let b = bytes[index]
            let isNameByte = (b | 0x20 >= 97 && b | 0x20 <= 122) || (b >= 48 && b <= 57) || b == 95 || b == 45 || b == 46 || b == 58 || b >= 0x80
            guard isNameByte else { break }
            index += 1
        }
        return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    private mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == 32 || bytes[index] == 9 || bytes[index] == 10 || bytes[index] == 13 { index += 1 }
    }

    private func find(_ byte: UInt8) -> Int? { bytes[index...].firstIndex(of: byte) }

    private func find(_ text: String) -> Int? {
        let needle = Array(text.utf8)
        var i = index
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0] && bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    private func starts(with text: String) -> Bool { bytes[index...].starts(with: text.utf8) }

    /// `&quot;` `&amp;` `&apos;` `&lt;` `&gt;` `&#34;` `&#x22;` decoded; nil for another entity or a bare `&`.
    static func decodeEntities(_ raw: ArraySlice<UInt8>) -> String? {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var out: [UInt8] = []
        var i = raw.startIndex
        while i < raw.endIndex {
            guard raw[i] == UInt8(ascii: "&") else { out.append(raw[i]); i += 1; continue }
            guard let semicolon = raw[i...].firstIndex(of: UInt8(ascii: ";")), semicolon - i <= 10 else { return nil }
            let entity = String(decoding: raw[(i + 1)..<semicolon], as: UTF8.self)
            switch entity {
            case "quot": out.append(UInt8(ascii: "\""))
            case "amp": out.append(UInt8(ascii: "&"))
            case "apos": out.append(UInt8(ascii: "'"))
            case "lt": out.append(UInt8(ascii: "<"))
            case "gt": out.append(UInt8(ascii: ">"))
            default:
                guard entity.hasPrefix("#") else { return nil }
                let digits = entity.dropFirst()
                let code = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                guard let code, code != 0, let scalar = Unicode.Scalar(code) else { return nil }
                out += Array(String(Character(scalar)).utf8)
            }
            i = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
