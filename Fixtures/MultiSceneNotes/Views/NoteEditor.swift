import SwiftUI

struct NoteEditor: View {
    @Binding var note: Note
    @EnvironmentObject var preferences: Preferences

    var body: some View {
        VStack(alignment: .leading) {
            TextField("Title", text: $note.title)
                .font(.title2)
            TextEditor(text: $note.body)
                .font(.system(size: preferences.fontSize))
            if preferences.showsWordCount {
                Text(note.body.split(separator: " ").count, format: .number)
                    .foregroundStyle(.secondary)
            }
        }
        .padding()
        .onChange(of: note.body) {
            note.modified = Date()
        }
    }
}
