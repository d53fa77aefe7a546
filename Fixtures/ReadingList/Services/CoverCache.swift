import Foundation
import Combine

/// Downloaded cover images, by book. Only Combine subscribers read `cachedCount` (through `$cachedCount`).
final class CoverCache {
    @Published private(set) var cachedCount = 0
    private var covers: [Book.ID: Data] = [:]
    private let queue = DispatchQueue(label: "CoverCache")

    func cover(for id: Book.ID) -> Data? {
        queue.sync { covers[id] }
    }

    func store(_ data: Data, for id: Book.ID) {
        cachedCount = queue.sync {
            covers[id] = data
            return covers.count
        }
    }
}
