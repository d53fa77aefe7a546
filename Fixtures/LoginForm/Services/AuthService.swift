import Foundation

enum AuthError: Error {
    case invalidCredentials
    case emailTaken
}

final class AuthService {
    static let shared = AuthService()

    func signIn(email: String, password: String) async throws {
        try await Task.sleep(for: .milliseconds(300))
        if password.count < 8 { throw AuthError.invalidCredentials }
    }

    func signUp(email: String, password: String) async throws {
        try await Task.sleep(for: .milliseconds(300))
    }

    func sendPasswordReset(to email: String) async throws {
        try await Task.sleep(for: .milliseconds(300))
    }
}
