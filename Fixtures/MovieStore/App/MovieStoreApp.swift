import SwiftUI

@main
struct MovieStoreApp: App {
    @StateObject private var catalog = Catalog()
    @StateObject private var cart = Cart()

    var body: some Scene {
        WindowGroup {
            CatalogView()
                .environmentObject(catalog)
                .environmentObject(cart)
        }
    }
}
