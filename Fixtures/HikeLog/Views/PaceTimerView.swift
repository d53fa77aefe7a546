import SwiftUI

struct PaceTimerView: View {
    let distance: Double
    @Environment(AppSettings.self) private var settings
    @Environment(\.dismiss) private var dismiss
    @State private var timer = PaceTimer() // expect: state_reference_type
    @State private var tracker = LocationTracker() // expect: state_reference_type
    @State private var laps = LapFormatter()
    @State private var previousRun: PaceTimer?
    @State private var splits: [TimeInterval] = []
    @State private var announcer = SplitAnnouncer()

    var body: some View {
        NavigationStack {
            VStack(spacing: 24) {
                Text(laps.string(from: timer.elapsed))
                    .font(.system(size: 56, weight: .semibold, design: .rounded))
                    .monospacedDigit()
                if let pace = timer.pace(forDistance: distance) {
                    Text("Pace \(laps.string(from: pace)) per km")
                }
                Text("Walked \(settings.formattedDistance(tracker.metresWalked / 1000))")
                if let previousRun {
                    Text("Previous run \(laps.string(from: previousRun.elapsed))")
                        .foregroundStyle(.secondary)
                }
                Text("\(splits.count) splits")
                HStack {
                    Button(timer.isRunning ? "Stop" : "Start") {
                        if timer.isRunning {
                            timer.stop()
                            tracker.stop()
                        } else {
                            timer.start()
                            tracker.start()
                        }
                    }
                    Button("Split") {
                        splits.append(timer.elapsed)
                        announcer.announce(timer.elapsed)
                    }
                    .disabled(!timer.isRunning)
                    Button("Reset") {
                        timer.stop()
                        previousRun = timer
                        timer = PaceTimer()
                        splits.removeAll()
                    }
                }
                .buttonStyle(.borderedProminent)
            }
            .toolbar {
                Button("Done") {
                    timer.stop()
                    tracker.stop()
                    dismiss()
                }
            }
        }
    }
}

#Preview {
    PaceTimerView(distance: 8.4)
        .environment(AppSettings())
}
