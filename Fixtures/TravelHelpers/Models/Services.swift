import SwiftUI

final class Session: ObservableObject {
    @Published var travelerName = "Sam"
    @Published var isSignedIn = true
}

final class Theme: ObservableObject {
    @Published var accent = Color.teal
    @Published var cornerRadius: CGFloat = 12
}

struct AppServices {
    let session: Session
    let theme: Theme
}

struct Trip: Identifiable {
    let id = UUID()
    var destination: String
    var nights: Int
}
