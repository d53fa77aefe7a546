import Foundation

@MainActor
final class Catalog: ObservableObject {
    @Published private(set) var movies: [Movie] = [.sample]
    @Published var selectedGenre: Genre?

    var visibleMovies: [Movie] {
        guard let genre = selectedGenre else { return movies }
        return movies.filter { $0.genre == genre }
    }

    func reload() async {
        try? await Task.sleep(for: .milliseconds(200))
        movies = [.sample]
    }
}
