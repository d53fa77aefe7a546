import SwiftData
import SwiftUI

struct RootView: View {
    @Query(sort: \Sighting.date, order: .reverse) private var sightings: [Sighting]
    @State private var tally = TallyCounter()

    var body: some View {
        NavigationStack {
            List(sightings) { sighting in
                Text("\(sighting.count) × \(sighting.species)")
            }
            .navigationTitle("Sightings: \(tally.total)")
            .toolbar { feederItems }
        }
    }

    @ContentBuilder
    private var feederItems: some ToolbarContent {
        ToolbarItem {
            FeederMenu()
        }
        ToolbarItem(placement: .bottomBar) {
            ForecastBanner()
        }
    }
}

struct FeederMenu: View {
    @Environment(Aviary.self) private var aviary

    var body: some View {
        Menu("Residents (\(aviary.residents.count))") {
            ForEach(aviary.residents, id: \.self) { Text($0) }
        }
    }
}

struct ForecastBanner: View {
    @Environment(Forecast.self) private var forecast: Optional<Forecast>

    var body: some View {
        Text(forecast?.summary ?? "No forecast")
    }
}
