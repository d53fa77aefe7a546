import Dispatch
import FlowLintKit
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

/// The server's state and its handlers: the protocol only (messages, documents and positions, publishing, the
/// debounce); what is linted and how is the `Workspace`'s. Messages are read on the caller's thread (`receive`),
/// which answers `exit` and `$/cancelRequest` at once (`exit` does not wait for the queue), tells a running lint that
/// newer input supersedes it, and hands everything else, in order, to one serial queue: every handler and every
/// lint runs there, so the state needs no lock. Linting waits `debounceMilliseconds` after the last change (a change
/// during the wait starts it again); a code action request lints at once first if a document changed, so its edits
/// match the text the client has.
final class LanguageServer: @unchecked Sendable {
    private var options: LanguageServerOptions
    private let send: (JSON) -> Void
    private let queue = DispatchQueue(label: "flowlint.lsp")

    // Read on the reader's thread too: under `lock`.
    private let lock = Lock()
    /// Requests read and not answered yet, and those of them the client cancelled (by `JSONRPC.key(of:)`).
    private var pending: Set<String> = []
    private var cancelled: Set<String> = []
    /// A `shutdown` request was read (answered or still queued): `exit` then ends with 0.
    private var shutdownRequested = false
    /// The debounced lint running now: an edit supersedes it, a shutdown cancels it.
    private var runningLint: CancellationToken?

    private enum State { case uninitialized, running, shutDown }
    private var state = State.uninitialized
    private var encoding = PositionEncoding.utf16
    private var traceVerbose = false
    private var watchesDynamically = false
    /// The names of the baseline files the client watches (`**/NAME`), registered as projects naming them load.
    private var watchedBaselineNames: Set<String> = []
    private var nextRequestID = 1

    private var workspace = Workspace(options: Workspace.Options())
    private var documents = OpenDocuments()
    /// Files whose open document changed since it was last handed to the workspace, by path.
    private var dirty: Set<String> = []
    /// What was last published per URI: the findings and the document version they were for.
    private var published: [String: (version: Int?, findings: [Diagnostic])] = [:]
    /// Bumped on every change; a scheduled lint runs only if nothing changed after it was scheduled.
    private var generation = 0

    /// Messages that make a running lint's findings stale: they change what is linted and schedule a lint of their own.
    private static let superseding: Set<String> = ["textDocument/didOpen", "textDocument/didChange", "textDocument/didClose",
                                                   "textDocument/didSave", "workspace/didChangeWatchedFiles"]

    init(options: LanguageServerOptions, send: @escaping (JSON) -> Void) {
        self.options = options
        self.send = send
    }

    // MARK: Reading (the reader's thread)

    /// One message's body. Returns an exit status when the server must stop (`exit`).
    func receive(_ body: [UInt8]) -> Int32? {
        let message: JSON
        do {
            message = try JSON.parse(body)
        } catch let error as JSON.ParseError {
            send(JSONRPC.error(id: .null, ErrorCode.parseError, "invalid JSON at byte \(error.offset): \(error.message)"))
            return nil
        } catch {
            return nil
        }
        guard case .object = message else {
            send(JSONRPC.error(id: .null, ErrorCode.invalidRequest, "a message must be a JSON object"))
            return nil
        }
        switch message["method"]?.string {
        case "exit":
            return lock.withLock { shutdownRequested ? 0 : 1 }
        case "$/cancelRequest":
            // Only a request still waiting can be cancelled (one answered already is forgotten).
            if let id = message["params"]?["id"], let key = JSONRPC.key(of: id) {
                lock.withLock { if pending.contains(key) { cancelled.insert(key) } }
            }
            return nil
        case .some(let method):
            lock.lock()
            if let id = message["id"], let key = JSONRPC.key(of: id) {
                pending.insert(key)
                if method == "shutdown" {
                    shutdownRequested = true
                    runningLint?.cancel()  // nobody waits for its findings, not even a project's load
                }
            }
            if Self.superseding.contains(method) { runningLint?.supersede() }
            lock.unlock()
        case nil:
            break  // a response to one of the server's requests
        }
        queue.async { self.handle(message) }
        return nil
    }

    func receiveMalformed(_ reason: String) {
        queue.async {
            self.send(JSONRPC.error(id: .null, ErrorCode.parseError, "malformed message: \(reason)"))
        }
    }

    /// Refused at its header: its id is in the body, which is skipped unread.
    func receiveTooLarge(_ size: Int) {
        let reason = "a message of \(size) bytes is over the limit of \(MessageReader.defaultMaximumMessageSize >> 20) MiB: skipped"
        queue.async {
            self.send(JSONRPC.error(id: .null, ErrorCode.invalidRequest, reason))
            self.log(.error, reason)
        }
    }

    /// The client closed standard input without `exit`: it is gone.
    func endOfInput() -> Int32 {
        queue.sync {}
        return lock.withLock { shutdownRequested ? 0 : 1 }
    }

    // MARK: Dispatch (the queue)

    private func handle(_ message: JSON) {
        guard let method = message["method"]?.string else {
            // A response to one of our requests (client/registerCapability): only an error is worth a word.
            if let error = message["error"], let text = error["message"]?.string {
                log(.warning, "the client refused a request: \(text)")
            }
            return
        }
        let params = message["params"] ?? .null
        guard let id = message["id"], !id.isNull else {
            notification(method, params)
            return
        }
        guard let key = JSONRPC.key(of: id) else {
            send(JSONRPC.error(id: .null, ErrorCode.invalidRequest, "a request id must be a number or a string"))
            return
        }
        let wasCancelled = lock.withLock {
            pending.remove(key)
            return cancelled.remove(key) != nil
        }
        if wasCancelled {
            send(JSONRPC.error(id: id, ErrorCode.requestCancelled, "cancelled"))
            return
        }
        switch (state, method) {
        case (.uninitialized, "initialize"):
            send(JSONRPC.response(id: id, initialize(params)))
        case (.uninitialized, _):
            send(JSONRPC.error(id: id, ErrorCode.serverNotInitialized, "the server is not initialized"))
        case (.running, "initialize"):
            send(JSONRPC.error(id: id, ErrorCode.invalidRequest, "the server is already initialized"))
        case (.running, "shutdown"):
            state = .shutDown
            send(JSONRPC.response(id: id, .null))
        case (.running, "textDocument/codeAction"):
            guard let uri = params["textDocument"]?["uri"]?.string, let range = LSPRange(params["range"]) else {
                send(JSONRPC.error(id: id, ErrorCode.invalidParams, "codeAction needs textDocument.uri and range"))
                return
            }
            send(JSONRPC.response(id: id, codeActions(uri: uri, range: range, only: params["context"]?["only"]?.array)))
        case (.running, _):
            send(JSONRPC.error(id: id, ErrorCode.methodNotFound, "unknown method '\(method)'"))
        case (.shutDown, _):
            send(JSONRPC.error(id: id, ErrorCode.invalidRequest, "the server is shut down"))
        }
    }

    private func notification(_ method: String, _ params: JSON) {
        guard state == .running else { return }  // before `initialize`, after `shutdown`: dropped (LSP)
        switch method {
        case "initialized":
            registerWatchers()
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else {
                return log(.warning, "didOpen without textDocument.uri and text")
            }
            didOpen(uri: uri, languageID: item["languageId"]?.string ?? "", version: item["version"]?.int ?? 0, text: text)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, let changes = params["contentChanges"]?.array else {
                return log(.warning, "didChange without textDocument.uri and contentChanges")
            }
            didChange(uri: uri, version: params["textDocument"]?["version"]?.int, changes: changes)
        case "textDocument/didSave":
            // The buffer is what was saved; a client that sends the text gets it applied (it may skip didChange).
            if let uri = params["textDocument"]?["uri"]?.string, let text = params["text"]?.string, documents[uri] != nil {
                didChange(uri: uri, version: nil, changes: [JSON(["text": .string(text)])])
            }
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return log(.warning, "didClose without textDocument.uri") }
            didClose(uri: uri)
        case "workspace/didChangeWatchedFiles":
            didChangeWatchedFiles(params["changes"]?.array ?? [])
        case "$/setTrace":
            traceVerbose = params["value"]?.string == "verbose"
        default:
            break  // unknown notifications are ignored (LSP)
        }
    }

    // MARK: Lifecycle

    private func initialize(_ params: JSON) -> JSON {
        state = .running
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        encoding = offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        watchesDynamically = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool ?? false
        traceVerbose = params["trace"]?.string == "verbose"
        var folder: String?
        if let uri = params["workspaceFolders"]?.array?.first?["uri"]?.string {
            folder = DocumentURI.path(of: uri)
        } else if let uri = params["rootUri"]?.string {
            folder = DocumentURI.path(of: uri)
        } else if let path = params["rootPath"]?.string, path.hasPrefix("/") {
            folder = path
        }
        if let settings = params["initializationOptions"], case .object = settings { options.apply(settings) }
        workspace = Workspace(options: options.workspace, folder: folder)
        return JSON([
            "capabilities": JSON([
                "positionEncoding": .string(encoding.rawValue),
                "textDocumentSync": JSON([
                    "openClose": .bool(true),
                    "change": .int(2),  // incremental
                    "save": JSON(["includeText": .bool(false)]),
                ]),
                "codeActionProvider": JSON(["codeActionKinds": .array([.string("quickfix")])]),
            ]),
            "serverInfo": JSON(["name": .string("flowlint"), "version": .string(FlowLintVersion.current)]),
        ])
    }

    /// Asks the client to watch the files the workspace reads (when it can register watchers dynamically): files
    /// created, changed or deleted outside the editor update the projects.
    private func registerWatchers() {
        guard watchesDynamically else {
            log(.info, "the client cannot register file watchers: files changed outside the editor are seen when reopened")
            return
        }
        let watchers: [JSON] = Workspace.watchedFiles.map { JSON(["globPattern": .string($0)]) }
        let registration = JSON([
            "id": .string("flowlint-watched-files"),
            "method": .string("workspace/didChangeWatchedFiles"),
            "registerOptions": JSON(["watchers": .array(watchers)]),
        ])
        sendRequest("client/registerCapability", JSON(["registrations": .array([registration])]))
    }

    /// Asks the client to watch the baseline files the loaded projects' configurations name, once per file name (a
    /// glob on the absolute path would depend on how the client matches globs; a file of the same name elsewhere is
    /// a change the workspace ignores). A baseline's name is the user's, so no fixed pattern covers it.
    private func watchBaselines() {
        guard watchesDynamically else { return }
        let names = Set(workspace.baselineFiles.compactMap { $0.split(separator: "/").last.map(String.init) })
            .subtracting(watchedBaselineNames)
        guard !names.isEmpty else { return }
        watchedBaselineNames.formUnion(names)
        let watchers: [JSON] = names.sorted().map { JSON(["globPattern": .string("**/\($0)")]) }
        let registration = JSON([
            "id": .string("flowlint-watched-baselines-\(nextRequestID)"),
            "method": .string("workspace/didChangeWatchedFiles"),
            "registerOptions": JSON(["watchers": .array(watchers)]),
        ])
        sendRequest("client/registerCapability", JSON(["registrations": .array([registration])]))
    }

    // MARK: Documents

    private func didOpen(uri: String, languageID: String, version: Int, text: String) {
        guard let path = DocumentURI.path(of: uri) else { return }  // untitled: and other schemes name no file
        // A directory is no document (and linting it as a project would search all of it).
        guard !DocumentURI.namesDirectory(uri) && !Workspace.isDirectory(path) else {
            return log(.info, "\(uri) is a directory: not linted")
        }
        documents.open(TextDocument(uri: uri, path: path, languageID: languageID, version: version, text: LineText(text)))
        changed(path)
    }

    private func didChange(uri: String, version: Int?, changes: [JSON]) {
        do {
            guard let document = try documents.change(uri, version: version, changes, encoding) else { return }
            changed(document.path)
        } catch {
            log(.warning, "\(documents[uri]?.path ?? uri): \(error): change ignored")
        }
    }

    private func didClose(uri: String) {
        guard let document = documents.close(uri) else { return }
        if documents.current(document.path) != nil {
            dirty.insert(document.path)  // another URI of the file is open: its text is the file's now
        } else {
            dirty.remove(document.path)
            if isLinted(document) { workspace.closeBuffer(forPath: document.path) }
        }
        // Its findings go with it; other documents may change (a view whose provider was only in the buffer).
        if published.removeValue(forKey: uri) != nil { publish(uri: uri, version: nil, []) }
        schedule()
    }

    private func changed(_ path: String) {
        dirty.insert(path)
        schedule()
    }

    /// Whether FlowLint lints this document: a Swift file.
    private func isLinted(_ document: TextDocument) -> Bool {
        document.languageID == "swift" || document.path.hasSuffix(".swift")
    }

    /// Files created, changed or deleted outside the editor: the workspace decides what they change.
    private func didChangeWatchedFiles(_ changes: [JSON]) {
        let kinds: [Int: Workspace.FileChange] = [1: .created, 2: .changed, 3: .deleted]
        let files = changes.compactMap { change -> (path: String, change: Workspace.FileChange)? in
            guard let uri = change["uri"]?.string, let path = DocumentURI.path(of: uri) else { return nil }
            return (path, kinds[change["type"]?.int ?? 2] ?? .changed)
        }
        if workspace.filesChanged(files) { lint() }
    }

    // MARK: Linting

    private func schedule() {
        generation += 1
        let scheduled = generation
        let delay = DispatchTime.now() + .milliseconds(options.debounceMilliseconds)
        queue.asyncAfter(deadline: delay) { [self] in
            if generation == scheduled { lint() }
        }
    }

    /// Hands the changed documents to the workspace and brings every open document's findings up to date, then
    /// publishes those whose findings or version changed. `supersedable`: newer input stops it (and schedules
    /// the lint that replaces it); a code action's lint is not, since its answer must match the text it was for.
    private func lint(supersedable: Bool = true) {
        guard state == .running else { return }  // after `shutdown`, nothing is linted any more
        generation += 1  // a lint scheduled earlier has nothing left to do
        for path in dirty.sorted() {
            guard let document = documents.current(path), isLinted(document) else { continue }
            workspace.setBuffer(document.text.bytes, forPath: path)
        }
        dirty = []
        let token = supersedable ? CancellationToken() : nil
        lock.withLock { runningLint = token }
        let report = workspace.lint(token)
        lock.withLock { runningLint = nil }
        for message in report.messages {
            // An error (an invalid configuration or baseline) is shown to the user; the rest goes to the log.
            message.kind == .error ? show(.error, message.text) : log(message.kind == .warning ? .warning : .info, message.text)
        }
        watchBaselines()
        guard report.completed else {
            if traceVerbose { trace("lint stopped: newer input") }
            // What superseded it scheduled a lint already, unless it changed nothing: then this one runs again.
            return schedule()
        }
        let count = publishAll()
        if traceVerbose {
            for line in report.traces { trace("\(line); published \(count) documents") }
        }
    }

    // MARK: Publishing

    /// Publishes every open document whose findings changed, or whose text did since its last publication.
    @discardableResult
    private func publishAll() -> Int {
        var count = 0
        var conversion = DiagnosticConversion(documents: documents, encoding: encoding)
        for (uri, document) in documents.byURI.sorted(by: { $0.key < $1.key }) {
            let current = isLinted(document) ? workspace.findings(forPath: document.path) : []
            if let last = published[uri], last.version == document.version, last.findings == current { continue }
            published[uri] = (document.version, current)
            publish(uri: uri, version: document.version, current.compactMap { conversion.diagnostic($0) })
            count += 1
        }
        return count
    }

    private func publish(uri: String, version: Int?, _ diagnostics: [JSON]) {
        send(JSONRPC.notification("textDocument/publishDiagnostics", JSON([
            "uri": .string(uri),
            "version": version.map { .int($0) },
            "diagnostics": .array(diagnostics),
        ])))
    }

    // MARK: Code actions

    /// The workspace's quick fixes for the findings the range touches, as LSP code actions.
    private func codeActions(uri: String, range: LSPRange, only: [JSON]?) -> JSON {
        if let only {
            let kinds = only.compactMap(\.string)
            guard kinds.contains(where: { $0 == "quickfix" || $0.isEmpty }) else { return .array([]) }
        }
        if !dirty.isEmpty || workspace.hasPendingChanges { lint(supersedable: false) }  // edits must match the text now
        guard let document = documents[uri], isLinted(document) else { return .array([]) }
        let start = document.text.offset(of: range.start, encoding)
        let requested = start..<max(start, document.text.offset(of: range.end, encoding))
        var conversion = DiagnosticConversion(documents: documents, encoding: encoding)
        let actions = workspace.codeActions(forPath: document.path, range: requested).compactMap {
            conversion.codeAction($0, uri: uri, text: document.text)
        }
        return .array(actions)
    }

    // MARK: Sending

    private func sendRequest(_ method: String, _ params: JSON) {
        let id = nextRequestID
        nextRequestID += 1
        send(JSON(["jsonrpc": .string("2.0"), "id": .string("flowlint-\(id)"), "method": .string(method), "params": params]))
    }

    enum MessageType: Int { case error = 1, warning = 2, info = 3, log = 4 }

    /// A line for the client's log (its output panel).
    private func log(_ type: MessageType, _ message: String) {
        send(JSONRPC.notification("window/logMessage", JSON(["type": .int(type.rawValue), "message": .string(message)])))
    }

    /// A message the user sees (a configuration error).
    private func show(_ type: MessageType, _ message: String) {
        send(JSONRPC.notification("window/showMessage", JSON(["type": .int(type.rawValue), "message": .string(message)])))
    }

    private func trace(_ message: String) {
        send(JSONRPC.notification("$/logTrace", JSON(["message": .string(message)])))
    }
}
