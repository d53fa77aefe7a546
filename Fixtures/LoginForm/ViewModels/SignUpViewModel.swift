import Foundation

@MainActor
final class SignUpViewModel: ObservableObject {
    @Published var email = ""
    @Published var password = ""
    @Published var acceptsTerms = false
    @Published private(set) var isSubmitting = false

    private let service: AuthService

    init(service: AuthService) {
        self.service = service
    }

    var canSubmit: Bool {
        email.contains("@") && password.count >= 8 && acceptsTerms && !isSubmitting
    }

    func submit() async {
        isSubmitting = true
        defer { isSubmitting = false }
        try? await service.signUp(email: email, password: password)
    }
}
