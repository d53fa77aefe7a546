import Foundation

struct Note: Identifiable, Hashable {
    let id = UUID()
    var title: String
    var body: String
    var modified = Date()
}

@MainActor
final class NoteLibrary: ObservableObject {
    @Published var notes: [Note] = [
        Note(title: "Groceries", body: "Milk, eggs, coffee"),
        Note(title: "Ideas", body: "A movie night app"),
    ]

    var wordCount: Int {
        notes.reduce(0) { $0 + $1.body.split(separator: " ").count }
    }

    func newNote() -> Note {
        let note = Note(title: "Untitled", body: "")
        notes.insert(note, at: 0)
        return note
    }
}
