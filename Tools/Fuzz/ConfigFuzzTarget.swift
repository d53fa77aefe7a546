// libFuzzer entry point for FlowLint's configuration loader. Built by `Tools/Fuzz/run.sh` against FlowLintKit
// compiled as a module (so the whole loader runs: nesting check, YAML reader, key checks).
//
// Every input is parsed as a `.flowlint.yml`: it must give a configuration or a ConfigurationError, never a
// crash or a hang. When the nesting check lets text through to the YAML reader, the tree it builds must be no
// deeper than the check allows (each counted level is at most two levels of tree); a deeper tree means the
// check missed levels, and traps.
@testable import FlowLintKit

/// Collections nested in a YAML tree, counted without recursion.
func collectionDepth(_ root: YAMLNode) -> Int {
    var deepest = 0
    var stack: [(YAMLNode, Int)] = [(root, 0)]
    while let (node, depth) = stack.popLast() {
        switch node.value {
        case .scalar: deepest = max(deepest, depth)
        case .sequence(let sequence):
            deepest = max(deepest, depth + 1)
            for child in sequence { stack.append((child, depth + 1)) }
        case .mapping(let mapping):
            deepest = max(deepest, depth + 1)
            for (key, value) in mapping { stack.append((key, depth + 1)); stack.append((value, depth + 1)) }
        }
    }
    return deepest
}

func fuzzConfiguration(_ text: String) {
    do {
        _ = try Configuration.parse(text, path: ".flowlint.yml", rootDirectory: "/fuzz")
    } catch is ConfigurationError {
    } catch {
        fatalError("Configuration.parse threw something else than a ConfigurationError: \(error)")
    }
    guard let counted = YAMLNestingCheck.deepestLevel(in: text), counted <= Configuration.maximumNesting,
          let root = try? YAMLReader.read(text) else { return }
    let depth = collectionDepth(root)
    if depth > 2 * counted { fatalError("the nesting check counted \(counted) levels, the YAML reader built \(depth)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    // Invalid UTF-8 never reaches the parser (`Configuration.load` refuses it); replacement characters do.
    fuzzConfiguration(String(decoding: UnsafeBufferPointer(start: size > 0 ? data : nil, count: size), as: UTF8.self))
    return 0
}
