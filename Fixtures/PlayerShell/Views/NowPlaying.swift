import SwiftUI

struct NowPlayingCard: View {
    let title: String
    @EnvironmentObject var playback: Playback

    var body: some View {
        VStack {
            Text(title)
            ListenerLine()
        }
        .opacity(playback.isPlaying ? 1 : 0.5)
    }
}

struct ListenerLine: View {
    @EnvironmentObject var session: Session

    var body: some View {
        Text(session.user)
    }
}

struct NowPlayingScreen: View {
    var body: some View {
        NowPlayingCard(title: "Intro")
            .environmentObject(Playback())
            .environmentObject(Session())
    }
}

#Preview {
    VStack {
        NowPlayingCard(title: "Intro") // expect: missing_environment_object_in_preview
        NowPlayingCard(title: "Middle")
        NowPlayingCard(title: "Outro")
    }
}
