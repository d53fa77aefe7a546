import Foundation

final class WeatherService: ObservableObject {
    @Published private(set) var conditions = "Unknown"
    @Published private(set) var isLoading = false
    @Published private(set) var lastError: String?

    var trailhead = UserDefaults.standard.string(forKey: "weather.trailhead") ?? "" {
        didSet {
            objectWillChange.send() // expect: will_change_in_did_set
            UserDefaults.standard.set(trailhead, forKey: "weather.trailhead")
        }
    }

    var refreshesAutomatically = UserDefaults.standard.bool(forKey: "weather.autoRefresh") {
        willSet { objectWillChange.send() }
        didSet { UserDefaults.standard.set(refreshesAutomatically, forKey: "weather.autoRefresh") }
    }

    private let endpoint = URL(string: "https://weather.example.com/v1/conditions")!

    func refresh() {
        guard !trailhead.isEmpty,
              var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else { return }
        components.queryItems = [URLQueryItem(name: "place", value: trailhead)]
        guard let url = components.url else { return }
        isLoading = true
        URLSession.shared.dataTask(with: url) { [weak self] data, _, error in
            guard let self else { return }
            if let error {
                DispatchQueue.main.async {
                    self.lastError = error.localizedDescription
                    self.isLoading = false
                }
                return
            }
            self.conditions = data.map { String(decoding: $0, as: UTF8.self) } ?? "Unknown" // expect: published_from_background
            self.isLoading = false // expect: published_from_background
        }.resume()
    }
}
