import WorkoutEngine

/// libFuzzer entry point: the FIT reader, then the summary, as `route-replay summary --input-format fit`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzTrack(UnsafeRawBufferPointer(start: data, count: size), format: .fit)
    return 0
}
