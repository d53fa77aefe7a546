/// JSON-RPC error codes (JSON-RPC 2.0 and LSP).
enum ErrorCode {
    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let internalError = -32603
    static let serverNotInitialized = -32002
    static let requestCancelled = -32800
}

/// JSON-RPC 2.0 messages as LSP sends them.
enum JSONRPC {
    static func response(id: JSON, _ result: JSON) -> JSON {
        JSON(["jsonrpc": .string("2.0"), "id": id, "result": result])
    }

    static func error(id: JSON, _ code: Int, _ message: String) -> JSON {
        JSON(["jsonrpc": .string("2.0"), "id": id, "error": JSON(["code": .int(code), "message": .string(message)])])
    }

    static func notification(_ method: String, _ params: JSON) -> JSON {
        JSON(["jsonrpc": .string("2.0"), "method": .string(method), "params": params])
    }

    /// A request id as a set key: numbers and strings are distinct ids.
    static func key(of id: JSON) -> String? {
        switch id {
        case .number: return id.int.map { "n\($0)" }
        case .string(let s): return "s" + s
        default: return nil
        }
    }
}
