import Foundation

/// An unpacked EPUB folder read in place (the bundled handbook is one).
///
/// Listing walks the folder once, applying the same limits as a ZIP (entry count, entry and
/// total sizes). Every path is resolved to its real path, and anything that leaves the root
/// — a symbolic link pointing outside, or one swapped in after listing — is refused, so a
/// folder cannot be used to read other files on the machine.
struct DirectoryContainer: ResourceContainer {
  let entryNames: [String]
  let warnings: [ImportWarning]
  /// The folder as the user gave it, for errors.
  private let path: String
  /// The folder's real path, without a trailing "/".
  private let root: String
  private let limits: EntryLimits
  private let sizes: [String: Int]

  /// Lists the folder at `path`.
  /// - Throws: `BookError` `.unreadable` or `.limitExceeded`.
  init(path: String, limits: ImportLimits) throws {
    guard let root = realPath(path) else {
      throw BookError(.unreadable, path: path, "the folder cannot be read")
    }
    self.path = path
    self.root = root
    self.limits = EntryLimits(limits: limits, path: path)
    var walker = Walker(root: root, limits: self.limits)
    try walker.walk("")
    sizes = walker.sizes
    entryNames = walker.names.sorted()
    warnings = walker.warnings
  }

  func contains(_ path: String) -> Bool { sizes[path] != nil }

  func size(of path: String) -> Int? { sizes[path] }

  func read(_ entry: String) throws -> Data {
    guard sizes[entry] != nil else {
      throw BookError(.missingResource, path: path, entry: entry, "the file is not in the book")
    }
    guard let real = realPath(root + "/" + entry), real.hasPrefix(root + "/") else {
      throw BookError(
        .unsafeEntryName, path: path, entry: entry, "the file now points outside the book")
    }
    let limit = limits.limits.maxEntrySize
    do {
      let descriptor = PathName.open(real, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { throw CocoaError(.fileReadUnknown) }
      let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
      defer { try? handle.close() }
      let data = try handle.read(upToCount: limit + 1) ?? Data()
      if data.count > limit { throw limits.overrun(entry: entry, declared: limit) }
      return data
    } catch let error as BookError {
      throw error
    } catch {
      throw BookError(.unreadable, path: path, entry: entry, "cannot be read")
    }
  }

  func contentHash() throws -> String {
    var hasher = SHA256()
    for name in entryNames.sorted(by: { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }) {
      hasher.update(Array(name.utf8) + [0])
      hasher.update(try read(name))
    }
    return hasher.hexDigest()
  }
}

/// Walks a folder depth-first, collecting regular files and what was refused.
private struct Walker {
  let root: String
  let limits: EntryLimits
  var names: [String] = []
  var sizes: [String: Int] = [:]
  var warnings: [ImportWarning] = []
  var total = 0

  init(root: String, limits: EntryLimits) {
    self.root = root
    self.limits = limits
  }

  mutating func walk(_ relative: String) throws {
    let folder = relative.isEmpty ? root : root + "/" + relative
    guard let children = PathName.contentsOfDirectory(folder)?.sorted() else {
      throw BookError(
        .unreadable, path: limits.path, entry: relative.isEmpty ? nil : relative,
        "the folder cannot be listed")
    }
    for child in children {
      let name = relative.isEmpty ? child : relative + "/" + child
      let full = root + "/" + name
      guard PackagePath.isSafeEntryName(name),
        let attributes = PathName.status(full, followingLinks: false)
      else {
        warnings.append(ImportWarning(entry: name, "cannot be read; ignored"))
        continue
      }
      var type = attributes.kind
      var size = attributes.size
      if type == .symbolicLink {
        guard let target = realPath(full), target.hasPrefix(root + "/") else {
          warnings.append(
            ImportWarning(entry: name, "is a symbolic link pointing outside the book; ignored"))
          continue
        }
        let resolved = PathName.status(target)
        type = resolved?.kind ?? .other
        size = resolved?.size ?? 0
        if type == .directory {
          warnings.append(ImportWarning(entry: name, "is a link to a folder; not followed"))
          continue
        }
      }
      if type == .directory {
        try walk(name)
      } else if type == .regular {
        try limits.checkEntryCount(names.count + 1)
        try limits.checkDeclared(entry: name, size: size, compressedSize: nil)
        total += size
        try limits.checkTotal(total)
        names.append(name)
        sizes[name] = size
      }
    }
  }
}

/// The canonical absolute path of `path` with every symbolic link resolved, or nil.
private func realPath(_ path: String) -> String? {
  PathName.realPath(path)
}
