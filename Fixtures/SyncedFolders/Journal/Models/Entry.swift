import Foundation

struct Entry: Identifiable {
    let id = UUID()
    var title: String
}
