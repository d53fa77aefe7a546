// swift-tools-version:5.9
import PackageDescription
let package = Package(name: "GardenKit", products: [.library(name: "GardenKit", targets: ["GardenKit"])], targets: [.target(name: "GardenKit")])
