import SwiftUI

final class Feed: ObservableObject {
    @Published var items: [String] = []
}

final class Preferences: ObservableObject {
    @Published var compact = false
}
