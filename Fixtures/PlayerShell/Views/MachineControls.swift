import SwiftUI

/// Controls for any controller type: the environment object's type is the caller's.
struct TransportControls<Controller: ObservableObject>: View {
    @EnvironmentObject private var controller: Controller

    var body: some View {
        Text(String(describing: controller))
    }
}

struct TransportBar: View {
    @StateObject private var playback = Playback()

    var body: some View {
        TransportControls<Playback>()
            .environmentObject(playback)
    }
}
