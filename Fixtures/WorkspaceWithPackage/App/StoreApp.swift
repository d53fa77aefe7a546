import Catalog
import SwiftUI

@main
struct StoreApp: App {
    @StateObject private var cart = Cart()

    var body: some Scene {
        WindowGroup {
            ContentView() // expect: missing_environment_object
                .environmentObject(cart)
        }
    }
}
