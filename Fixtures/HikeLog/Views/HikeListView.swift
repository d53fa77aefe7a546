import SwiftUI

struct HikeListView: View {
    @Environment(HikeStore.self) private var store
    @Environment(AppSettings.self) private var settings
    @Binding var selection: Hike.ID?
    @State private var isAddingHike = false

    var body: some View {
        let _ = (selection = selection ?? store.visibleHikes.first?.id) // expect: state_mutation_in_body
        List(selection: $selection) {
            ForEach(store.visibleHikes) { hike in
                HikeRow(hike: hike, distance: settings.formattedDistance(hike.distance))
            }
            .onDelete { offsets in
                store.delete(offsets.map { store.visibleHikes[$0].id })
            }
        }
        .searchable(text: Binding(get: { store.search.text }, set: { store.search.text = $0 }))
        .navigationTitle("Hikes")
        .toolbar {
            Button("Add Hike", systemImage: "plus") { isAddingHike = true }
        }
        .sheet(isPresented: $isAddingHike) {
            HikeEditor(hike: Hike(name: "", distance: 0)) { newHike in
                store.add(newHike)
                selection = newHike.id
            }
        }
    }
}

struct HikeRow: View {
    let hike: Hike
    let distance: String

    var body: some View {
        VStack(alignment: .leading) {
            Text(hike.name.isEmpty ? "Untitled hike" : hike.name)
                .font(.headline)
            Text("\(hike.date, format: .dateTime.day().month()) · \(distance)")
                .foregroundStyle(.secondary)
        }
    }
}

#Preview {
    NavigationStack {
        HikeListView(selection: .constant(nil))
    }
    .environment(HikeStore.preview)
    .environment(AppSettings())
}
