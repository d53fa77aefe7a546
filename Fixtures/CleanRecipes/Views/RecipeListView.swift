import SwiftUI

struct RecipeListView: View {
    @Environment(RecipeBook.self) private var book
    @EnvironmentObject var favorites: Favorites

    var body: some View {
        @Bindable var book = book
        NavigationStack {
            List(book.filtered) { recipe in
                NavigationLink {
                    RecipeDetailView(recipe: recipe)
                } label: {
                    HStack {
                        Text(recipe.name)
                        Spacer()
                        if favorites.contains(recipe) {
                            Image(systemName: "heart.fill")
                        }
                    }
                }
            }
            .searchable(text: $book.searchText)
            .navigationTitle("Recipes")
        }
    }
}

#Preview {
    RecipeListView()
        .environment(RecipeBook())
        .environmentObject(Favorites())
}
