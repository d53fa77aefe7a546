import SwiftUI

final class Library: ObservableObject {
    @Published var tracks: [String] = ["Intro", "Outro"]
}

final class Session: ObservableObject {
    @Published var user = "guest"
}

final class Playback: ObservableObject {
    @Published var isPlaying = false
}

final class Preferences: ObservableObject {
    @Published var volume = 0.5
}

final class Account: ObservableObject {
    @Published var email = ""
}
