import Dispatch
import FlowLintKit
import Foundation

/// What `flowlint lsp` is started with; `initializationOptions` can change each of them (see README, "Editors").
public struct LanguageServerOptions: Sendable {
    /// How long after the last edit the server waits before linting, so a burst of keystrokes is linted once.
    public var debounceMilliseconds = 75
    /// A configuration file for every project (`--config`), instead of the `.flowlint.yml` found from its root.
    public var configPath: String?
    public var cache: LintOptions.CacheChoice = .automatic
    public var respectsGitIgnores = true

    public init() {}
}

/// `flowlint lsp`: reads LSP messages on standard input, answers on standard output, until `exit` (which ends the
/// process) or the end of input (after which it returns). The exit status is 0 after `shutdown`, 1 otherwise (as
/// LSP asks).
public enum LanguageServerMain {
    public static func run(_ options: LanguageServerOptions) -> Int32 {
        // A client that goes away must not kill the server with SIGPIPE mid-write: the write fails instead.
        signal(SIGPIPE, SIG_IGN)
        let writer = MessageWriter(descriptor: STDOUT_FILENO)
        let server = LanguageServer(options: options) { message in
            if !writer.write(message.serialized()) { exit(1) }  // the client closed its end: nobody to serve
        }
        var reader = MessageReader(source: DescriptorSource(descriptor: STDIN_FILENO))
        while true {
            switch reader.next() {
            case .message(let body):
                if let status = server.receive(body) {
                    // `exit` ends the process at once, even while a lint runs on the server's queue (it cannot be
                    // interrupted); standard output is written unbuffered, so nothing is lost but that work.
                    _exit(status)
                }
            case .malformed(let reason):
                server.receiveMalformed(reason)
            case .tooLarge(let size):
                server.receiveTooLarge(size)
            case .end:
                return server.endOfInput()
            }
        }
    }
}

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

/// The server's state and its handlers. Messages are read on the caller's thread (`receive`), which answers
/// `exit` and `$/cancelRequest` at once (`exit` does not wait for the queue) and hands everything else, in order,
/// to one serial queue: every handler and every lint runs there, so the state needs no lock. Linting waits
/// `debounceMilliseconds` after the last change (a change during the wait starts it again); a code action request
/// lints at once first if a document changed, so its edits match the text the client has.
final class LanguageServer: @unchecked Sendable {
    private var options: LanguageServerOptions
    private let send: (JSON) -> Void
    private let queue = DispatchQueue(label: "flowlint.lsp")

    // Read on the reader's thread too: under `lock`.
    private let lock = NSLock()
    /// Requests read and not answered yet, and those of them the client cancelled (by `key(of:)`).
    private var pending: Set<String> = []
    private var cancelled: Set<String> = []
    /// A `shutdown` request was read (answered or still queued): `exit` then ends with 0.
    private var shutdownRequested = false

    private enum State { case uninitialized, running, shutDown }
    private var state = State.uninitialized
    private var encoding = PositionEncoding.utf16
    private var traceVerbose = false
    private var watchesDynamically = false
    private var workspaceRoot: String?
    private var nextRequestID = 1

    private var documents = OpenDocuments()
    /// Files whose open document changed since the last lint, by path.
    private var dirty: Set<String> = []
    /// Loaded projects by key (the root, or the lone file's path), and why a project could not load.
    private var projects: [String: LiveProject] = [:]
    private var projectErrors: [String: String] = [:]
    /// What was last published per URI: the findings and the document version they were for.
    private var published: [String: (version: Int?, findings: [LiveFinding])] = [:]
    /// Each linted file's project key (see `projectKey`).
    private var projectKeys: [String: String] = [:]
    /// Projects whose files changed (on disk, or a buffer closed) since their last lint, by key.
    private var stale: Set<String> = []
    /// Bumped on every change; a scheduled lint runs only if nothing changed after it was scheduled.
    private var generation = 0

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
            send(Self.error(id: .null, ErrorCode.parseError, "invalid JSON at byte \(error.offset): \(error.message)"))
            return nil
        } catch {
            return nil
        }
        guard case .object = message else {
            send(Self.error(id: .null, ErrorCode.invalidRequest, "a message must be a JSON object"))
            return nil
        }
        switch message["method"]?.string {
        case "exit":
            lock.lock()
            defer { lock.unlock() }
            return shutdownRequested ? 0 : 1
        case "$/cancelRequest":
            // Only a request still waiting can be cancelled (one answered already is forgotten).
            if let id = message["params"]?["id"], let key = Self.key(of: id) {
                lock.lock()
                if pending.contains(key) { cancelled.insert(key) }
                lock.unlock()
            }
            return nil
        case .some(let method):
            if let id = message["id"], let key = Self.key(of: id) {
                lock.lock()
                pending.insert(key)
                if method == "shutdown" { shutdownRequested = true }
                lock.unlock()
            }
        case nil:
            break  // a response to one of the server's requests
        }
        queue.async { self.handle(message) }
        return nil
    }

    func receiveMalformed(_ reason: String) {
        queue.async {
            self.send(Self.error(id: .null, ErrorCode.parseError, "malformed message: \(reason)"))
        }
    }

    /// Refused at its header: its id is in the body, which is skipped unread.
    func receiveTooLarge(_ size: Int) {
        let reason = "a message of \(size) bytes is over the limit of \(MessageReader.defaultMaximumMessageSize >> 20) MiB: skipped"
        queue.async {
            self.send(Self.error(id: .null, ErrorCode.invalidRequest, reason))
            self.log(.error, reason)
        }
    }

    /// The client closed standard input without `exit`: it is gone.
    func endOfInput() -> Int32 {
        queue.sync {}
        lock.lock()
        defer { lock.unlock() }
        return shutdownRequested ? 0 : 1
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
        guard let key = Self.key(of: id) else {
            send(Self.error(id: .null, ErrorCode.invalidRequest, "a request id must be a number or a string"))
            return
        }
        lock.lock()
        pending.remove(key)
        let wasCancelled = cancelled.remove(key) != nil
        lock.unlock()
        if wasCancelled {
            send(Self.error(id: id, ErrorCode.requestCancelled, "cancelled"))
            return
        }
        switch (state, method) {
        case (.uninitialized, "initialize"):
            send(Self.response(id: id, initialize(params)))
        case (.uninitialized, _):
            send(Self.error(id: id, ErrorCode.serverNotInitialized, "the server is not initialized"))
        case (.running, "initialize"):
            send(Self.error(id: id, ErrorCode.invalidRequest, "the server is already initialized"))
        case (.running, "shutdown"):
            state = .shutDown
            send(Self.response(id: id, .null))
        case (.running, "textDocument/codeAction"):
            guard let uri = params["textDocument"]?["uri"]?.string, let range = LSPRange(params["range"]) else {
                send(Self.error(id: id, ErrorCode.invalidParams, "codeAction needs textDocument.uri and range"))
                return
            }
            send(Self.response(id: id, codeActions(uri: uri, range: range, only: params["context"]?["only"]?.array)))
        case (.running, _):
            send(Self.error(id: id, ErrorCode.methodNotFound, "unknown method '\(method)'"))
        case (.shutDown, _):
            send(Self.error(id: id, ErrorCode.invalidRequest, "the server is shut down"))
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
        if let folder = params["workspaceFolders"]?.array?.first?["uri"]?.string {
            workspaceRoot = DocumentURI.path(of: folder)
        } else if let root = params["rootUri"]?.string {
            workspaceRoot = DocumentURI.path(of: root)
        } else if let root = params["rootPath"]?.string, root.hasPrefix("/") {
            workspaceRoot = Paths.standardize(root)
        }
        if let settings = params["initializationOptions"], case .object = settings { apply(settings) }
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

    /// `initializationOptions`: `debounce` (milliseconds), `config` (a configuration file, relative to the
    /// workspace folder), `cachePath`, `noCache`, `noIgnoreVCS`.
    private func apply(_ settings: JSON) {
        if let debounce = settings["debounce"]?.int, debounce >= 0 { options.debounceMilliseconds = min(debounce, 10_000) }
        if let config = settings["config"]?.string, !config.isEmpty {
            options.configPath = Paths.absolute(config, base: workspaceRoot ?? Paths.currentDirectory)
        }
        if let path = settings["cachePath"]?.string, !path.isEmpty {
            options.cache = .directory(Paths.absolute(path, base: workspaceRoot ?? Paths.currentDirectory))
        }
        if settings["noCache"]?.bool == true { options.cache = .disabled }
        if let noIgnore = settings["noIgnoreVCS"]?.bool { options.respectsGitIgnores = !noIgnore }
    }

    /// Asks the client to watch Swift files, configuration files and `.gitignore` files for us (when it can
    /// register watchers dynamically): files created, changed or deleted outside the editor update the project.
    private func registerWatchers() {
        guard watchesDynamically else {
            log(.info, "the client cannot register file watchers: files changed outside the editor are seen when reopened")
            return
        }
        let watchers: [JSON] = ["**/*.swift", "**/\(Configuration.fileName)", "**/.gitignore"].map { JSON(["globPattern": .string($0)]) }
        let registration = JSON([
            "id": .string("flowlint-watched-files"),
            "method": .string("workspace/didChangeWatchedFiles"),
            "registerOptions": JSON(["watchers": .array(watchers)]),
        ])
        sendRequest("client/registerCapability", JSON(["registrations": .array([registration])]))
    }

    // MARK: Documents

    private func didOpen(uri: String, languageID: String, version: Int, text: String) {
        guard let path = DocumentURI.path(of: uri) else { return }  // untitled: and other schemes name no file
        // A directory is no document (and linting it as a project would search all of it).
        guard !DocumentURI.namesDirectory(uri) && !FileDiscovery.isDirectory(path, followingSymlinks: true) else {
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
            if isLinted(document) {
                for (key, project) in projects where covers(project, document.path) || key == document.path {
                    if let notice = project.setBuffer(nil, forAbsolutePath: document.path) { log(.warning, notice) }
                    stale.insert(key)
                }
                // A file linted alone (no project marker above it) is linted no more.
                if let alone = projects[document.path], alone.root == nil {
                    projects[document.path] = nil
                    stale.remove(document.path)
                }
            }
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

    // MARK: Watched files

    private func didChangeWatchedFiles(_ changes: [JSON]) {
        var configurationChanged = false
        var created: Set<String> = [], deleted: Set<String> = [], modified: Set<String> = []
        for change in changes {
            guard let uri = change["uri"]?.string, let path = DocumentURI.path(of: uri) else { continue }
            let name = Paths.lastComponent(path)
            if name == Configuration.fileName || path == options.configPath {
                configurationChanged = true
            } else if name == ".gitignore" {
                created.insert(path)  // what the project search skips changed: search again
            } else if name.hasSuffix(".swift") {
                switch change["type"]?.int {
                case 1: created.insert(path)
                case 3: deleted.insert(path)
                default: modified.insert(path)
                }
            }
        }
        if configurationChanged {
            // Settings, excludes and even project roots (`.flowlint.yml` marks one) may have changed: every project
            // loads again (through the facts cache), and every document is linted again.
            projects = [:]
            projectErrors = [:]
            projectKeys = [:]
            dirty.formUnion(documents.paths)
            lint()
            return
        }
        guard !(created.isEmpty && deleted.isEmpty && modified.isEmpty) else { return }
        for (key, project) in projects {
            let inProject = { (path: String) in project.root.map { Paths.relative(path, to: $0) != nil } ?? false }
            let searchAgain = created.contains(where: inProject) || deleted.contains(where: inProject)
            let reread = modified.filter(inProject)
            guard searchAgain || !reread.isEmpty else { continue }
            for notice in project.filesChangedOnDisk(Array(reread), searchAgain: searchAgain) { log(.warning, notice) }
            stale.insert(key)
        }
        if !stale.isEmpty { lint() }
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

    /// Brings every open document's findings up to date: the changed buffers are parsed into their projects
    /// (a project is loaded the first time one of its documents needs it), each project touched is linted, and
    /// every document whose findings or version changed is published.
    private func lint() {
        generation += 1  // a lint scheduled earlier has nothing left to do
        var touched = stale
        var notices: [String] = []
        for path in dirty.sorted() {
            guard let document = documents.current(path), isLinted(document) else { continue }
            let key = projectKey(document.path)
            if projects[key] == nil && projectErrors[key] == nil {
                load(key, for: document.path)  // with every open buffer: this one included
                if let project = projects[key] { notices += project.notices }
            } else if let project = projects[key] {
                if let notice = project.setBuffer(document.text.bytes, forAbsolutePath: document.path) { notices.append(notice) }
                touched.insert(key)
            }
            // Enclosing projects see the buffer as context too.
            for (other, project) in projects where other != key && covers(project, document.path) {
                if let notice = project.setBuffer(document.text.bytes, forAbsolutePath: document.path) { notices.append(notice) }
                touched.insert(other)
            }
        }
        dirty = []
        stale = []
        for key in touched.sorted() { projects[key]?.lint() }
        for notice in notices { log(.warning, notice) }
        let count = publishAll()
        if traceVerbose {
            for key in touched.sorted() {
                guard let timings = projects[key]?.timings else { continue }
                trace("lint \(key): parse \(ms(timings.facts)) (\(timings.parsedFiles) files), index \(timings.rebuiltIndex ? "built" : "updated") \(ms(timings.index)), \(timings.ranChecks ? "checks \(ms(timings.checks))" : "checks skipped (no facts changed)"); published \(count) documents")
            }
        }
    }

    /// The project a file belongs to, as the command line finds it: its root, or the file itself when no
    /// project marker is above it. Remembered per file (finding it reads every directory up to the root) until
    /// a configuration file, which marks roots too, changes.
    private func projectKey(_ path: String) -> String {
        if let known = projectKeys[path] { return known }
        let key = ProjectRoot.find(for: path) ?? path
        projectKeys[path] = key
        return key
    }

    private func covers(_ project: LiveProject, _ path: String) -> Bool {
        guard let root = project.root else { return false }
        return Paths.relative(path, to: root) != nil
    }

    private func load(_ key: String, for path: String) {
        let root: String? = key == path && !FileDiscovery.isDirectory(key, followingSymlinks: true) ? nil : key
        let configuration: Configuration
        do {
            configuration = try self.configuration(root: root, file: path)
        } catch let error as ConfigurationError {
            projectErrors[key] = error.message
            show(.error, error.message)
            return
        } catch {
            projectErrors[key] = "\(error)"
            show(.error, "\(error)")
            return
        }
        for warning in configuration.warnings { log(.warning, warning) }
        var buffers: [String: [UInt8]] = [:]
        for document in documents.currentDocuments where isLinted(document) {
            if let root, Paths.relative(document.path, to: root) != nil { buffers[document.path] = document.text.bytes }
            if root == nil && document.path == path { buffers[document.path] = document.text.bytes }
        }
        let started = DispatchTime.now()
        let project = LiveProject(root: root, file: root == nil ? path : nil, configuration: configuration, cache: options.cache,
                                  respectsGitIgnores: options.respectsGitIgnores, buffers: buffers)
        projects[key] = project
        log(.info, "loaded \(root ?? path) in \(ms(Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9))")
    }

    /// The configuration of a project: the file given to the server, else the `.flowlint.yml` that applies to
    /// the file (as `flowlint lint FILE` finds it: at or above it, up to its git work tree's top), else the
    /// defaults.
    private func configuration(root: String?, file: String) throws -> Configuration {
        if let path = options.configPath { return try Configuration.load(path: path) }
        if let found = ProjectRoot.configurationFile(for: file) { return try Configuration.load(path: found) }
        return Configuration(rootDirectory: root ?? Paths.parent(file))
    }

    // MARK: Publishing

    /// Findings of an open document: none when it is not linted (not Swift, excluded, its project has no valid
    /// configuration).
    private func findings(_ document: TextDocument) -> [LiveFinding] {
        guard isLinted(document), let project = projects[projectKey(document.path)] else { return [] }
        return project.findings(forAbsolutePath: document.path)
    }

    /// Publishes every open document whose findings changed, or whose text did since its last publication.
    @discardableResult
    private func publishAll() -> Int {
        var count = 0
        var texts = TextCache(documents: documents)
        for (uri, document) in documents.byURI.sorted(by: { $0.key < $1.key }) {
            let current = findings(document)
            if let last = published[uri], last.version == document.version, last.findings == current { continue }
            published[uri] = (document.version, current)
            publish(uri: uri, version: document.version, current, texts: &texts)
            count += 1
        }
        return count
    }

    private func publish(uri: String, version: Int?, _ findings: [LiveFinding]) {
        var texts = TextCache(documents: documents)
        publish(uri: uri, version: version, findings, texts: &texts)
    }

    private func publish(uri: String, version: Int?, _ findings: [LiveFinding], texts: inout TextCache) {
        let diagnostics = findings.compactMap { finding -> JSON? in
            guard let project = projects[documents[uri].map { projectKey($0.path) } ?? ""] else { return nil }
            return diagnosticJSON(finding.diagnostic, project: project, texts: &texts)
        }
        send(Self.notification("textDocument/publishDiagnostics", JSON([
            "uri": .string(uri),
            "version": version.map { .int($0) },
            "diagnostics": .array(diagnostics),
        ])))
    }

    private func diagnosticJSON(_ diagnostic: Diagnostic, project: LiveProject, texts: inout TextCache) -> JSON? {
        let path = project.absolutePath(of: diagnostic.span.file)
        guard let text = texts.text(path) else { return nil }
        let related = diagnostic.notes.compactMap { note -> JSON? in
            let notePath = project.absolutePath(of: note.span.file)
            guard let noteText = texts.text(notePath) else { return nil }
            return JSON([
                "location": JSON([
                    "uri": .string(texts.uri(notePath)),
                    "range": noteText.range(ofOffsets: note.span.startOffset, note.span.endOffset, encoding).json,
                ]),
                "message": .string(note.message),
            ])
        }
        let documentation = RuleRegistry.descriptor(id: diagnostic.ruleID)?.documentationURL
        return JSON([
            "range": text.range(ofOffsets: diagnostic.span.startOffset, diagnostic.span.endOffset, encoding).json,
            "severity": .int(diagnostic.severity == .error ? 1 : 2),
            "code": .string(diagnostic.ruleID),
            "codeDescription": documentation.map { JSON(["href": .string($0)]) },
            "source": .string("flowlint"),
            "message": .string(diagnostic.message),
            "relatedInformation": related.isEmpty ? nil : .array(related),
        ])
    }

    // MARK: Code actions

    private func codeActions(uri: String, range: LSPRange, only: [JSON]?) -> JSON {
        if let only {
            let kinds = only.compactMap(\.string)
            guard kinds.contains(where: { $0 == "quickfix" || $0.isEmpty }) else { return .array([]) }
        }
        if !dirty.isEmpty || !stale.isEmpty { lint() }  // the actions' edits must match the text the client has now
        guard let document = documents[uri], let project = projects[projectKey(document.path)] else { return .array([]) }
        var texts = TextCache(documents: documents)
        let requested = document.text.offset(of: range.start, encoding)..<max(document.text.offset(of: range.start, encoding),
                                                                             document.text.offset(of: range.end, encoding))
        var actions: [JSON] = []
        for finding in project.findings(forAbsolutePath: document.path) {
            let span = finding.diagnostic.span
            guard span.startOffset <= requested.upperBound && requested.lowerBound <= span.endOffset,
                  let lspDiagnostic = diagnosticJSON(finding.diagnostic, project: project, texts: &texts) else { continue }
            for fix in finding.diagnostic.fixes {
                guard fix.edits.allSatisfy({ 0 <= $0.startOffset && $0.startOffset <= $0.endOffset && $0.endOffset <= document.text.count })
                else { continue }
                let edits = fix.edits.map { edit in
                    JSON([
                        "range": document.text.range(ofOffsets: edit.startOffset, edit.endOffset, encoding).json,
                        "newText": .string(edit.replacement),
                    ])
                }
                actions.append(JSON([
                    "title": .string(fix.message),
                    "kind": .string("quickfix"),
                    "diagnostics": .array([lspDiagnostic]),
                    "isPreferred": fix.applicability == .safe ? .bool(true) : nil,
                    "edit": JSON(["changes": .object([(uri, .array(edits))])]),
                ]))
            }
            if let disable = disableAction(finding, project: project, document: document, diagnostic: lspDiagnostic, texts: &texts) {
                actions.append(disable)
            }
        }
        return .array(actions)
    }

    /// "Disable RULE for this line": `// flowlint:disable:next RULE` above the line where the finding belongs,
    /// indented as that line; added to a `disable:next` comment already there. A finding of a root in another
    /// file is shown here at its reading declaration, where a comment silences it (`Diagnostic.suppressibleAt`).
    private func disableAction(_ finding: LiveFinding, project: LiveProject, document: TextDocument, diagnostic: JSON,
                               texts: inout TextCache) -> JSON? {
        let rule = finding.diagnostic.ruleID
        let path = project.absolutePath(of: finding.suppressionSpan.file)
        guard let text = texts.text(path) else { return nil }
        let edit = SuppressionEdit.disableNext(rule: rule, lineOf: finding.suppressionSpan.startOffset, in: text)
        let targetURI = path == document.path ? document.uri : texts.uri(path)
        let elsewhere = path == document.path ? "" : " (at its root in \(Paths.lastComponent(path)))"
        return JSON([
            "title": .string("Disable \(rule) for this line\(elsewhere)"),
            "kind": .string("quickfix"),
            "diagnostics": .array([diagnostic]),
            "edit": JSON(["changes": .object([(targetURI, .array([JSON([
                "range": text.range(ofOffsets: edit.startOffset, edit.endOffset, encoding).json,
                "newText": .string(edit.replacement),
            ])]))])]),
        ])
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
        send(Self.notification("window/logMessage", JSON(["type": .int(type.rawValue), "message": .string(message)])))
    }

    /// A message the user sees (a configuration error).
    private func show(_ type: MessageType, _ message: String) {
        send(Self.notification("window/showMessage", JSON(["type": .int(type.rawValue), "message": .string(message)])))
    }

    private func trace(_ message: String) {
        send(Self.notification("$/logTrace", JSON(["message": .string(message)])))
    }

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

/// The text of files that findings and notes point into, for positions: an open document's buffer, else the
/// file on disk (read once per publication).
struct TextCache {
    private var byPath: [String: LineText?] = [:]
    private var uris: [String: String] = [:]

    init(documents: OpenDocuments) {
        for document in documents.currentDocuments {
            byPath[document.path] = document.text
            uris[document.path] = document.uri
        }
    }

    mutating func text(_ path: String) -> LineText? {
        if let known = byPath[path] { return known }
        var text: LineText?
        if case .text(let bytes) = FileReader.read(path) { text = LineText(bytes, hidesByteOrderMark: true) }
        byPath[path] = text
        return text
    }

    /// The URI the client uses for a file: an open document's own, else the file's.
    func uri(_ path: String) -> String { uris[path] ?? DocumentURI.uri(ofPath: path) }
}

private func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
