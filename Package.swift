// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Lifeguard",
    products: [
        .library(name: "LifeguardKit", targets: ["LifeguardKit"]),
        .library(name: "LifeguardRules", targets: ["LifeguardRules"]),
        .executable(name: "lifeguard", targets: ["lifeguard"]),
    ],
    targets: [
        .target(name: "LifeguardKit"),
        .target(
            name: "LifeguardRules",
            dependencies: ["LifeguardKit"],
            path: "Rules",
            exclude: ["README.md"]
        ),
        .executableTarget(
            name: "lifeguard",
            dependencies: ["LifeguardKit", "LifeguardRules"]
        ),
        .executableTarget(
            name: "lifeguard-bench",
            dependencies: ["LifeguardKit", "LifeguardRules"]
        ),
        .testTarget(name: "LifeguardKitTests", dependencies: ["LifeguardKit"]),
        .testTarget(name: "LifeguardRulesTests", dependencies: ["LifeguardRules", "LifeguardKit"]),
        .testTarget(name: "LifeguardCLITests", dependencies: ["lifeguard", "LifeguardKit", "LifeguardRules"]),
    ],
    swiftLanguageModes: [.v6]
)
