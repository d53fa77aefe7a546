import SwiftUI

/// The package's own content view: it shows the catalog and reads nothing from the environment.
public struct ContentView: View {
    public init() {}

    public var body: some View {
        CatalogScreen()
    }
}

public struct CatalogScreen: View {
    @EnvironmentObject var cart: Cart

    public init() {}

    public var body: some View {
        Text("\(cart.count) in the cart")
    }
}
