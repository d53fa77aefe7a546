import SwiftUI

struct Forecast {
    var city: String
    var temperature: Int

    static let sample = Forecast(city: "Lyon", temperature: 21)
}

final class AccountSession: ObservableObject {
    @Published var userName = "Ada"
}
