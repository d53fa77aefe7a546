import AVFoundation

/// Speaks each split aloud. The timer screen keeps one in `@State` for its lifetime and calls it from the
/// Split button; nothing on screen shows its state.
final class SplitAnnouncer {
    private let synthesizer = AVSpeechSynthesizer()
    private var announcedCount = 0

    func announce(_ split: TimeInterval) {
        announcedCount += 1
        let minutes = Int(split) / 60
        synthesizer.speak(AVSpeechUtterance(string: "Split \(announcedCount): \(minutes) minutes"))
    }
}
