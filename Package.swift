// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Lifeguard",
    products: [
        .library(name: "LifeguardKit", targets: ["LifeguardKit"]),
        .library(name: "LifeguardRules", targets: ["LifeguardRules"]),
        .executable(name: "lifeguard", targets: ["lifeguard"]),
        .plugin(name: "LifeguardCommandPlugin", targets: ["LifeguardCommandPlugin"]),
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
        .testTarget(name: "LifeguardKitTests", dependencies: ["LifeguardKit"], exclude: ["Golden"]),
        .testTarget(name: "LifeguardRulesTests", dependencies: ["LifeguardRules", "LifeguardKit"]),
        .testTarget(name: "LifeguardCLITests", dependencies: ["lifeguard", "LifeguardKit", "LifeguardRules"]),
    ],
    swiftLanguageModes: [.v6]
)
