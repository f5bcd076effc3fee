import TrackFormats

/// libFuzzer entry point: the json reader, then the summary, as `route-replay summary --input-format json`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzTrack(UnsafeRawBufferPointer(start: data, count: size), format: .json)
    return 0
}
