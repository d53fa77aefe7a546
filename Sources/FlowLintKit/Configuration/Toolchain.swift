/// The Xcode that builds the project (`xcode:` in `.flowlint.yml`, default the newest FlowLint knows): its SwiftUI
/// decides what some code means, so rules word their advice for it. Only project checks read it
/// (`ProjectContext.toolchain`): the per-file output cached with a file's facts does not depend on it, so changing it
/// re-parses nothing.
///
/// The key names the Xcode, not a SwiftUI version: what changes with it is what the compiler and the SDK make of the
/// source (Xcode 27's `@State` is a macro, TN3211; a compiler's bugs), while the SwiftUI that runs is the one of the
/// OS, bounded by the deployment targets the project model reads (`BuildLayout`, `SwiftUIAPI`). A `swiftui:` key would
/// read like a deployment target.
struct Toolchain: Sendable, Hashable {
    /// The Xcode version as written: `27`, `26.4`, `27.1`.
    var xcode: OSVersion

    /// Xcode 27: the newest FlowLint knows, and the default.
    static let newest = Toolchain(xcode: OSVersion([27]))

    /// The first Xcode with SwiftUI (11): an older one cannot build what FlowLint lints.
    static let oldest = OSVersion([11])

    /// From Xcode 27 on, `@State` is a macro (TN3211): its initial value is evaluated once per view identity, when
    /// SwiftUI installs the state, as `@StateObject`'s is; before, it is evaluated whenever the view's initializer
    /// runs, and only the first value is kept.
    var stateIsMacro: Bool { xcode >= OSVersion([27]) }

    /// `Xcode 26.4`, `Xcode 27`.
    var name: String { "Xcode " + xcode.components.map(String.init).joined(separator: ".") }
}
