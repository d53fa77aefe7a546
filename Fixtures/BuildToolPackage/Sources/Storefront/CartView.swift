// Compiled on every platform; the SwiftUI part only where SwiftUI exists. FlowLint reads it as text, so the
// build-tool plugin reports its finding on Linux too (Tests/integration/build-plugin.sh expects it).
#if canImport(SwiftUI)
import SwiftUI

final class Cart: ObservableObject {
    @Published var items: [String] = []
}

struct CartView: View {
    @ObservedObject var cart = Cart() // expect: observed_object_inline

    var body: some View {
        List(cart.items, id: \.self) { item in
            Text(item)
        }
        .toolbar { Button("Add tea") { cart.items.append("Tea") } }
    }
}
#endif

/// Something for the target to compile on every platform.
public let storefrontName = "Storefront"
