import SwiftUI

struct ContentView: View {
    @EnvironmentObject var session: Session

    var body: some View {
        NavigationStack {
            if session.isSignedIn {
                TripListView()
                    .navigationTitle("Trips for " + session.travelerName)
            } else {
                Button("Sign In") { session.isSignedIn = true }
            }
        }
    }
}

#Preview {
    ContentView()
        .withPreviewServices()
}
