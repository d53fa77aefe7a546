import Combine
import Observation

final class ShoppingList {
    var items: [String] = []
}

final class PantryStore: ObservableObject {
    @Published var jars = 0
}

@available(iOS 17, *)
@Observable
final class RecipeDraft {
    var title = ""
    var servings = 2
}
