import Foundation
import Combine

/// The user's books, synced with the server.
final class LibraryStore: ObservableObject {
    @Published var books: [Book] = Book.samples
    @Published private(set) var coverCount = 0
    @Published private(set) var indexedWordCount = 0
    @Published private(set) var totalPagesRead = 0
    @Published var lastOpenedBookID: Book.ID?

    let syncStatus = SyncStatus()
    let covers = CoverCache()
    private var cancellables = Set<AnyCancellable>()
    private let serverURL = URL(string: "https://books.example.com/api/library")!

    init() {
        covers.$cachedCount
            .receive(on: DispatchQueue.main)
            .sink { [weak self] count in
                self?.coverCount = count
            }
            .store(in: &cancellables)
    }

    func refresh() {
        URLSession.shared.dataTask(with: serverURL) { data, _, error in
            guard let data, error == nil,
                  let decoded = try? JSONDecoder().decode([Book].self, from: data) else { return }
            self.books = decoded // expect: published_from_background
        }.resume()
    }

    func syncNow() {
        URLSession.shared.dataTask(with: serverURL.appending(path: "sync")) { _, _, error in
            DispatchQueue.main.async {
                self.syncStatus.failureMessage = error?.localizedDescription
                self.syncStatus.lastSyncDate = Date()
            }
        }.resume()
    }

    func downloadCover(for book: Book) {
        let url = serverURL.appending(path: "covers/\(book.id.uuidString)")
        URLSession.shared.dataTask(with: url) { [weak self] data, _, _ in
            guard let self, let data else { return }
            covers.store(data, for: book.id)
        }.resume()
    }

    func rebuildSearchIndex() {
        let snapshot = books
        Task.detached(priority: .background) {
            let words = snapshot.flatMap { "\($0.title) \($0.author)".split(separator: " ") }
            self.indexedWordCount = Set(words).count // expect: published_from_background
        }
    }

    func countPagesRead() {
        let snapshot = books
        Task.detached(priority: .utility) {
            let total = snapshot.reduce(0) { $0 + $1.pagesRead }
            await MainActor.run {
                self.totalPagesRead = total
            }
        }
    }

    func update(_ book: Book) {
        guard let index = books.firstIndex(where: { $0.id == book.id }) else { return }
        books[index] = book
    }
}
