import Foundation
import SwiftData

@Model
final class Trip {
    var name: String
    var start: Date
    var stopNames: [String]

    init(name: String, start: Date, stopNames: [String] = []) {
        self.name = name
        self.start = start
        self.stopNames = stopNames
    }
}

struct ItineraryStop {
    var name: String
    var day: Int

    var id: UUID { UUID() } // expect: unstable_identity
}
