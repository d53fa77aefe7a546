/// A second target, without the plugin: editing it re-runs FlowLint on Storefront, whose findings can
/// depend on any file of the package.
public struct Price: Equatable, Sendable {
    public var cents: Int
    public init(cents: Int) { self.cents = cents }
}
