import Foundation
import QuireBook
import QuireReading

@testable import QuireCLI

/// A temporary folder holding a library file and copies of corpus books, removed when
/// the value is released. Every run passes `--library` to it, so tests never touch the
/// real library.
final class LibraryWorkspace: Sendable {
  private let folder = ScratchFolder("cli-library")

  var path: String { folder.path }

  var libraryPath: String { path + "/library.sqlite" }

  /// Runs `quire` with `--library` pointing into the workspace.
  func run(_ arguments: [String], width: Int = 80) -> RunResult {
    runQuire(arguments + ["--library", libraryPath], width: width)
  }

  /// The library itself, for setting up positions and sessions.
  func library() throws -> Library {
    try Library(path: libraryPath)
  }

  /// Copies a corpus file (or folder) into `folder` of the workspace; returns the copy's path.
  @discardableResult
  func copy(_ source: String, into folder: String = "books") throws -> String {
    let target = path + "/" + folder
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
    let destination = target + "/" + (source as NSString).lastPathComponent
    try FileManager.default.copyItem(atPath: source, toPath: destination)
    return destination
  }

  /// Alice in the workspace.
  @discardableResult
  func alice() throws -> String {
    let existing = path + "/books/alice-in-wonderland_pg11_utf8.txt"
    if FileManager.default.fileExists(atPath: existing) { return existing }
    return try copy(Corpus.path("txt/en/alice-in-wonderland_pg11_utf8.txt"))
  }
}
