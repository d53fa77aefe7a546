import SwiftUI

struct PeopleListView: View {
    @EnvironmentObject var store: PeopleStore
    @State private var newName = ""
    @State private var isBulkEditing = false

    var body: some View {
        NavigationStack {
            List {
                Section("Add someone") {
                    HStack {
                        TextField("Name", text: $newName)
                        Button("Add") {
                            store.add(name: newName)
                            newName = ""
                        }
                        .disabled(newName.isEmpty)
                    }
                }
                Section("Favorites") {
                    ForEach(Array(store.favorites.enumerated()), id: \.element.id) { rank, person in
                        Text(person.name)
                            .badge(rank + 1)
                    }
                }
                Section("Everyone") {
                    ForEach($store.people) { $person in
                        PersonRow(person: $person)
                    }
                    .onDelete(perform: store.delete)
                    .onMove(perform: store.move)
                }
            }
            .navigationTitle("People")
            .toolbar {
                Button("Bulk Edit") { isBulkEditing = true }
            }
            .sheet(isPresented: $isBulkEditing) {
                BulkEditView(people: $store.people)
            }
        }
    }
}

#Preview {
    PeopleListView()
        .environmentObject(PeopleStore())
}
