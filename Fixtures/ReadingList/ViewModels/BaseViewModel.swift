import Foundation

/// Loading and error state shared by the screens' view models.
class BaseViewModel: ObservableObject {
    @Published var isLoading = false
    @Published var errorMessage: String?
}
