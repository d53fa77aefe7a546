import SwiftUI

struct RootView: View {
    var body: some View {
        NavigationStack {
            LibraryList()
        }
    }
}

struct LibraryList: View {
    @EnvironmentObject var library: Library

    var body: some View {
        List(library.tracks, id: \.self) { title in
            TrackRow(title: title)
        }
    }
}

struct TrackRow: View {
    let title: String

    var body: some View {
        NavigationLink(destination: TrackDetail(title: title)) {
            Text(title)
        }
    }
}

struct TrackDetail: View {
    let title: String
    @EnvironmentObject var session: Session

    var body: some View {
        Text("\(title), played by \(session.user)")
    }
}

// No navigation container: the link cannot navigate, so TrackDetail is never shown here.
#Preview {
    TrackRow(title: "Intro")
}

struct MiniPlayer: View {
    @EnvironmentObject var playback: Playback

    var body: some View {
        Button(playback.isPlaying ? "Pause" : "Play") { playback.isPlaying.toggle() }
    }
}

struct PlayerBar: View {
    var body: some View {
        MiniPlayer().environmentObject(Playback())
    }
}
