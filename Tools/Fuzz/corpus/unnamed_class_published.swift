@State private var count = 0
@Binding var b: Bool
@Environment(\.dismiss) var dismiss
@available(iOS 17, *) @MainActor final class@MainActor final class{ @Published var x = 1 }
