import SwiftUI

/// Provides a session to whatever it is handed.
struct SessionScope<Content: View>: View {
    @StateObject private var session = Session()
    @ViewBuilder let content: () -> Content

    var body: some View {
        content()
            .environmentObject(session)
    }
}

struct AccountBadge: View {
    @EnvironmentObject var session: Session

    var body: some View {
        Text(session.user)
    }
}

#Preview {
    SessionScope {
        AccountBadge()
    }
}
