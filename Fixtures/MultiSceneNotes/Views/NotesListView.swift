import SwiftUI

struct NotesListView: View {
    @EnvironmentObject var library: NoteLibrary
    @EnvironmentObject var preferences: Preferences
    @State private var selection: Note.ID?
    @Environment(\.openWindow) private var openWindow

    private var sortedNotes: [Note] {
        library.notes.sorted {
            preferences.sortNewestFirst ? $0.modified > $1.modified : $0.modified < $1.modified
        }
    }

    var body: some View {
        NavigationSplitView {
            List(sortedNotes, selection: $selection) { note in
                Text(note.title)
            }
            .toolbar {
                Button("New Note", systemImage: "square.and.pencil") {
                    selection = library.newNote().id
                }
                Button("Statistics") { openWindow(id: "statistics") }
            }
        } detail: {
            if let index = library.notes.firstIndex(where: { $0.id == selection }) {
                NoteEditor(note: $library.notes[index])
            } else {
                Text("Select a note")
                    .foregroundStyle(.secondary)
            }
        }
    }
}

#Preview {
    NotesListView()
        .environmentObject(NoteLibrary())
        .environmentObject(Preferences())
}
