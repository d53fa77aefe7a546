import SwiftUI

struct AvatarBadge: View {
    @EnvironmentObject var settings: UserSettings
    var size: CGFloat = 40

    var body: some View {
        ZStack(alignment: .bottomTrailing) {
            Circle()
                .fill(settings.accentColor.gradient)
                .frame(width: size, height: size)
                .overlay {
                    Text(settings.avatarStyle == .emoji ? "🙂" : settings.initials)
                        .foregroundStyle(.white)
                }
            if settings.showsOnlineStatus {
                Circle()
                    .fill(.green)
                    .frame(width: size / 4, height: size / 4)
            }
        }
    }
}

struct AvatarBadge_Previews: PreviewProvider {
    static var previews: some View {
        AvatarBadge(size: 80)
            .environmentObject(UserSettings.preview)
    }
}
