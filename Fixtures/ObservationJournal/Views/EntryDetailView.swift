import SwiftUI

struct EntryDetailView: View {
    let entryID: Entry.ID
    @Environment(Journal.self) private var journal
    @State var isEditing = false // expect: non_private_state

    var body: some View {
        @Bindable var journal = journal
        if let index = journal.index(of: entryID) {
            Form {
                Picker("Mood", selection: $journal.entries[index].mood) {
                    ForEach(Mood.allCases) { mood in
                        Text(mood.emoji).tag(mood)
                    }
                }
                TextEditor(text: $journal.entries[index].text)
                    .disabled(!isEditing)
            }
            .toolbar {
                Button(isEditing ? "Done" : "Edit") { isEditing.toggle() }
            }
        } else {
            ContentUnavailableView("Entry deleted", systemImage: "trash")
        }
    }
}

#Preview {
    EntryDetailView(entryID: Journal.preview.entries[0].id) // expect: missing_environment_object_in_preview
}
