import Foundation
import Combine

final class SearchViewModel: BaseViewModel {
    @Published var query = ""
    @Published private(set) var matches: [Book] = []
    private var cancellables = Set<AnyCancellable>()

    func attach(to library: LibraryStore) {
        $query
            .debounce(for: .milliseconds(250), scheduler: DispatchQueue.main)
            .map { query in
                library.books.filter { $0.title.localizedCaseInsensitiveContains(query) }
            }
            .assign(to: \.matches, on: self)
            .store(in: &cancellables)
    }
}
