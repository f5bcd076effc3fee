import TrackFormats

/// libFuzzer entry point: the gpx reader, then the summary, as `route-replay summary --input-format gpx`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzTrack(UnsafeRawBufferPointer(start: data, count: size), format: .gpx)
    return 0
}
