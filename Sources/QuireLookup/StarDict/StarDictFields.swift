/// The fields of one StarDict entry in the `.dict`: each a type letter and its data.
///
/// With `sametypesequence` the letters are not stored: every field but the last is its
/// text and a NUL (lower-case types) or a 32-bit big-endian size and its bytes (upper
/// case), and the last one runs to the end of the entry. Without it every field starts
/// with its letter and is stored the same way, the last one included.
enum StarDictFields {
  /// One field: its type letter and bytes (a text field without its NUL).
  struct Field: Hashable {
    var type: UInt8
    var bytes: ArraySlice<UInt8>
  }

  /// Splits an entry's bytes into fields; what is wrong when they do not fit.
  static func split(_ data: [UInt8], sameTypeSequence: [UInt8]?) -> Result<[Field], Problem> {
    var fields: [Field] = []
    var position = 0
    if let sequence = sameTypeSequence {
      for (index, type) in sequence.enumerated() {
        let isLast = index == sequence.count - 1
        if isLast {
          var end = data.count
          if StarDictInfo.textTypes.contains(type), end > position, data[end - 1] == 0 { end -= 1 }
          fields.append(Field(type: type, bytes: data[position..<end]))
          break
        }
        switch read(type, data, &position) {
        case .success(let field): fields.append(field)
        case .failure(let problem): return .failure(problem)
        }
      }
      return .success(fields)
    }
    while position < data.count {
      let type = data[position]
      position += 1
      switch read(type, data, &position) {
      case .success(let field): fields.append(field)
      case .failure(let problem): return .failure(problem)
      }
    }
    return .success(fields)
  }

  private static func read(_ type: UInt8, _ data: [UInt8], _ position: inout Int) -> Result<
    Field, Problem
  > {
    let letter = Character(Unicode.Scalar(type))
    if StarDictInfo.textTypes.contains(type) {
      let end = data[position...].firstIndex(of: 0) ?? data.count
      defer { position = min(end + 1, data.count) }
      return .success(Field(type: type, bytes: data[position..<end]))
    }
    guard StarDictInfo.binaryTypes.contains(type) else {
      return .failure(
        Problem(message: "a field of type “\(letter)”, which StarDict does not define"))
    }
    guard position + 4 <= data.count else {
      return .failure(Problem(message: "a “\(letter)” field without its size"))
    }
    let size = data[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) }
    guard size <= data.count - position - 4 else {
      return .failure(
        Problem(message: "a “\(letter)” field of \(size) bytes in an entry of \(data.count)"))
    }
    defer { position += 4 + size }
    return .success(Field(type: type, bytes: data[(position + 4)..<(position + 4 + size)]))
  }

  /// What is wrong with an entry's fields.
  struct Problem: Error, Hashable {
    let message: String
  }
}
