import Combine

/// What the user types in the search field, before debouncing. `HikeStore` subscribes to `$text`.
final class SearchInput {
    @Published var text = ""
}
