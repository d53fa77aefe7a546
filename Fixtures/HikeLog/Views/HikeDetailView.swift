import SwiftUI

struct HikeDetailView: View {
    let hike: Hike
    @Environment(HikeStore.self) private var store
    @Environment(AppSettings.self) private var settings
    @State private var notes: String
    @State private var isEditing = false
    @State private var isTiming = false

    init(hike: Hike) {
        self.hike = hike
        _notes = State(initialValue: hike.notes) // expect: state_init_from_parameter
    }

    var body: some View {
        Form {
            Section("Trail") {
                LabeledContent("Distance", value: settings.formattedDistance(hike.distance))
                if settings.showsElevation {
                    LabeledContent("Elevation gain", value: "\(Int(hike.elevationGain)) m")
                }
                LabeledContent("Difficulty", value: hike.difficulty.rawValue.capitalized)
                WeatherBadge()
            }
            Section("Notes") {
                TextEditor(text: $notes)
                    .frame(minHeight: 120)
                Button("Save Notes") {
                    var updated = hike
                    updated.notes = notes
                    store.update(updated)
                }
                .disabled(notes == hike.notes)
            }
        }
        .navigationTitle(hike.name)
        .toolbar {
            Button("Edit") { isEditing = true }
            Button("Start", systemImage: "stopwatch") { isTiming = true }
        }
        .sheet(isPresented: $isEditing) {
            HikeEditor(hike: hike) { store.update($0) }
        }
        .fullScreenCover(isPresented: $isTiming) {
            PaceTimerView(distance: hike.distance)
        }
    }
}

struct WeatherBadge: View {
    @EnvironmentObject private var weather: WeatherService

    var body: some View {
        HStack {
            Label(weather.conditions, systemImage: "cloud.sun")
            if weather.isLoading {
                ProgressView()
            }
        }
        .onAppear {
            if weather.refreshesAutomatically {
                weather.refresh()
            }
        }
    }
}

#Preview {
    NavigationStack {
        HikeDetailView(hike: Hike.samples[0])
    }
    .environment(HikeStore.preview)
    .environment(AppSettings())
    .environmentObject(WeatherService())
}
