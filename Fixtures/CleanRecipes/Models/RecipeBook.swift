import Foundation
import Observation

@Observable
final class RecipeBook {
    var recipes: [Recipe] = [.pancakes]
    var searchText = ""

    var filtered: [Recipe] {
        guard !searchText.isEmpty else { return recipes }
        return recipes.filter { $0.name.localizedCaseInsensitiveContains(searchText) }
    }
}
