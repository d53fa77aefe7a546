import Foundation
import Observation

enum Mood: String, CaseIterable, Identifiable {
    case great, good, okay, low
    var id: Self { self }
    var emoji: String {
        switch self {
        case .great: "😄"
        case .good: "🙂"
        case .okay: "😐"
        case .low: "😞"
        }
    }
}

struct Entry: Identifiable, Hashable {
    let id = UUID()
    var date = Date()
    var mood: Mood
    var text: String
}

@Observable
final class Journal {
    var entries: [Entry] = []

    func add(_ mood: Mood) {
        entries.insert(Entry(mood: mood, text: ""), at: 0)
    }

    func index(of id: Entry.ID) -> Int? {
        entries.firstIndex { $0.id == id }
    }
}

extension Journal {
    static var preview: Journal {
        let journal = Journal()
        journal.entries = [Entry(mood: .good, text: "Long walk by the river.")]
        return journal
    }
}
