import Foundation

struct CartItem: Identifiable {
    let id = UUID()
    let movie: Movie
    var quantity: Int
}

@MainActor
final class Cart: ObservableObject {
    @Published var items: [CartItem] = []

    var total: Decimal {
        items.reduce(0) { $0 + $1.movie.price * Decimal($1.quantity) }
    }

    func add(_ movie: Movie) {
        if let index = items.firstIndex(where: { $0.movie.id == movie.id }) {
            items[index].quantity += 1
        } else {
            items.append(CartItem(movie: movie, quantity: 1))
        }
    }
}
