import SwiftUI

extension View {
    /// Injects everything the app's screens read from the environment.
    func withServices(_ services: AppServices) -> some View {
        environmentObject(services.session)
            .environmentObject(services.theme)
    }

    /// The same objects with preview data.
    func withPreviewServices() -> some View {
        environmentObject(Session())
            .environmentObject(Theme())
    }

    func card(cornerRadius: CGFloat = 12) -> some View {
        modifier(CardBackground(cornerRadius: cornerRadius))
    }
}
