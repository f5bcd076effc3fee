import CGEOS

/// A GEOS geometry owned by Swift. It keeps its context alive (a strong reference), and destroys
/// the geometry in `deinit` unless ownership was handed to a collection.
final class GEOSGeometryHandle {
    let context: GEOSContext
    let pointer: OpaquePointer
    private var isOwned = true

    init(context: GEOSContext, pointer: OpaquePointer) {
        self.context = context
        self.pointer = pointer
    }

    /// Gives up ownership (the geometry now belongs to a collection) and returns the pointer.
    func releaseOwnership() -> OpaquePointer {
        isOwned = false
        return pointer
    }

    deinit {
        if isOwned { lazy_GEOSGeom_destroy_r(context.handle, pointer) }
    }
}

@available(*, unavailable)
extension GEOSGeometryHandle: Sendable {}
