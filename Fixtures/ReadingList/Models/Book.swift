import Foundation

enum ReadingStatus: String, Codable, CaseIterable, Identifiable {
    case wantToRead
    case reading
    case finished

    var id: Self { self }

    var title: String {
        switch self {
        case .wantToRead: "Want to Read"
        case .reading: "Reading"
        case .finished: "Finished"
        }
    }
}

struct Book: Identifiable, Codable, Hashable {
    let id: UUID
    var title: String
    var author: String
    var status: ReadingStatus
    var rating: Int?
    var notes: String?
    var pagesRead: Int
    var pageCount: Int

    var progress: Double {
        pageCount == 0 ? 0 : Double(pagesRead) / Double(pageCount)
    }

    static let samples: [Book] = [
        Book(id: UUID(), title: "The Left Hand of Darkness", author: "Ursula K. Le Guin",
             status: .reading, rating: nil, notes: nil, pagesRead: 120, pageCount: 304),
        Book(id: UUID(), title: "Middlemarch", author: "George Eliot",
             status: .wantToRead, rating: nil, notes: nil, pagesRead: 0, pageCount: 880),
        Book(id: UUID(), title: "Piranesi", author: "Susanna Clarke",
             status: .finished, rating: 5, notes: "Reread in winter.", pagesRead: 272, pageCount: 272),
    ]
}
