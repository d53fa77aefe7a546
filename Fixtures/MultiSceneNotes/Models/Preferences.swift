import SwiftUI

final class Preferences: ObservableObject {
    @Published var fontSize = 14.0
    @Published var showsWordCount = true
    @Published var sortNewestFirst = true
}
