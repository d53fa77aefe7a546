import SwiftUI

@MainActor
final class PeopleStore: ObservableObject {
    @Published var people: [Person]

    init(people: [Person] = Person.samples) {
        self.people = people
    }

    var favorites: [Person] {
        people.filter(\.isFavorite)
    }

    func add(name: String) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return }
        people.append(Person(name: trimmed))
    }

    func delete(at offsets: IndexSet) {
        people.remove(atOffsets: offsets)
    }

    func move(from source: IndexSet, to destination: Int) {
        people.move(fromOffsets: source, toOffset: destination)
    }
}
