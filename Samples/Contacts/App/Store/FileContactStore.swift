internal import Foundation

/// What can go wrong with the contacts file, said so a person can fix it.
struct ContactStoreError: Error, CustomStringConvertible {
  let description: String
}

/// Persists contacts to `contacts.json` in a directory. Its initializer is `async`: the file is
/// read and decoded off the main actor, so a large address book never freezes the list, which
/// shows "Loading contacts…" meanwhile. Every change is written atomically (a temporary file
/// renamed over the old one), so a crash never leaves half a file. A file that cannot be read or
/// decoded is reported and never overwritten.
///
/// `ContactsAssembly` registers it with its async initializer, once per Contacts story; the list's
/// interactor awaits it through `AsyncProvider` (see `ContactListInteractor`).
@MainActor
package final class FileContactStore {
  let fileURL: URL
  package private(set) var contacts: [Contact]

  /// Opens (or starts) the contacts file in `directory`, reading it off the main actor.
  ///
  /// - Throws: ``ContactStoreError`` when the directory cannot be created or the file exists but is
  ///   unreadable or malformed.
  init(directory: URL) async throws {
    let fileURL = directory.appendingPathComponent("contacts.json")
    contacts = try await Self.read(fileURL, in: directory)
    self.fileURL = fileURL
  }

  /// Opens the contacts file in the configured storage directory.
  package convenience init(storage: StorageDirectory) async throws {
    try await self.init(directory: storage.url)
  }

  /// Reads and decodes the file (an empty list when there is none yet). A `nonisolated` `async`
  /// function runs on the concurrent executor, not on the main actor that awaits it.
  private nonisolated static func read(_ fileURL: URL, in directory: URL) async throws
    -> [Contact]
  {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw ContactStoreError(
        description:
          "Cannot create the contacts directory \(directory.path): \(error.localizedDescription)")
    }
    guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
    let data: Data
    do {
      data = try Data(contentsOf: fileURL)
    } catch {
      throw ContactStoreError(
        description: "Cannot read \(fileURL.path): \(error.localizedDescription). "
          + "Fix its permissions or pass another directory with --data-dir.")
    }
    do {
      return try JSONDecoder().decode([Contact].self, from: data)
    } catch {
      throw ContactStoreError(
        description:
          "\(fileURL.path) is not a valid contacts file (\(error)). It was left untouched; "
          + "move it away or pass another directory with --data-dir.")
    }
  }

  /// Adds `contact` and writes the file. Unlike the read, which decodes the whole book before the
  /// first screen can show it, the write stays on the main actor in this sample: one atomic
  /// replace per added contact, so each printed step shows the saved list or the error. An app
  /// with a large book would move it off the main actor too.
  ///
  /// - Throws: ``ContactStoreError`` when the file cannot be written; the store is unchanged then.
  package func add(_ contact: Contact) throws {
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
