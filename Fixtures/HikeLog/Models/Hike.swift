import Foundation

enum Difficulty: String, CaseIterable, Identifiable, Codable {
    case easy, moderate, strenuous

    var id: Self { self }
}

struct Hike: Identifiable, Hashable, Codable {
    let id: UUID
    var name: String
    var date: Date
    var distance: Double
    var elevationGain: Double
    var difficulty: Difficulty
    var notes: String

    init(id: UUID = UUID(), name: String, date: Date = .now, distance: Double, elevationGain: Double = 0,
         difficulty: Difficulty = .moderate, notes: String = "") {
        self.id = id
        self.name = name
        self.date = date
        self.distance = distance
        self.elevationGain = elevationGain
        self.difficulty = difficulty
        self.notes = notes
    }
}

extension Hike {
    static let samples: [Hike] = [
        Hike(name: "Lakeshore Loop", distance: 8.4, elevationGain: 120, difficulty: .easy,
             notes: "Herons at the north end."),
        Hike(name: "Eagle Ridge", date: .now.addingTimeInterval(-86_400 * 3), distance: 14.2,
             elevationGain: 860, difficulty: .strenuous),
        Hike(name: "Old Mill Trail", date: .now.addingTimeInterval(-86_400 * 9), distance: 6.1,
             elevationGain: 210),
    ]
}
