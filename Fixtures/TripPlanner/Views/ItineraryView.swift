import SwiftUI

struct ItineraryView: View {
    let stops: [ItineraryStop]
    var isLoading = false

    var body: some View {
        VStack(alignment: .leading) {
            ForEach(stops) { stop in
                StopRow(stop: stop)
                    .id(UUID()) // expect: unstable_identity
            }
            if isLoading {
                HStack {
                    Spacer()
                    ProgressView()
                    Spacer()
                }
                .id(UUID())
            }
        }
    }
}

struct StopRow: View {
    let stop: ItineraryStop
    @State private var isChecked = false

    var body: some View {
        Toggle("Day \(stop.day): \(stop.name)", isOn: $isChecked)
    }
}
