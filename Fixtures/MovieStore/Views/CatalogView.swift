import SwiftUI

struct CatalogView: View {
    @EnvironmentObject var catalog: Catalog
    @EnvironmentObject var cart: Cart
    @State private var isShowingCart = false

    var body: some View {
        NavigationStack {
            List(catalog.visibleMovies) { movie in
                NavigationLink(value: movie) {
                    LabeledContent(movie.title, value: movie.price, format: .currency(code: "USD"))
                }
            }
            .navigationTitle("Movies")
            .navigationDestination(for: Movie.self) { movie in
                MovieDetailView(movie: movie)
            }
            .toolbar {
                Picker("Genre", selection: $catalog.selectedGenre) {
                    Text("All").tag(Genre?.none)
                    ForEach(Genre.allCases) { genre in
                        Text(genre.rawValue.capitalized).tag(Genre?.some(genre))
                    }
                }
                Button("Cart (\(cart.items.count))") { isShowingCart = true }
            }
            .sheet(isPresented: $isShowingCart) {
                CartView()
            }
            .task { await catalog.reload() }
        }
    }
}
