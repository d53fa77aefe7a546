import Combine
import Foundation
import Observation

@Observable
final class HikeStore {
    var hikes: [Hike] = []
    private(set) var searchQuery = ""
    let search = SearchInput()
    @ObservationIgnored private var searchSubscription: AnyCancellable?

    init() {
        searchSubscription = search.$text
            .removeDuplicates()
            .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
            .sink { [weak self] text in self?.searchQuery = text }
    }

    var visibleHikes: [Hike] {
        guard !searchQuery.isEmpty else { return hikes }
        return hikes.filter { $0.name.localizedCaseInsensitiveContains(searchQuery) }
    }

    func hike(withID id: Hike.ID) -> Hike? {
        hikes.first { $0.id == id }
    }

    func add(_ hike: Hike) {
        hikes.insert(hike, at: 0)
    }

    func update(_ hike: Hike) {
        guard let index = hikes.firstIndex(where: { $0.id == hike.id }) else { return }
        hikes[index] = hike
    }

    func delete(_ ids: [Hike.ID]) {
        hikes.removeAll { ids.contains($0.id) }
    }
}

extension HikeStore {
    static var preview: HikeStore {
        let store = HikeStore()
        store.hikes = Hike.samples
        return store
    }
}
