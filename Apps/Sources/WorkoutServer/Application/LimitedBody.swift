import HTTPTypes
import NIOCore

/// A request body that fails with 413 as soon as more than `maximumBytes` have arrived, so an
/// oversized body is refused while it streams, never buffered.
struct LimitedBody<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == ByteBuffer {
    typealias Element = ByteBuffer
    let base: Base
    let maximumBytes: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let maximumBytes: Int
        var received = 0

        mutating func next() async throws -> ByteBuffer? {
            guard let chunk = try await base.next() else { return nil }
            received += chunk.readableBytes
            if received > maximumBytes {
                throw APIError(.contentTooLarge, .contentTooLarge, "the body is longer than \(maximumBytes) bytes (--max-body-bytes)")
            }
            return chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), maximumBytes: maximumBytes)
    }
}
