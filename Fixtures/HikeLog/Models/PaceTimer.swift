import Foundation

final class PaceTimer {
    private(set) var elapsed: TimeInterval = 0
    private(set) var isRunning = false
    private var startDate: Date?
    private var ticker: Timer?

    func start() {
        guard !isRunning else { return }
        isRunning = true
        startDate = Date().addingTimeInterval(-elapsed)
        ticker = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            guard let self, let startDate = self.startDate else { return }
            self.elapsed = Date().timeIntervalSince(startDate)
        }
    }

    func stop() {
        isRunning = false
        ticker?.invalidate()
        ticker = nil
    }

    func pace(forDistance kilometres: Double) -> TimeInterval? {
        kilometres > 0 ? elapsed / kilometres : nil
    }
}

final class LapFormatter {
    private let formatter: DateComponentsFormatter = {
        let formatter = DateComponentsFormatter()
        formatter.allowedUnits = [.hour, .minute, .second]
        formatter.zeroFormattingBehavior = .pad
        return formatter
    }()

    func string(from interval: TimeInterval) -> String {
        formatter.string(from: interval) ?? "--:--"
    }
}
