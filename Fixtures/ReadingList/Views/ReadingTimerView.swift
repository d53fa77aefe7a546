import SwiftUI

/// Times a reading session and logs the pages read.
struct ReadingTimerView: View {
    let book: Book
    @State private var session: ReadingSession // expect: state_reference_type
    @State private var previousSession: ReadingSession?
    @State private var feedback = PageTurnFeedback()
    @State private var durationFormatter = DateComponentsFormatter()
    @StateObject private var goal = ReadingGoal()
    @Environment(\.dismiss) private var dismiss

    init(book: Book) {
        self.book = book
        _session = State(initialValue: ReadingSession(bookID: book.id))
    }

    var body: some View {
        NavigationStack {
            Form {
                Section(book.title) {
                    Text(session.isRunning ? "Reading…" : "Paused")
                    Stepper("Pages read: \(session.pagesRead)", value: $session.pagesRead)
                    Button(session.isRunning ? "Pause" : "Start") {
                        if session.isRunning {
                            session.stop()
                        } else {
                            session.start()
                        }
                        feedback.play()
                    }
                }
                if let previousSession {
                    Section("Last time") {
                        Text(durationFormatter.string(from: previousSession.elapsed) ?? "")
                    }
                }
                Section("Today's goal") {
                    ProgressView(value: goal.minutesRead, total: goal.targetMinutes)
                }
            }
            .toolbar {
                Button("Done") {
                    session.stop()
                    goal.minutesRead += session.elapsed / 60
                    previousSession = session
                    dismiss()
                }
            }
        }
    }
}

/// Haptics for the timer's button. It only holds its generator: nothing on screen reads it.
final class PageTurnFeedback {
    private let generator = UIImpactFeedbackGenerator(style: .light)

    func play() {
        generator.impactOccurred()
    }
}

final class ReadingGoal: ObservableObject {
    @Published var minutesRead = 0.0
    @Published var targetMinutes = 20.0
}

#Preview {
    ReadingTimerView(book: Book.samples[0])
}
