import Foundation

struct Person: Identifiable, Hashable, Codable {
    let id: UUID
    var name: String
    var email: String
    var isFavorite: Bool

    init(id: UUID = UUID(), name: String, email: String = "", isFavorite: Bool = false) {
        self.id = id
        self.name = name
        self.email = email
        self.isFavorite = isFavorite
    }
}

extension Person {
    static let samples: [Person] = [
        Person(name: "Ada Lovelace", email: "ada@example.com", isFavorite: true),
        Person(name: "Grace Hopper", email: "grace@example.com"),
        Person(name: "Katherine Johnson", email: "katherine@example.com"),
    ]
}
