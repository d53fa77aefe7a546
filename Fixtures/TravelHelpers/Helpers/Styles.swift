import SwiftUI

struct CardBackground: ViewModifier {
    var cornerRadius: CGFloat
    @Environment(\.colorScheme) private var colorScheme

    func body(content: Content) -> some View {
        content
            .padding()
            .background(
                colorScheme == .dark ? Color.white.opacity(0.08) : Color.black.opacity(0.04),
                in: RoundedRectangle(cornerRadius: cornerRadius)
            )
    }
}

struct PillButtonStyle: ButtonStyle {
    var tint: Color
    @State var isHovering = false // expect: non_private_state

    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .padding(.horizontal, 16)
            .padding(.vertical, 8)
            .background(tint.opacity(configuration.isPressed || isHovering ? 0.7 : 1), in: Capsule())
            .foregroundStyle(.white)
            .onHover { isHovering = $0 }
    }
}
