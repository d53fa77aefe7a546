import SwiftUI
import UIKit

struct PlaybackControls: View {
    @EnvironmentObject var state: Playback

    var body: some View {
        Button(state.isPlaying ? "Pause" : "Play") { state.isPlaying.toggle() }
    }
}

/// Hosts the controls; the provider is in a lazy property's initializer.
final class PlayerViewController: UIViewController {
    private let playback = Playback()

    private lazy var controls: UIHostingController<AnyView> = {
        UIHostingController(rootView: AnyView(PlaybackControls().environmentObject(playback)))
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(controls)
        view.addSubview(controls.view)
    }
}

struct VideoSurface: UIViewRepresentable {
    @EnvironmentObject var playback: Playback

    func makeUIView(context: Context) -> UIView { UIView() }

    func updateUIView(_ view: UIView, context: Context) {
        view.isHidden = !playback.isPlaying
    }
}

#Preview {
    VideoSurface() // expect: missing_environment_object_in_preview
}
