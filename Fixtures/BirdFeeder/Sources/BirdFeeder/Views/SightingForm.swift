import SwiftData
import SwiftUI

struct SightingForm: View {
    @Environment(\.modelContext) private var context
    private let draft = SightingDraft() // expect: observable_created_in_view

    var body: some View {
        @Bindable var draft = draft
        Form {
            TextField("Species", text: $draft.species)
            Stepper("Count: \(draft.count)", value: $draft.count, in: 1...99)
            Button("Save") {
                context.insert(Sighting(species: draft.species, count: draft.count))
            }
        }
    }
}

#Preview {
    SightingForm()
        .modelContainer(for: Sighting.self, inMemory: true)
}
