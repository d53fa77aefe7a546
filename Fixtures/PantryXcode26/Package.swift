// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Pantry",
    platforms: [.iOS(.v16)],
    targets: [
        .executableTarget(name: "Pantry"),
    ]
)
