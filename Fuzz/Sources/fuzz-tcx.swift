import TrackFormats

/// libFuzzer entry point: the tcx reader, then the summary, as `route-replay summary --input-format tcx`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzTrack(UnsafeRawBufferPointer(start: data, count: size), format: .tcx)
    return 0
}
