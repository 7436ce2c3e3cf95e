import Foundation

/// What can go wrong with the contacts file, said so a person can fix it.
struct ContactStoreError: Error, CustomStringConvertible {
  let description: String
}

/// Persists contacts to `contacts.json` in a directory. Reads once when created; every change is
/// written atomically (a temporary file renamed over the old one), so a crash never leaves half a
/// file. A file that cannot be read or decoded is reported and never overwritten.
@MainActor
final class FileContactStore {
  let fileURL: URL
  private(set) var contacts: [Contact]

  /// Opens (or starts) the contacts file in `directory`.
  ///
  /// - Throws: ``ContactStoreError`` when the directory cannot be created or the file exists but is
  ///   unreadable or malformed.
  init(directory: URL) throws {
    fileURL = directory.appendingPathComponent("contacts.json")
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw ContactStoreError(
        description:
          "Cannot create the contacts directory \(directory.path): \(error.localizedDescription)")
    }
    guard FileManager.default.fileExists(atPath: fileURL.path) else {
      contacts = []
      return
    }
    let data: Data
    do {
      data = try Data(contentsOf: fileURL)
    } catch {
      throw ContactStoreError(
        description: "Cannot read \(fileURL.path): \(error.localizedDescription). "
          + "Fix its permissions or pass another directory with --data-dir.")
    }
    do {
      contacts = try JSONDecoder().decode([Contact].self, from: data)
    } catch {
      throw ContactStoreError(
        description:
          "\(fileURL.path) is not a valid contacts file (\(error)). It was left untouched; "
          + "move it away or pass another directory with --data-dir.")
    }
  }

  /// Opens the contacts file in the configured storage directory.
  convenience init(storage: StorageDirectory) throws {
    try self.init(directory: storage.url)
  }

  /// Adds `contact` and writes the file.
  ///
  /// - Throws: ``ContactStoreError`` when the file cannot be written; the store is unchanged then.
  func add(_ contact: Contact) throws {
    let updated = contacts + [contact]
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
      try encoder.encode(updated).write(to: fileURL, options: .atomic)
    } catch {
      throw ContactStoreError(
        description: "Cannot write \(fileURL.path): \(error.localizedDescription)")
    }
    contacts = updated
  }
}
