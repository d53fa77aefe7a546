import SwiftUI

struct PantryView: View {
    @State private var list = ShoppingList() // expect: state_reference_type
    @State private var store = PantryStore() // expect: state_reference_type

    var body: some View {
        List {
            Section("Jars: \(store.jars)") {
                ForEach(list.items, id: \.self) { Text($0) }
            }
        }
    }
}

@available(iOS 17, *)
struct RecipeCard: View {
    private let draft = RecipeDraft() // expect: observable_created_in_view

    var body: some View {
        Text("\(draft.title) for \(draft.servings)")
    }
}
