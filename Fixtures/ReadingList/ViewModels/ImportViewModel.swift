import Foundation

/// Imports a Goodreads CSV export off the main thread.
final class ImportViewModel: ObservableObject {
    @Published private(set) var progress = 0.0
    @Published private(set) var isImporting = false
    @Published private(set) var importedTitles: [String] = []

    func importCSV(_ text: String) {
        isImporting = true
        DispatchQueue.global(qos: .userInitiated).async {
            let rows = text.split(separator: "\n").dropFirst()
            var importedTitles: [String] = []
            for (number, row) in rows.enumerated() {
                importedTitles.append(String(row.split(separator: ",").first ?? ""))
                self.progress = Double(number + 1) / Double(rows.count) // expect: published_from_background
            }
            DispatchQueue.main.async {
                self.importedTitles = importedTitles
                self.isImporting = false
            }
        }
    }
}

/// Reviews live on the main actor; the `Task` that posts one inherits it, so its writes are on the main thread.
@MainActor
final class ReviewModel: ObservableObject {
    @Published var text: String
    @Published private(set) var isPosting = false

    init(book: Book) {
        text = book.notes ?? ""
    }

    func post() {
        isPosting = true
        Task {
            try? await Task.sleep(for: .milliseconds(300))
            isPosting = false
        }
    }
}
