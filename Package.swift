// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Lifeguard",
    products: [
        .library(name: "LifeguardKit", targets: ["LifeguardKit"]),
        .library(name: "LifeguardRules", targets: ["LifeguardRules"]),
        .executable(name: "lifeguard", targets: ["lifeguard"]),
        .plugin(name: "LifeguardCommandPlugin", targets: ["LifeguardCommandPlugin"]),
        .plugin(name: "LifeguardBuildToolPlugin", targets: ["LifeguardBuildToolPlugin"]),
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
        .plugin(
            name: "LifeguardCommandPlugin",
            capability: .command(
                intent: .custom(verb: "lifeguard", description: "Lint the package's Swift sources with Lifeguard"),
                permissions: []
            ),
            dependencies: ["lifeguard"]
        ),
        .plugin(name: "LifeguardBuildToolPlugin", capability: .buildTool(), dependencies: ["lifeguard"]),
        // Fixture lookup and subprocess helpers the three test targets share.
        .target(name: "LifeguardTestSupport", dependencies: ["LifeguardKit"], path: "Tests/LifeguardTestSupport"),
        .testTarget(name: "LifeguardKitTests", dependencies: ["LifeguardKit", "LifeguardTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "LifeguardRulesTests", dependencies: ["LifeguardRules", "LifeguardKit", "LifeguardTestSupport"]),
        .testTarget(name: "LifeguardCLITests",
                    dependencies: ["lifeguard", "LifeguardKit", "LifeguardRules", "LifeguardTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
