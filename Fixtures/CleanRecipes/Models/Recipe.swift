import Foundation

struct Step: Identifiable, Hashable {
    let id = UUID()
    var number: Int
    var text: String
}

struct Recipe: Identifiable, Hashable {
    let id = UUID()
    var name: String
    var minutes: Int
    var servings: Int
    var steps: [Step]
}

extension Recipe {
    static let pancakes = Recipe(
        name: "Pancakes",
        minutes: 20,
        servings: 4,
        steps: [
            Step(number: 1, text: "Whisk flour, milk and eggs."),
            Step(number: 2, text: "Rest the batter for ten minutes."),
            Step(number: 3, text: "Cook in a hot buttered pan."),
        ]
    )
}
