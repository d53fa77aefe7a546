import SwiftUI

final class EntryStore: ObservableObject {
    @Published var entries: [Entry] = []
}
