import SwiftUI

/// Removed from the app target when the archive moved to the server, and kept on disk: no target compiles it.
struct ArchiveScreen: View {
    @EnvironmentObject var archive: ArchiveStore

    var body: some View {
        Text("\(archive.count) archived")
    }
}

final class ArchiveStore: ObservableObject {
    @Published var count = 0
}

/// The archive's old host, removed from the target with the screen.
final class ArchiveHost {
    func makeScreen() -> some View { ArchiveScreen() }
}
