import Testing

@testable import ViperNest

@MainActor
struct ContractMemoTests {
  @Test func remembersEveryRecordedPairAndNothingElseAsItGrows() {
    // Distinct objects stand in for layer and contract types: the memo only compares identities.
    // They live as long as the process (a global), so no type metadata can reuse their addresses.
    let layers = Array(tokens[2...])
    let contract = tokens[0]
    let other = tokens[1]
    for (index, layer) in layers.enumerated() {
      ContractMemo.insert(ObjectIdentifier(layer), ObjectIdentifier(contract))
      ContractMemo.insert(ObjectIdentifier(layer), ObjectIdentifier(contract))
      #expect(
        ContractMemo.contains(ObjectIdentifier(layers[index / 2]), ObjectIdentifier(contract)))
    }
    #expect(
      layers.allSatisfy { ContractMemo.contains(ObjectIdentifier($0), ObjectIdentifier(contract)) })
    #expect(
      !layers.contains { ContractMemo.contains(ObjectIdentifier($0), ObjectIdentifier(other)) })
    #expect(!ContractMemo.contains(ObjectIdentifier(other), ObjectIdentifier(contract)))
  }
}

private final class Token: Sendable {}
private let tokens = (0..<302).map { _ in Token() }
