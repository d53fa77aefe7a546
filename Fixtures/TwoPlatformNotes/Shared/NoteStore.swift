import SwiftUI

final class NoteStore: ObservableObject {
    @Published var notes: [String] = []
}

final class MacPreferences: ObservableObject {
    @Published var showsToolbarLabels = true
}
