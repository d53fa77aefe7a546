/// SwiftUI types whose content closures render their children in the same environment. A construction under
/// any other type that is not a view of the sources is opaque: FlowLint cannot see what it does with its
/// content, so everything under it counts as provided.
enum SwiftUINames {
    static let transparentContainers: Set<String> = [
        "AnyView", "Button", "Canvas", "ControlGroup", "DatePicker", "DisclosureGroup", "DocumentGroup", "EmptyView",
        "ForEach", "Form", "GeometryReader", "Grid", "GridRow", "Group", "GroupBox", "HSplitView", "HStack", "Label",
        "LabeledContent", "LazyHGrid", "LazyHStack", "LazyVGrid", "LazyVStack", "Link", "List", "Menu", "MenuBarExtra",
        "NavigationLink", "NavigationSplitView", "NavigationStack", "NavigationView", "OutlineGroup", "Picker",
        "ProgressView", "ScrollView", "ScrollViewReader", "Section", "Settings", "ShareLink", "Stepper", "TabView",
        "Tab", "Table", "TableColumn", "TimelineView", "Toggle", "ViewThatFits", "VSplitView", "VStack", "Window",
        "WindowGroup", "ZStack", "Text", "Image", "Spacer", "Divider", "Color", "TextField", "SecureField", "Slider",
        "Gauge", "ContentUnavailableView", "PasteButton", "RenameButton", "EditButton", "ToolbarItem",
        "ToolbarItemGroup", "UtilityWindow", "ImmersiveSpace", "Alert", "ConfirmationDialog",
    ]

    /// Layout containers, whose children are laid out, not listed: rows written directly in one (`VStack { ForEach(...)
    /// }`, `ScrollView { FavoriteRows() }`, even inside a `List` row) cannot be swiped to delete nor dragged to move.
    static let layoutContainers: Set<String> = ["VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid",
                                                 "LazyHGrid", "Grid", "GridRow", "ScrollView"]

    /// Scene types an App's scene body constructs: at scene level these names are SwiftUI's scenes, whatever
    /// views the project declares with the same names.
    static let sceneBuilders: Set<String> = [
        "WindowGroup", "Window", "Settings", "DocumentGroup", "MenuBarExtra", "UtilityWindow", "ImmersiveSpace",
    ]

    /// The scenes SwiftUI has on macOS only (unavailable on iOS, Mac Catalyst included).
    static let macOSOnlyScenes: Set<String> = ["Settings", "MenuBarExtra", "UtilityWindow"]

    /// Libraries' preview modifiers that configure the objects they put in the environment from what they are handed
    /// (Spezi's `.previewWith { Module() }`, `.previewWith(standard:) { ... }`: each module, and what the modules
    /// make, such as the `Account` of an `AccountConfiguration`): what they provide cannot be told.
    static let configuringPreviewModifiers: Set<String> = ["previewWith"]

    /// An App's delegate adaptors: when the delegate is an `ObservableObject`, SwiftUI puts it in the environment
    /// of the App's scenes.
    static let delegateAdaptors: Set<String> = [
        "UIApplicationDelegateAdaptor", "NSApplicationDelegateAdaptor", "WKApplicationDelegateAdaptor",
        // Spezi's cross-platform alias of the three.
        "ApplicationDelegateAdaptor",
    ]

    /// The property wrappers through which a view observes an `ObservableObject`: SwiftUI subscribes to its
    /// `objectWillChange`.
    static let objectObservingWrappers: Set<String> = ["ObservedObject", "StateObject", "EnvironmentObject"]

    /// Containers under which a `NavigationLink` can navigate.
    static let navigationContainers: Set<String> = ["NavigationView", "NavigationStack", "NavigationSplitView"]
}
