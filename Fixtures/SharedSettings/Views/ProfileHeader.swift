import SwiftUI

struct ProfileHeader: View {
    var body: some View {
        HStack(spacing: 16) {
            AvatarBadge(size: 56)
            VStack(alignment: .leading) {
                Text("Member since 2021")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
        }
        .padding(.vertical, 8)
    }
}

#Preview {
    ProfileHeader() // expect: missing_environment_object_in_preview
}
