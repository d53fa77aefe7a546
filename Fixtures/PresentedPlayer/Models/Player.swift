import Foundation

struct Episode: Identifiable, Hashable {
    let id: Int
    var title: String
    var duration: TimeInterval
}

@MainActor
final class Player: ObservableObject {
    static let shared = Player()
    static let preview: Player = {
        let player = Player()
        player.queue = [Episode(id: 1, title: "Pilot", duration: 1_800)]
        return player
    }()

    @Published var current: Episode?
    @Published var queue: [Episode] = []
    @Published var isPlaying = false

    func play(_ episode: Episode) {
        current = episode
        isPlaying = true
    }
}
