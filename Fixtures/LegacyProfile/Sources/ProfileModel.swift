import Combine
import SwiftUI

final class ProfileModel: ObservableObject {
    @Published var name = ""
    @Published var isSaving = false
}

final class SessionModel: ObservableObject {
    @Published var user = ""
}
