import CHyphen
import Foundation
import Glibc
import QuireBook

/// libhyphen's dictionaries as it builds them from a pattern file, kept on disk so that a
/// dictionary is built once per machine rather than once per process.
///
/// Building is fast for most languages (English, French, Russian: 20–30 ms) but takes
/// libhyphen 3–5 s for German, whose 1 MB file holds two levels of patterns: a German book
/// waited that long for its first page in every process. The built `HyphenDict` (its
/// states, their match and replacement strings and transitions, and the next level) is
/// written to `$XDG_CACHE_HOME/quire/hyphenation` (else `~/.cache/…`, else the temporary
/// folder) under the pattern file's name, size and modification time, and read back into
/// memory allocated as libhyphen allocates it, so `hnj_hyphen_free` frees it. A stored
/// file that is short, damaged or of another version is ignored (and replaced); every
/// state and transition index is checked before it is used.
enum CompiledPatterns {
  /// Pattern files smaller than this build faster than a stored copy is read.
  static let smallestStored = 200_000

  /// The dictionary for the pattern file at `path`: read from the store when it holds
  /// one for this very file, else built by libhyphen (and stored, when large).
  static func load(_ path: String, store directory: String? = nil) -> UnsafeMutablePointer<
    HyphenDict
  >? {
    // `hyph_de.dic` is a link to `hyph_de_DE.dic`: the file itself is what is measured.
    let path = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let size = attributes[.size] as? Int,
      let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970
    else { return hnj_hyphen_load(path) }
    guard size >= smallestStored else { return hnj_hyphen_load(path) }
    let name = (path as NSString).lastPathComponent
    let stored =
      (directory ?? defaultDirectory()) + "/\(name)-\(size)-\(Int(modified)).v\(version)"
    if let data = FileManager.default.contents(atPath: stored),
      let dictionary = read(data)
    {
      return dictionary
    }
    guard let dictionary = hnj_hyphen_load(path) else { return nil }
    write(dictionary, to: stored)
    return dictionary
  }

  /// The store's format; a change makes every stored file unreadable, so rebuilt.
  static let version = 1

  static func defaultDirectory() -> String {
    FontCache.userCacheFolder("hyphenation")
  }

  // MARK: - Writing

  /// Writes `dictionary` atomically; a store that cannot be written is left alone.
  static func write(_ dictionary: UnsafeMutablePointer<HyphenDict>, to path: String) {
    var output = Data("QHYP".utf8)
    var level: UnsafeMutablePointer<HyphenDict>? = dictionary
    while let current = level {
      output.append(1)
      append(current.pointee, to: &output)
      level = current.pointee.nextlevel
    }
    output.append(0)
    let folder = PathName.folder(of: path)
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try? output.write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  private static func append(_ dict: HyphenDict, to output: inout Data) {
    output.append(contentsOf: [dict.lhmin, dict.rhmin, dict.clhmin, dict.crhmin].map(UInt8.init))
    appendInt(dict.utf8, &output)
    withUnsafeBytes(of: dict.cset) { output.append(contentsOf: $0) }
    appendInt(dict.nohyphenl, &output)
    // `nohyphen` holds `nohyphenl + 1` strings (libhyphen counts the commas between
    // them), each ended by a NUL.
    var exceptions: [UInt8] = []
    if let start = dict.nohyphen {
      var pointer = UnsafeRawPointer(start).assumingMemoryBound(to: UInt8.self)
      for _ in 0...max(0, dict.nohyphenl) {
        while pointer.pointee != 0 {
          exceptions.append(pointer.pointee)
          pointer += 1
        }
        exceptions.append(0)
        pointer += 1
      }
    }
    appendBytes(dict.nohyphen == nil ? nil : exceptions, &output)
    appendInt(dict.num_states, &output)
    for index in 0..<Int(max(0, dict.num_states)) {
      let state = dict.states[index]
      appendString(state.match, &output)
      appendString(state.repl, &output)
      output.append(UInt8(bitPattern: state.replindex))
      output.append(UInt8(bitPattern: state.replcut))
      appendInt(state.fallback_state, &output)
      appendInt(state.num_trans, &output)
      for transition in 0..<Int(max(0, state.num_trans)) {
        output.append(UInt8(bitPattern: state.trans[transition].ch))
        appendInt(state.trans[transition].new_state, &output)
      }
    }
  }

  private static func appendInt(_ value: Int32, _ output: inout Data) {
    withUnsafeBytes(of: value.littleEndian) { output.append(contentsOf: $0) }
  }

  private static func appendString(_ string: UnsafeMutablePointer<CChar>?, _ output: inout Data) {
    guard let string else { return appendBytes(nil, &output) }
    appendBytes(
      Array(UnsafeBufferPointer(start: string, count: strlen(string))).map {
        UInt8(bitPattern: $0)
      }, &output)
  }

  private static func appendBytes(_ bytes: [UInt8]?, _ output: inout Data) {
    guard let bytes else { return appendInt(-1, &output) }
    appendInt(Int32(bytes.count), &output)
    output.append(contentsOf: bytes)
  }

  // MARK: - Reading

  /// The dictionary in `data`, or nil when it is not a whole, valid store.
  static func read(_ data: Data) -> UnsafeMutablePointer<HyphenDict>? {
    data.withUnsafeBytes { raw -> UnsafeMutablePointer<HyphenDict>? in
      var reader = Reader(data: raw)
      guard let magic = reader.take(4), Array(magic) == Array("QHYP".utf8) else { return nil }
      var levels: [UnsafeMutablePointer<HyphenDict>] = []
      func fail() -> UnsafeMutablePointer<HyphenDict>? {
        for level in levels { hnj_hyphen_free(level) }
        return nil
      }
      while let marker = reader.byte(), marker == 1 {
        guard let level = readLevel(&reader) else { return fail() }
        levels.append(level)
      }
      guard !levels.isEmpty, reader.isAtEnd else { return fail() }
      for (upper, lower) in zip(levels, levels.dropFirst()) { upper.pointee.nextlevel = lower }
      return levels[0]
    }
  }

  /// Whether `data` is a whole, valid store (read and freed again).
  static func isValid(_ data: Data) -> Bool {
    guard let dictionary = read(data) else { return false }
    hnj_hyphen_free(dictionary)
    return true
  }

  private static func readLevel(_ reader: inout Reader) -> UnsafeMutablePointer<HyphenDict>? {
    guard let head = reader.take(4), let utf8 = reader.int(),
      let cset = reader.take(MemoryLayout.size(ofValue: HyphenDict().cset)),
      let exceptionCount = reader.int(), exceptionCount >= 0, let exceptions = reader.bytes(),
      let stateCount = reader.int(), stateCount > 0, stateCount <= reader.remaining
    else { return nil }
    if let exceptions {
      // `nohyphenl + 1` strings, each ended by a NUL, and nothing after the last.
      guard exceptions.filter({ $0 == 0 }).count == Int(exceptionCount) + 1,
        exceptions.last == 0
      else { return nil }
    } else if exceptionCount != 0 {
      return nil
    }
    // Allocated with malloc, as libhyphen's own, so that `hnj_hyphen_free` frees it all.
    let dictionary = malloc(MemoryLayout<HyphenDict>.stride)!
      .bindMemory(to: HyphenDict.self, capacity: 1)
    dictionary.initialize(to: HyphenDict())
    dictionary.pointee.lhmin = CChar(bitPattern: head[0])
    dictionary.pointee.rhmin = CChar(bitPattern: head[1])
    dictionary.pointee.clhmin = CChar(bitPattern: head[2])
    dictionary.pointee.crhmin = CChar(bitPattern: head[3])
    dictionary.pointee.utf8 = utf8
    withUnsafeMutableBytes(of: &dictionary.pointee.cset) { $0.copyMemory(from: cset) }
    dictionary.pointee.nohyphenl = exceptionCount
    dictionary.pointee.nohyphen = exceptions.map(cString)
    let states = malloc(Int(stateCount) * MemoryLayout<HyphenState>.stride)!
      .bindMemory(to: HyphenState.self, capacity: Int(stateCount))
    for index in 0..<Int(stateCount) { (states + index).initialize(to: HyphenState()) }
    dictionary.pointee.states = states
    dictionary.pointee.num_states = stateCount
    for index in 0..<Int(stateCount) {
      guard let match = reader.bytes(), let replacement = reader.bytes(),
        let cuts = reader.take(2), let fallback = reader.int(),
        fallback >= -1, fallback < stateCount,
        let transitions = reader.int(), transitions >= 0, transitions * 5 <= reader.remaining
      else { return freed(dictionary) }
      states[index].match = match.map(cString)
      states[index].repl = replacement.map(cString)
      states[index].replindex = Int8(bitPattern: cuts[0])
      states[index].replcut = Int8(bitPattern: cuts[1])
      states[index].fallback_state = fallback
      guard transitions > 0 else { continue }
      let table = malloc(Int(transitions) * MemoryLayout<HyphenTrans>.stride)!
        .bindMemory(to: HyphenTrans.self, capacity: Int(transitions))
      states[index].trans = table
      states[index].num_trans = transitions
      for transition in 0..<Int(transitions) {
        guard let character = reader.byte(), let next = reader.int(), next >= 0,
          next < stateCount
        else {
          states[index].num_trans = Int32(transition)
          return freed(dictionary)
        }
        table[transition] = HyphenTrans(ch: CChar(bitPattern: character), new_state: next)
      }
    }
    return dictionary
  }

  private static func freed(_ dictionary: UnsafeMutablePointer<HyphenDict>)
    -> UnsafeMutablePointer<HyphenDict>?
  {
    hnj_hyphen_free(dictionary)
    return nil
  }

  /// A malloc'd NUL-terminated copy of `bytes` (which may hold NULs of their own).
  private static func cString(_ bytes: UnsafeRawBufferPointer) -> UnsafeMutablePointer<CChar> {
    let pointer = malloc(bytes.count + 1)!
    if let base = bytes.baseAddress { pointer.copyMemory(from: base, byteCount: bytes.count) }
    pointer.storeBytes(of: 0, toByteOffset: bytes.count, as: UInt8.self)
    return pointer.bindMemory(to: CChar.self, capacity: bytes.count + 1)
  }

  /// Reads the store's little-endian fields, refusing to run past its end.
  private struct Reader {
    let data: UnsafeRawBufferPointer
    var offset = 0

    var remaining: Int32 { Int32(clamping: data.count - offset) }
    var isAtEnd: Bool { offset == data.count }

    mutating func take(_ count: Int) -> UnsafeRawBufferPointer? {
      guard count >= 0, offset + count <= data.count else { return nil }
      defer { offset += count }
      return UnsafeRawBufferPointer(rebasing: data[offset..<(offset + count)])
    }

    mutating func byte() -> UInt8? {
      guard offset < data.count else { return nil }
      defer { offset += 1 }
      return data[offset]
    }

    mutating func int() -> Int32? {
      guard offset + 4 <= data.count else { return nil }
      defer { offset += 4 }
      return Int32(littleEndian: data.loadUnaligned(fromByteOffset: offset, as: Int32.self))
    }

    /// Bytes after their count; `.some(nil)` for a count of −1 (a NULL pointer).
    mutating func bytes() -> UnsafeRawBufferPointer?? {
      guard let count = int(), count >= -1 else { return nil }
      if count == -1 { return .some(nil) }
      guard let taken = take(Int(count)) else { return nil }
      return .some(taken)
    }
  }
}
