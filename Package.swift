// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Feder",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "FederCore", targets: ["FederCore"]),
        .executable(name: "feder", targets: ["feder"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", exact: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", exact: "2.5.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras", exact: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
    ],
    targets: [
        // The engine: Foundation only, so it also builds for iOS/macOS.
        .target(
            name: "FederCore",
            resources: [.copy("Resources/Glyphs"), .copy("Resources/Recognizer")]
        ),
        // Persistence: SQLite through GRDB, migrations, WAL.
        .target(
            name: "FederStore",
            dependencies: [
                "FederCore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // HTTP + WebSocket server and the web app it serves.
        .target(
            name: "FederServer",
            dependencies: [
                "FederCore",
                "FederStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                // Adult sessions (cookie + persisted store) and the PIN's bcrypt hash.
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Logging", package: "swift-log"),
                // The live session's WebSocket runs as NIO channel handlers (LiveSession/Socket).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Web")]
        ),
        // The `feder` command.
        .executableTarget(
            name: "feder",
            dependencies: [
                "FederCore",
                "FederStore",
                "FederServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Recognition fixtures are read by path (#filePath), not as bundle resources.
        .testTarget(name: "FederCoreTests", dependencies: ["FederCore"], exclude: ["Recognition/Fixtures"]),
        .testTarget(name: "FederStoreTests", dependencies: ["FederStore", .product(name: "GRDB", package: "GRDB.swift")],
                    exclude: ["Research/Fixtures"]),
        .testTarget(
            name: "FederServerTests",
            dependencies: [
                "FederServer",
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
