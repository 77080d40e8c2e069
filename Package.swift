// swift-tools-version:6.0
// Quire: an e-book reader for Linux. See ARCHITECTURE.md for the pipeline.
import PackageDescription

/// A system-library target for a Debian `-dev` package: a module map and a shim header only.
func systemLibrary(_ name: String, pkgConfig: String?, apt: String) -> Target {
  .systemLibrary(
    name: name,
    path: "Sources/C/\(name)",
    pkgConfig: pkgConfig,
    providers: [.apt([apt])]
  )
}

let strict: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The engine's hot loops (shaping, line breaking, pagination) are compiled with
/// optimisation in debug builds too: the corpus-wide tests lay out every corpus book
/// several times, and at `-Onone` that was most of `make test`'s time. Other modules stay
/// unoptimised for the debugger; `-enable-testing` still lets tests see internals.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
  name: "Quire",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "quire", targets: ["quire"]),
    .library(name: "QuireBook", targets: ["QuireBook"]),
    .library(name: "QuireTypesetting", targets: ["QuireTypesetting"]),
    .library(name: "QuireReading", targets: ["QuireReading"]),
    .library(name: "QuireRendering", targets: ["QuireRendering"]),
    .library(name: "QuireSpeech", targets: ["QuireSpeech"]),
    .library(name: "QuireUI", targets: ["QuireUI"]),
    .library(name: "QuireLookup", targets: ["QuireLookup"]),
  ],
  targets: [
    // MARK: - C libraries (Debian packages)
    systemLibrary("CLibXML2", pkgConfig: "libxml-2.0", apt: "libxml2-dev"),
    systemLibrary("CZip", pkgConfig: "libzip", apt: "libzip-dev"),
    systemLibrary("CArchive", pkgConfig: "libarchive", apt: "libarchive-dev"),
    systemLibrary("CUchardet", pkgConfig: "uchardet", apt: "libuchardet-dev"),
    systemLibrary("CCrypto", pkgConfig: "libcrypto", apt: "libssl-dev"),
    systemLibrary("CTextcat", pkgConfig: "libexttextcat", apt: "libexttextcat-dev"),
    systemLibrary("CMobi", pkgConfig: "libmobi", apt: "libmobi-dev"),
    systemLibrary("COpenCC", pkgConfig: "opencc", apt: "libopencc-dev"),
    systemLibrary("CHarfBuzz", pkgConfig: "harfbuzz", apt: "libharfbuzz-dev"),
    systemLibrary("CFreeType", pkgConfig: "freetype2", apt: "libfreetype-dev"),
    systemLibrary("CFontconfig", pkgConfig: "fontconfig", apt: "libfontconfig-dev"),
    systemLibrary("CUnibreak", pkgConfig: "libunibreak", apt: "libunibreak-dev"),
    systemLibrary("CHyphen", pkgConfig: nil, apt: "libhyphen-dev"),
    systemLibrary("CFribidi", pkgConfig: "fribidi", apt: "libfribidi-dev"),
    systemLibrary("CICU", pkgConfig: "icu-uc", apt: "libicu-dev"),
    systemLibrary("CPNG", pkgConfig: "libpng", apt: "libpng-dev"),
    systemLibrary("CSQLite", pkgConfig: "sqlite3", apt: "libsqlite3-dev"),
    systemLibrary("CTurboJPEG", pkgConfig: "libturbojpeg", apt: "libturbojpeg0-dev"),
    systemLibrary("CZlib", pkgConfig: "zlib", apt: "zlib1g-dev"),
    // No pkgConfig: sdl2's `--cflags` add `-D_REENTRANT`, which SwiftPM rejects with a warning;
    // the shim includes <SDL2/SDL.h> from the standard include path instead.
    systemLibrary("CSDL2", pkgConfig: nil, apt: "libsdl2-dev"),
    // No pkgConfig: its `--cflags` include `-pthread` (as CPango's); the shim declares the
    // few functions it uses, so no include path is needed.
    systemLibrary("CRsvg", pkgConfig: nil, apt: "librsvg2-dev"),
    // No pkgConfig: pangoft2's `--cflags` include `-pthread`, which SwiftPM rejects with a
    // warning on every build. QuireBench passes Pango's include paths itself.
    systemLibrary("CPango", pkgConfig: nil, apt: "libpango1.0-dev"),
    // Speech and sound: espeak-ng, speech-dispatcher's client, MP3 and libsndfile's formats.
    systemLibrary("CEspeakNG", pkgConfig: nil, apt: "libespeak-ng-dev"),
    // No pkgConfig: its `--cflags` bring glib's include paths, which the shim does not need.
    systemLibrary("CSpeechd", pkgConfig: nil, apt: "libspeechd-dev"),
    systemLibrary("CMpg123", pkgConfig: nil, apt: "libmpg123-dev"),
    systemLibrary("CSndfile", pkgConfig: nil, apt: "libsndfile1-dev"),

    // MARK: - Engine
    .target(
      name: "QuireBook",
      dependencies: [
        "CLibXML2", "CZip", "CArchive", "CUchardet", "CCrypto", "CTextcat", "CMobi", "COpenCC",
      ],
      swiftSettings: strict + optimizedInDebug
    ),
    .target(
      name: "QuireTypesetting",
      dependencies: [
        "QuireBook", "CHarfBuzz", "CFreeType", "CFontconfig", "CUnibreak", "CHyphen", "CFribidi",
        "CICU",
      ],
      swiftSettings: strict + optimizedInDebug
    ),

    .target(
      name: "QuireReading",
      dependencies: ["QuireBook", "QuireTypesetting", "CSQLite"],
      swiftSettings: strict
    ),

    // Offline dictionaries (dictd, StarDict): beside the reading stages, on the book model.
    .target(name: "QuireLookup", dependencies: ["QuireBook", "CZlib"], swiftSettings: strict),

    .target(
      name: "QuireRendering",
      dependencies: [
        "QuireTypesetting", "QuireBook", "CFreeType", "CPNG", "CTurboJPEG", "CRsvg",
      ],
      swiftSettings: strict
    ),

    // MARK: - Listening: speech, audio out, the book's narration, read-aloud and auto-turn
    .target(
      name: "QuireSpeech",
      dependencies: [
        "QuireBook", "QuireTypesetting", "CEspeakNG", "CSpeechd", "CMpg123", "CSndfile", "CSDL2",
      ],
      swiftSettings: strict
    ),

    // MARK: - Reading view: what both front ends share
    .target(
      name: "QuireUI",
      dependencies: [
        "QuireBook", "QuireTypesetting", "QuireReading", "QuireRendering", "QuireSpeech",
        "QuireLookup",
      ],
      swiftSettings: strict
    ),

    // MARK: - Front ends
    .target(
      name: "QuireTerminal",
      dependencies: ["QuireBook", "QuireTypesetting", "QuireReading", "QuireRendering", "QuireUI"],
      swiftSettings: strict
    ),
    .target(
      name: "QuireDesktop",
      dependencies: [
        "QuireBook", "QuireTypesetting", "QuireReading", "QuireRendering", "QuireUI", "CSDL2",
      ],
      swiftSettings: strict
    ),
    .target(
      name: "QuireCLI",
      dependencies: [
        "QuireBook", "QuireTypesetting", "QuireReading", "QuireRendering", "QuireUI",
        "QuireTerminal", "QuireDesktop", "QuireLookup", "QuireSpeech",
      ],
      resources: [.copy("Handbook")],
      swiftSettings: strict
    ),
    // Benchmarks: `quire bench`, measured against peers (Pango) in the same run.
    .target(
      name: "QuireBench",
      dependencies: [
        "QuireBook", "QuireTypesetting", "QuireReading", "QuireRendering", "QuireUI",
        "QuireTerminal", "QuireDesktop", "QuireLookup", "QuireSpeech", "QuireCLI", "CPango",
      ],
      swiftSettings: strict + [
        .unsafeFlags(
          [
            "/usr/include/pango-1.0", "/usr/include/glib-2.0",
            "/usr/lib/x86_64-linux-gnu/glib-2.0/include", "/usr/include/harfbuzz",
            "/usr/include/freetype2",
          ].flatMap { ["-Xcc", "-I\($0)"] })
      ]
    ),
    .executableTarget(name: "quire", dependencies: ["QuireCLI"], swiftSettings: strict),
    // The benchmark suites, started by `quire bench`: apart, so `quire` links no Pango.
    .executableTarget(
      name: "quire-bench", dependencies: ["QuireBench"], swiftSettings: strict),
    // A writer process for QuireReadingTests' kill -9 test; not listed in `products`.
    .executableTarget(
      name: "quire-library-stress", dependencies: ["QuireReading"], swiftSettings: strict),

    // MARK: - Tests
    // The shared corpus and fixtures, for every test target.
    .target(
      name: "QuireTestSupport", dependencies: ["QuireBook"], path: "Tests/QuireTestSupport",
      swiftSettings: strict),
    .testTarget(
      name: "QuireBookTests",
      dependencies: ["QuireTestSupport", "QuireBook"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "QuireTypesettingTests",
      dependencies: ["QuireTestSupport", "QuireTypesetting", "QuireBook"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "QuireReadingTests",
      dependencies: ["QuireTestSupport", "QuireReading", "QuireBook"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "QuireLookupTests",
      dependencies: ["QuireTestSupport", "QuireLookup", "QuireBook"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "QuireRenderingTests",
      dependencies: [
        "QuireTestSupport", "QuireGoldenSupport", "QuireRendering", "QuireTypesetting", "QuireBook",
      ],
      resources: [.copy("Golden")],
      swiftSettings: strict
    ),
    .testTarget(
      name: "QuireSpeechTests",
      dependencies: ["QuireTestSupport", "QuireSpeech", "QuireBook"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "QuireUITests",
      dependencies: [
        "QuireTestSupport", "QuireUI", "QuireReading", "QuireTypesetting", "QuireBook",
        "QuireSpeech", "QuireLookup",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "QuireTerminalTests",
      dependencies: [
        "QuireTestSupport", "QuireBook", "QuireReading", "QuireRendering", "QuireUI",
        "QuireTerminal",
      ],
      swiftSettings: strict
    ),
    // The one golden-image comparer, for every test target that draws.
    .target(
      name: "QuireGoldenSupport", dependencies: ["QuireRendering"],
      path: "Tests/QuireGoldenSupport", swiftSettings: strict),
    .testTarget(
      name: "QuireDesktopTests",
      dependencies: [
        "QuireTestSupport", "QuireGoldenSupport", "QuireRendering", "QuireDesktop", "QuireBook",
      ],
      resources: [.copy("Golden")],
      swiftSettings: strict
    ),
    .testTarget(
      name: "QuireCLITests",
      dependencies: [
        "QuireTestSupport", "QuireCLI", "QuireBook", "QuireReading", "QuireLookup",
        "QuireRendering",
      ],
      swiftSettings: strict
    ),
  ]
)

// Fuzz targets (Fuzz/README.md): the libFuzzer executable is declared only when QUIRE_FUZZ
// is set, so a normal build never sees it; scripts/fuzz builds it with --sanitize=fuzzer in
// .build/fuzz. Otherwise the same targets (all of Fuzz/QuireFuzz but libFuzzer's entry
// points) are compiled into QuireFuzzTests, which replays every committed finding.
if Context.environment["QUIRE_FUZZ"] != nil {
  package.targets.append(
    .executableTarget(
      name: "quire-fuzz", dependencies: ["QuireBook", "QuireTypesetting", "QuireLookup"],
      path: "Fuzz/QuireFuzz",
      swiftSettings: strict + [.unsafeFlags(["-parse-as-library"])]))
} else {
  package.targets.append(
    .testTarget(
      name: "QuireFuzzTests",
      dependencies: ["QuireTestSupport", "QuireBook", "QuireTypesetting", "QuireLookup"],
      path: "Fuzz",
      exclude: ["README.md", "QuireFuzz/Main.swift"], sources: ["QuireFuzz", "QuireFuzzTests"],
      swiftSettings: strict))
}

// A sanitizer run tests a few targets (scripts/sanitize --targets): QUIRE_TEST_TARGETS
// names them, comma-separated, with any executable they run as a child process. The package
// is cut to those and what they depend on, so the sanitizer build compiles nothing it does
// not run (a fresh build of every target takes minutes).
if let only = Context.environment["QUIRE_TEST_TARGETS"] {
  var keep = Set<String>()
  var next = only.split(separator: ",").map { String($0) }
  while let name = next.popLast() {
    guard keep.insert(name).inserted else { continue }
    guard let target = package.targets.first(where: { $0.name == name }) else { continue }
    for dependency in target.dependencies {
      switch dependency {
      case .targetItem(let name, _), .byNameItem(let name, _): next.append(name)
      default: break
      }
    }
  }
  package.targets.removeAll { !keep.contains($0.name) }
  package.products.removeAll { !keep.contains($0.name) }
}
