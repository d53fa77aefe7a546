import SwiftUI

final class UserSettings: ObservableObject {
    enum AvatarStyle: String, CaseIterable, Identifiable {
        case initials, emoji, photo
        var id: Self { self }
    }

    @Published var displayName = "Guest"
    @Published var avatarStyle = AvatarStyle.initials
    @Published var accentColor = Color.blue
    @Published var showsOnlineStatus = true

    var initials: String {
        displayName
            .split(separator: " ")
            .compactMap(\.first)
            .prefix(2)
            .map(String.init)
            .joined()
    }
}

extension UserSettings {
    static let preview: UserSettings = {
        let settings = UserSettings()
        settings.displayName = "Ada Lovelace"
        settings.accentColor = .purple
        return settings
    }()
}
