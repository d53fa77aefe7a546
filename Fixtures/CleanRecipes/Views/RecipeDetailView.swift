import SwiftUI

struct RecipeDetailView: View {
    let recipe: Recipe
    @EnvironmentObject var favorites: Favorites
    @State private var servings: Int

    init(recipe: Recipe) {
        self.recipe = recipe
        _servings = State(initialValue: recipe.servings)
    }

    var body: some View {
        List {
            Section {
                LabeledContent("Time", value: recipe.minutes, format: .number)
                ServingsPicker(servings: $servings)
            }
            Section("Steps") {
                ForEach(recipe.steps) { step in
                    Text(step.text)
                        .badge(step.number)
                }
            }
        }
        .navigationTitle(recipe.name)
        .toolbar {
            Button(favorites.contains(recipe) ? "Unfavorite" : "Favorite") {
                favorites.toggle(recipe)
            }
        }
    }
}

#Preview {
    NavigationStack {
        RecipeDetailView(recipe: .pancakes)
    }
    .environmentObject(Favorites())
}
