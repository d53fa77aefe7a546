import Foundation
import SwiftData

@Model
final class Sighting {
    var species: String
    var count: Int
    var date: Date

    init(species: String, count: Int, date: Date = .now) {
        self.species = species
        self.count = count
        self.date = date
    }
}
