import CGEOS

/// One GEOS reentrant-API context (`GEOS_init_r` … `GEOS_finish_r`) and the error messages GEOS
/// reported through it.
///
/// Every public operation of this module creates a fresh context, so no context is ever shared
/// between threads; the type is therefore not `Sendable`. The error handler
/// (`GEOSContext_setErrorMessageHandler_r`) receives this object as unretained user data: the
/// context handle never outlives the object, because `deinit` finishes it.
final class GEOSContext {
    let handle: GEOSContextHandle_t
    /// Messages GEOS passed to the error handler, oldest first.
    private(set) var errors: [String] = []

    /// - Throws: ``RouteGeometryError/libraryUnavailable(reason:)`` when libgeos_c could not be opened,
    ///   ``RouteGeometryError/contextCreationFailed`` when `GEOS_init_r` returns NULL.
    init() throws(RouteGeometryError) {
        guard let handle = lazy_GEOS_init_r() else {
            if let reason = GEOSLibrary.failure { throw .libraryUnavailable(reason: reason) }
            throw .contextCreationFailed
        }
        self.handle = handle
        let userData = Unmanaged.passUnretained(self).toOpaque()
        _ = lazy_GEOSContext_setErrorMessageHandler_r(handle, { message, userData in
            guard let message, let userData else { return }
            let context = Unmanaged<GEOSContext>.fromOpaque(userData).takeUnretainedValue()
            context.errors.append(String(cString: message))
        }, userData)
    }

    deinit {
        lazy_GEOS_finish_r(handle)
    }

    /// The error for a failed GEOS call, with every message collected so far.
    func failure(_ operation: String) -> RouteGeometryError {
        .geos(operation: operation, messages: errors)
    }

    /// Takes ownership of a geometry GEOS just returned, or throws the collected messages when it is NULL.
    func own(_ pointer: OpaquePointer?, operation: String) throws(RouteGeometryError) -> GEOSGeometryHandle {
        guard let pointer else { throw failure(operation) }
        return GEOSGeometryHandle(context: self, pointer: pointer)
    }

    /// Builds a line string from planar coordinates (`GEOSCoordSeq_copyFromArrays_r`,
    /// `GEOSGeom_createLineString_r`).
    ///
    /// The caller guarantees at least two finite points, so GEOS cannot reject the sequence for its
    /// content. Ownership of the sequence passes to GEOS as soon as the factory is called (GEOS
    /// stores it in the new geometry's `unique_ptr` before validating), so it is never destroyed
    /// here, even when the factory fails: that could only free it twice.
    func lineString(x: [Double], y: [Double]) throws(RouteGeometryError) -> GEOSGeometryHandle {
        let count = Swift.min(x.count, y.count)
        guard count >= 2, let size = UInt32(exactly: count) else {
            throw .geos(operation: "GEOSGeom_createLineString_r", messages: ["a line string needs at least 2 points, got \(count)"])
        }
        let sequence = x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                lazy_GEOSCoordSeq_copyFromArrays_r(handle, xs.baseAddress, ys.baseAddress, nil, nil, size)
            }
        }
        guard let sequence else { throw failure("GEOSCoordSeq_copyFromArrays_r") }
        return try own(lazy_GEOSGeom_createLineString_r(handle, sequence), operation: "GEOSGeom_createLineString_r")
    }

    /// One line string, or a multi line string owning `lines` (`GEOSGeom_createCollection_r`).
    ///
    /// The children are handed to GEOS whatever the outcome (GEOS wraps them in `unique_ptr`s before
    /// anything can fail), so their handles give up ownership before the call.
    func multiLineString(_ lines: [GEOSGeometryHandle]) throws(RouteGeometryError) -> GEOSGeometryHandle {
        if lines.count == 1 { return lines[0] }
        guard let count = UInt32(exactly: lines.count) else { throw failure("GEOSGeom_createCollection_r") }
        var pointers: [OpaquePointer?] = lines.map { $0.releaseOwnership() }
        let collection = pointers.withUnsafeMutableBufferPointer { buffer in
            lazy_GEOSGeom_createCollection_r(handle, Int32(GEOS_MULTILINESTRING.rawValue), buffer.baseAddress, count)
        }
        return try own(collection, operation: "GEOSGeom_createCollection_r")
    }

    /// Parses WKT (`GEOSWKTReader_read_r`). Internal: tests feed malformed text through it to prove
    /// the error handler is wired.
    func geometry(fromWKT text: String) throws(RouteGeometryError) -> GEOSGeometryHandle {
        guard let reader = lazy_GEOSWKTReader_create_r(handle) else { throw failure("GEOSWKTReader_create_r") }
        defer { lazy_GEOSWKTReader_destroy_r(handle, reader) }
        return try own(lazy_GEOSWKTReader_read_r(handle, reader, text), operation: "GEOSWKTReader_read_r")
    }

    /// The planar coordinates of every line string in `geometry` (a line string, a multi line string
    /// or a collection holding them), in GEOS's order. Points and polygons are skipped.
    func lineCoordinates(of geometry: OpaquePointer) throws(RouteGeometryError) -> [(x: [Double], y: [Double])] {
        var result: [(x: [Double], y: [Double])] = []
        try appendLines(of: geometry, to: &result)
        return result
    }

    private func appendLines(of geometry: OpaquePointer, to result: inout [(x: [Double], y: [Double])]) throws(RouteGeometryError) {
        let type = lazy_GEOSGeomTypeId_r(handle, geometry)
        switch type {
        case Int32(GEOS_LINESTRING.rawValue), Int32(GEOS_LINEARRING.rawValue):
            if lazy_GEOSisEmpty_r(handle, geometry) == 1 { return }
            guard let sequence = lazy_GEOSGeom_getCoordSeq_r(handle, geometry) else { throw failure("GEOSGeom_getCoordSeq_r") }
            var size: UInt32 = 0
            guard lazy_GEOSCoordSeq_getSize_r(handle, sequence, &size) != 0 else { throw failure("GEOSCoordSeq_getSize_r") }
            var x = [Double](repeating: 0, count: Int(size)), y = [Double](repeating: 0, count: Int(size))
            let ok = x.withUnsafeMutableBufferPointer { xs in
                y.withUnsafeMutableBufferPointer { ys in
                    lazy_GEOSCoordSeq_copyToArrays_r(handle, sequence, xs.baseAddress, ys.baseAddress, nil, nil)
                }
            }
            guard ok != 0 else { throw failure("GEOSCoordSeq_copyToArrays_r") }
            result.append((x, y))
        case Int32(GEOS_MULTILINESTRING.rawValue), Int32(GEOS_GEOMETRYCOLLECTION.rawValue):
            let count = lazy_GEOSGetNumGeometries_r(handle, geometry)
            guard count >= 0 else { throw failure("GEOSGetNumGeometries_r") }
            for i in 0..<count {
                guard let child = lazy_GEOSGetGeometryN_r(handle, geometry, i) else { throw failure("GEOSGetGeometryN_r") }
                try appendLines(of: child, to: &result)
            }
        case -1:
            throw failure("GEOSGeomTypeId_r")
        default:
            return
        }
    }
}

@available(*, unavailable)
extension GEOSContext: Sendable {}
