import Foundation

/// What became of a font file of a book.
package enum FontLoad: Hashable, Sendable {
  /// The absolute path of the cached, usable file.
  case file(String)
  /// Why it cannot be used; completes "the font <path> …".
  case failed(String)
}

/// The embedded fonts of one book, turned into cached files on first use.
///
/// Chapters that link the same stylesheet ask for the same fonts: each package path is
/// read, de-obfuscated, checked and written at most once per open book.
final class EmbeddedFontStore: Sendable {
  private let container: any ResourceContainer
  private let obfuscation: FontObfuscation
  private let limits: ImportLimits
  private let directory: String
  private let loads = Locked<[String: FontLoad]>([:])

  init(
    container: any ResourceContainer, obfuscation: FontObfuscation, limits: ImportLimits,
    cacheDirectory: String?
  ) {
    self.container = container
    self.obfuscation = obfuscation
    self.limits = limits
    directory = FontCache.directory(override: cacheDirectory)
  }

  /// The cached file for the font at package path `path`, or why there is none.
  func load(for path: String) -> FontLoad {
    if let known = loads.withLock({ $0[path] }) { return known }
    let result = read(path)
    loads.withLock { $0[path] = result }
    return result
  }

  private func read(_ path: String) -> FontLoad {
    guard let size = container.size(of: path) else { return .failed("is missing from the book") }
    if size > limits.maxFontSize {
      return .failed(
        "is \(grouped(size)) bytes, over the \(grouped(limits.maxFontSize))-byte limit for fonts")
    }
    let bytes: Data
    do {
      bytes = try obfuscation.restore(try container.read(path), path: path)
    } catch let problem as FontProblem {
      return .failed(problem.message)
    } catch {
      return .failed("cannot be read: \((error as? BookError)?.detail ?? "\(error)")")
    }
    guard let fileExtension = FontCache.fontExtension(of: bytes) else {
      return .failed("is not a TrueType or OpenType font")
    }
    do {
      return .file(try FontCache.store(bytes, fileExtension: fileExtension, in: directory))
    } catch {
      return .failed("could not be saved in \(directory): \(error.localizedDescription)")
    }
  }
}
