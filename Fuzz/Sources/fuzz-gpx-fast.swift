import TrackFormats

/// libFuzzer entry point: the GPX fast path against libxml2 on the same bytes (see `fuzzGPXFastPath`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzGPXFastPath(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
