import SwiftUI

struct ContentView: View {
    @Environment(HikeStore.self) private var store
    @State private var selection: Hike.ID?
    @State private var isShowingStats = false
    @State private var isShowingSettings = false

    var body: some View {
        NavigationSplitView {
            HikeListView(selection: $selection)
                .toolbar {
                    ToolbarItem(placement: .topBarLeading) {
                        Button("Settings", systemImage: "gear") { isShowingSettings = true }
                    }
                    ToolbarItem {
                        Button("Stats", systemImage: "chart.bar") { isShowingStats = true }
                    }
                }
        } detail: {
            if let id = selection, let hike = store.hike(withID: id) {
                HikeDetailView(hike: hike)
            } else {
                ContentUnavailableView("Pick a hike", systemImage: "figure.hiking")
            }
        }
        .sheet(isPresented: $isShowingStats) {
            StatsView()
        }
        .sheet(isPresented: $isShowingSettings) {
            SettingsView()
        }
    }
}

#Preview {
    ContentView()
        .environment(HikeStore.preview)
        .environment(AppSettings())
        .environmentObject(WeatherService())
}
