import Foundation

/// One sitting with a book. A plain class: the timer view mutates it in place.
final class ReadingSession: Identifiable {
    let id = UUID()
    let bookID: Book.ID
    private(set) var startDate: Date?
    private(set) var elapsed: TimeInterval = 0
    var pagesRead = 0

    init(bookID: Book.ID) {
        self.bookID = bookID
    }

    var isRunning: Bool { startDate != nil }

    func start() {
        startDate = Date()
    }

    func stop() {
        guard let startDate else { return }
        elapsed += Date().timeIntervalSince(startDate)
        self.startDate = nil
    }
}
