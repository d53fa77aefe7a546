import SwiftUI

@main
struct RecipesApp: App {
    @State private var book = RecipeBook()
    @StateObject private var favorites = Favorites()

    var body: some Scene {
        WindowGroup {
            RecipeListView()
                .environment(book)
                .environmentObject(favorites)
        }
    }
}
