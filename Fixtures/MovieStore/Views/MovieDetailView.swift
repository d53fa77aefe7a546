import SwiftUI

struct MovieDetailView: View {
    let movie: Movie
    @EnvironmentObject var cart: Cart

    var body: some View {
        List {
            Section("Cast") {
                ForEach(movie.cast, id: \.self) { name in
                    Text(name)
                }
            }
            Section("Showtimes") {
                ShowtimesView(showtimes: movie.showtimes)
            }
            Button("Add to Cart") { cart.add(movie) }
        }
        .navigationTitle(movie.title)
    }
}

#Preview {
    NavigationStack {
        MovieDetailView(movie: .sample)
    }
    .environmentObject(Cart())
}
