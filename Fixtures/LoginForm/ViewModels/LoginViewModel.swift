import Foundation

@MainActor
final class LoginViewModel: ObservableObject {
    @Published var email = ""
    @Published var password = ""
    @Published private(set) var isSubmitting = false
    @Published var errorMessage: String?

    private let service: AuthService

    init(service: AuthService = .shared) {
        self.service = service
    }

    var canSubmit: Bool {
        email.contains("@") && password.count >= 8 && !isSubmitting
    }

    func submit() async {
        isSubmitting = true
        defer { isSubmitting = false }
        do {
            try await service.signIn(email: email, password: password)
            errorMessage = nil
        } catch {
            errorMessage = "Email or password is incorrect."
        }
    }
}

@MainActor
final class ResetPasswordModel: ObservableObject {
    @Published var email: String
    @Published var didSend = false

    init(email: String) {
        self.email = email
    }

    func send() async {
        try? await AuthService.shared.sendPasswordReset(to: email)
        didSend = true
    }
}
