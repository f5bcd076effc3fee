import TrackFormats

/// libFuzzer entry point: the ndjson reader, then the summary, as `route-replay summary --input-format ndjson`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzTrack(UnsafeRawBufferPointer(start: data, count: size), format: .ndjson)
    return 0
}
