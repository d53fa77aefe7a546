import Foundation

enum Genre: String, CaseIterable, Identifiable {
    case action, comedy, drama, animation
    var id: Self { self }
}

struct Movie: Identifiable, Hashable {
    let id: Int
    var title: String
    var genre: Genre
    var price: Decimal
    var cast: [String]
    var showtimes: [Date]
}

extension Movie {
    static let sample = Movie(
        id: 1,
        title: "The Long Weekend",
        genre: .comedy,
        price: 3.99,
        cast: ["Maya Chen", "Luis Ortega"],
        showtimes: [Date(), Date().addingTimeInterval(7_200)]
    )
}
