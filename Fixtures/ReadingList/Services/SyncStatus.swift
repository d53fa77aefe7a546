import Foundation

/// What the last sync with the server did. Shown in the library's footer.
final class SyncStatus {
    @Published var lastSyncDate: Date?
    @Published var failureMessage: String?

    var summary: String {
        if let failureMessage { return "Sync failed: \(failureMessage)" }
        guard let lastSyncDate else { return "Never synced" }
        return "Synced \(lastSyncDate.formatted(.relative(presentation: .named)))"
    }
}
