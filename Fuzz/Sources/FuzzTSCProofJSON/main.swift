import Foundation
import HFPrimitives

/// libFuzzer entry: TSCProofJSON decoding must never crash; whatever decodes must survive a round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let proof = try? JSONDecoder().decode(TSCProof.self, from: Data(bytes)) {
        let again = (try? JSONEncoder().encode(proof)).flatMap { try? JSONDecoder().decode(TSCProof.self, from: $0) }
        precondition(again == proof, "JSON TSC round trip")
        _ = try? proof.computeRoot()
    }
    return 0
}
