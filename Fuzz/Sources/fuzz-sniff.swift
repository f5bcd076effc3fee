
/// libFuzzer entry point: format detection from the first bytes (no `--input-format`), then the summary.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzTrack(UnsafeRawBufferPointer(start: data, count: size), format: nil)
    return 0
}
