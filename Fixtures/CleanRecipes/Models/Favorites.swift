import Foundation

final class Favorites: ObservableObject {
    @Published private(set) var ids: Set<Recipe.ID> = []

    func contains(_ recipe: Recipe) -> Bool {
        ids.contains(recipe.id)
    }

    func toggle(_ recipe: Recipe) {
        if ids.contains(recipe.id) {
            ids.remove(recipe.id)
        } else {
            ids.insert(recipe.id)
        }
    }
}
