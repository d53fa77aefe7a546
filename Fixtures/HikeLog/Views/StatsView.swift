import SwiftUI

enum StatsPeriod: String, CaseIterable, Identifiable {
    case week, month, year

    var id: Self { self }

    var days: Int {
        switch self {
        case .week: 7
        case .month: 30
        case .year: 365
        }
    }
}

struct StatsView: View {
    @Environment(HikeStore.self) private var store
    @Environment(AppSettings.self) private var settings
    @Environment(\.dismiss) private var dismiss
    @State private var period = StatsPeriod.week
    @State private var goalReached = false
    @State private var longestHikeName = ""
    @State private var chartWidth: CGFloat = 0
    @State private var lastViewed: Date?

    private var hikesInPeriod: [Hike] {
        let start = Calendar.current.date(byAdding: .day, value: -period.days, to: .now) ?? .now
        return store.hikes.filter { $0.date >= start }
    }

    var body: some View {
        NavigationStack {
            List {
                Picker("Period", selection: $period) {
                    ForEach(StatsPeriod.allCases) { period in
                        Text(period.rawValue.capitalized).tag(period)
                    }
                }
                .pickerStyle(.segmented)

                Section("Distance") {
                    let total = hikesInPeriod.reduce(0) { $0 + $1.distance }
                    let _ = (goalReached = period == .week && total >= settings.weeklyGoal) // expect: state_mutation_in_body
                    LabeledContent("Total", value: settings.formattedDistance(total))
                    if goalReached {
                        Label("Weekly goal reached", systemImage: "checkmark.seal")
                    }
                }

                Section("Longest hike") {
                    longestHike
                }

                Section("By difficulty") {
                    GeometryReader { proxy in
                        chartWidth = proxy.size.width // expect: state_mutation_in_body
                        return DifficultyBars(hikes: hikesInPeriod, width: chartWidth)
                    }
                    .frame(height: 96)
                }

                if let lastViewed {
                    Text("Last viewed \(lastViewed, format: .relative(presentation: .named))")
                        .foregroundStyle(.secondary)
                }
            }
            .navigationTitle("Stats")
            .toolbar {
                Button("Done") { dismiss() }
            }
            .onDisappear { lastViewed = .now }
        }
    }

    @ViewBuilder
    private var longestHike: some View {
        if let hike = hikesInPeriod.max(by: { $0.distance < $1.distance }) {
            let _ = (longestHikeName = hike.name) // expect: state_mutation_in_body
            LabeledContent(longestHikeName, value: settings.formattedDistance(hike.distance))
        } else {
            Text("No hikes in this period")
        }
    }
}

struct DifficultyBars: View {
    let hikes: [Hike]
    let width: CGFloat

    var body: some View {
        HStack(alignment: .bottom, spacing: 8) {
            ForEach(Difficulty.allCases) { difficulty in
                let count = hikes.filter { $0.difficulty == difficulty }.count
                VStack {
                    RoundedRectangle(cornerRadius: 4)
                        .frame(width: max(width / 4, 8), height: CGFloat(count) * 12)
                    Text(difficulty.rawValue.capitalized)
                        .font(.caption)
                }
            }
        }
    }
}

#Preview {
    StatsView()
        .environment(HikeStore.preview)
        .environment(AppSettings())
}
