import Crypto

/// SHA-256 (FIPS 180-4), the content hash that makes imports idempotent, and the hash of bearer tokens.
///
/// A thin value wrapper over swift-crypto's `SHA256`, which the store's graph already builds (postgres-nio depends
/// on it for SCRAM authentication): on Linux it is BoringSSL's assembly, which uses the CPU's SHA extensions where
/// present. The wrapper keeps the store's small interface (bytes in, lowercase hexadecimal out) in one place.
public struct SHA256: Sendable {
    private var hasher = Crypto.SHA256()

    /// A hash of nothing yet.
    public init() {}

    /// Adds `bytes` to the message.
    /// - Complexity: O(n).
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let contiguous = Array(bytes)
        contiguous.withUnsafeBytes { hasher.update(bufferPointer: $0) }
    }

    /// Adds the bytes of a contiguous buffer (no copy: the path for whole files and streamed chunks).
    public mutating func update(buffer: UnsafeRawBufferPointer) {
        hasher.update(bufferPointer: buffer)
    }

    /// Pads the message and returns the 32-byte digest. The hash is spent afterwards: start a new one for
    /// another message.
    public mutating func finalize() -> [UInt8] {
        Array(hasher.finalize())
    }

    /// The digest of `bytes` as 64 lowercase hexadecimal digits (what `sha256sum` prints).
    public static func hexDigest(of bytes: [UInt8]) -> String {
        hex(Array(Crypto.SHA256.hash(data: bytes)))
    }

    /// Lowercase hexadecimal of `bytes`.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
