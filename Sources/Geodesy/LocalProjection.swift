import CPROJ

/// A local metric frame for one route: an azimuthal equidistant projection (`+proj=aeqd`) on the
/// WGS84 ellipsoid, centred on the route, built with PROJ's `proj_create`.
///
/// `x` is metres east and `y` metres north of the centre. Why azimuthal equidistant rather than a
/// transverse Mercator (`+proj=tmerc`) or UTM zone:
/// - distances and azimuths *from the centre* are exact geodesic values (PROJ's ellipsoidal aeqd
///   solves `geod_inverse`/`geod_direct`), and the scale error elsewhere grows only as about
///   ρ²/(6R²) — 4·10⁻⁷ at 10 km, 1·10⁻⁵ at 50 km — in every direction;
/// - it has no zone boundaries and works unchanged across the antimeridian and at the poles, where a
///   UTM zone or a tmerc centred on a meridian needs special cases.
/// Route geometry (simplification, buffers) only needs a frame that is nearly isometric over a
/// workout's extent; geodesic distance itself belongs to ``Ellipsoid``.
///
/// The transformation is the pipeline
/// `+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=aeqd +lat_0=… +lon_0=… +ellps=WGS84`,
/// which takes (longitude, latitude) in degrees in that order: no CRS and no EPSG axis-order
/// question is involved, so `proj_normalize_for_visualization` is not needed.
///
/// Owns a `PJ_CONTEXT` and a `PJ`, both freed in `deinit` (`proj_destroy`, `proj_context_destroy`).
/// Not thread-safe, hence not `Sendable`: create one per task (creation costs about 50 µs).
public final class LocalProjection {
    /// The map projection behind the frame.
    public enum Method: String, Sendable, Hashable, CaseIterable {
        /// `+proj=aeqd`: distances and azimuths from the centre are exact (the default). PROJ solves a
        /// geodesic per point: about 560 ns per point here.
        case azimuthalEquidistant = "aeqd"
        /// `+proj=tmerc` (PROJ's exact Poder/Engsager series) with its central meridian through the centre:
        /// conformal, scale error about x²/(2R²) east–west of the centre (1·10⁻⁶ at 10 km), about 140 ns
        /// per point. For geometry over long routes, where the projection's cost shows.
        case transverseMercator = "tmerc"
        /// `+proj=tmerc +approx` (PROJ's Evenden/Snyder series): the frame of ``transverseMercator`` to within
        /// 3·10⁻⁶ m up to 100 km from the centre (1·10⁻⁵ m at 300 km at mid-latitudes; compared with the
        /// exact series through PROJ 9.1 here), at about half the cost (120 against 230 ns per point in
        /// `proj_trans_generic`). Far from the centre it breaks down (centimetres at 1 000 km, metres
        /// near the poles): for frames that hold small pieces of a route.
        case approximateTransverseMercator = "tmerc +approx"
    }

    /// The centre of the projection (maps to x = 0, y = 0).
    public let center: GeoCoordinate
    /// The PROJ definition string used to create the transformation.
    public let definition: String

    private let context: OpaquePointer
    private let transformation: OpaquePointer

    /// Creates the projection centred on `center` (`proj_context_create`, `proj_create`).
    ///
    /// - Throws: ``GeodesyError/invalidCoordinate(latitude:longitude:)`` when the centre is not
    ///   finite or its latitude is outside -90...90; ``GeodesyError/proj(code:message:definition:)``
    ///   with PROJ's message when PROJ refuses the definition;
    ///   ``GeodesyError/contextCreationFailed`` when no context could be made;
    ///   ``GeodesyError/libraryUnavailable(reason:)`` when libproj could not be opened (``PROJLibrary``).
    /// - Complexity: O(1), tens of microseconds.
    public convenience init(center: GeoCoordinate, method: Method = .azimuthalEquidistant) throws(GeodesyError) {
        guard center.latitude.isFinite, center.longitude.isFinite, abs(center.latitude) <= 90 else {
            throw .invalidCoordinate(latitude: center.latitude, longitude: center.longitude)
        }
        // Reduce the central longitude to -180...180 so PROJ never sees an out-of-range lon_0.
        var longitude = center.longitude.truncatingRemainder(dividingBy: 360)
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        let definition = "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad "
            + "+step +proj=\(method.rawValue) +lat_0=\(center.latitude) +lon_0=\(longitude) +x_0=0 +y_0=0 +ellps=WGS84"
        try self.init(center: GeoCoordinate(latitude: center.latitude, longitude: longitude), definition: definition)
    }

    /// Creates the transformation from a PROJ definition that maps (longitude, latitude) in degrees to
    /// metres. Internal: tests use it to prove PROJ's error text reaches ``GeodesyError``.
    internal init(center: GeoCoordinate, definition: String) throws(GeodesyError) {
        guard let context = lazy_proj_context_create() else {
            if let reason = PROJLibrary.failure { throw .libraryUnavailable(reason: reason) }
            throw .contextCreationFailed
        }
        // PROJ logs errors to stderr by default; the caller gets them through the thrown error.
        lazy_proj_log_level(context, PJ_LOG_NONE)
        lazy_proj_log_func(context, nil) { _, _, _ in }
        Self.withoutDatabase(context)
        guard let transformation = lazy_proj_create(context, definition) else {
            let code = lazy_proj_context_errno(context)
            let message = lazy_proj_context_errno_string(context, code).map { String(cString: $0) } ?? "unknown error"
            lazy_proj_context_destroy(context)
            throw .proj(code: code, message: message, definition: definition)
        }
        self.center = center
        self.definition = definition
        self.context = context
        self.transformation = transformation
    }

    /// Creates the projection centred on the centre of the bounding box of the points
    /// `(latitudes[i], longitudes[i])`.
    ///
    /// Non-finite points and latitudes outside -90...90 are ignored. The longitude span is taken the
    /// short way round, so a route crossing the antimeridian (179.9 → -179.9) is centred near 180,
    /// not near 0.
    /// - Throws: ``GeodesyError/mismatchedCounts(latitudes:longitudes:)``,
    ///   ``GeodesyError/emptyInput`` when no valid point remains, or what ``init(center:method:)`` throws.
    /// - Complexity: O(n).
    public convenience init(fitting latitudes: [Double], longitudes: [Double]) throws(GeodesyError) {
        guard latitudes.count == longitudes.count else {
            throw .mismatchedCounts(latitudes: latitudes.count, longitudes: longitudes.count)
        }
        guard let center = LocalProjection.boundsCenter(latitudes: latitudes, longitudes: longitudes) else {
            throw .emptyInput
        }
        try self.init(center: center)
    }

    /// The centre of the bounding box of the valid points, taking the longitude span the short way
    /// round; `nil` when there is no valid point.
    /// - Complexity: O(n).
    public static func boundsCenter(latitudes: [Double], longitudes: [Double]) -> GeoCoordinate? {
        var minLat = Double.infinity, maxLat = -Double.infinity
        // Longitudes in -180..<180 and the same shifted to 0..<360; whichever span is smaller wins.
        var minLon = Double.infinity, maxLon = -Double.infinity
        var minShifted = Double.infinity, maxShifted = -Double.infinity
        for i in 0..<Swift.min(latitudes.count, longitudes.count) {
            let lat = latitudes[i], rawLon = longitudes[i]
            guard lat.isFinite, rawLon.isFinite, abs(lat) <= 90 else { continue }
            var lon = rawLon.truncatingRemainder(dividingBy: 360)
            if lon >= 180 { lon -= 360 } else if lon < -180 { lon += 360 }
            let shifted = lon < 0 ? lon + 360 : lon
            minLat = Swift.min(minLat, lat); maxLat = Swift.max(maxLat, lat)
            minLon = Swift.min(minLon, lon); maxLon = Swift.max(maxLon, lon)
            minShifted = Swift.min(minShifted, shifted); maxShifted = Swift.max(maxShifted, shifted)
        }
        guard minLat.isFinite else { return nil }
        var centerLon: Double
        if maxShifted - minShifted < maxLon - minLon {
            centerLon = (minShifted + maxShifted) / 2
            if centerLon > 180 { centerLon -= 360 }
        } else {
            centerLon = (minLon + maxLon) / 2
        }
        return GeoCoordinate(latitude: (minLat + maxLat) / 2, longitude: centerLon)
    }

    /// Keeps `context` from opening PROJ's database. A PROJ string with a built-in ellipsoid, like every
    /// definition here, needs nothing from `proj.db`, but PROJ 9's `proj_create` opens it whenever it
    /// finds it (to export the operation as a PROJ string), and the first open parses the database's
    /// schema: 10–25 ms of a process's start-up on this machine, against 0.3–0.5 ms for the whole
    /// `proj_create` without it, measured with a C program against Debian's PROJ 9.1. So the context
    /// looks for its resource files in a path that cannot hold any (a path under `/dev/null`); PROJ's
    /// complaint that it found no database goes to the silenced log, and the transformation is the
    /// same (the tests hold it to GeographicLib's `GeodSolve`, and check that no `proj.db` is open).
    private static func withoutDatabase(_ context: OpaquePointer) {
        "/dev/null/workout-engine-needs-no-proj-db".withCString { path in
            var paths: [UnsafePointer<CChar>?] = [path]
            lazy_proj_context_set_search_paths(context, 1, &paths)
        }
    }

    deinit {
        lazy_proj_destroy(transformation)
        lazy_proj_context_destroy(context)
    }

    /// Projects one coordinate to metres east (`x`) and north (`y`) of the centre (`proj_trans`,
    /// forward).
    ///
    /// A coordinate PROJ cannot project (NaN, latitude outside -90...90) gives `(.infinity,
    /// .infinity)` (PROJ's `HUGE_VAL`) or NaN; check `isFinite`. Never traps.
    /// - Complexity: O(1), about 1 µs.
    public func project(_ coordinate: GeoCoordinate) -> (x: Double, y: Double) {
        var c = PJ_COORD()
        c.lpzt.lam = coordinate.longitude
        c.lpzt.phi = coordinate.latitude
        let out = lazy_proj_trans(transformation, PJ_FWD, c)
        lazy_proj_errno_reset(transformation)
        return (out.xy.x, out.xy.y)
    }

    /// The coordinate at `x` metres east and `y` metres north of the centre (`proj_trans`, inverse).
    ///
    /// Points PROJ cannot invert give infinite or NaN fields; never traps.
    /// - Complexity: O(1), about 1 µs.
    public func unproject(x: Double, y: Double) -> GeoCoordinate {
        var c = PJ_COORD()
        c.xy.x = x
        c.xy.y = y
        let out = lazy_proj_trans(transformation, PJ_INV, c)
        lazy_proj_errno_reset(transformation)
        return GeoCoordinate(latitude: out.lpzt.phi, longitude: out.lpzt.lam)
    }

    /// Projects the points `(latitudes[i], longitudes[i])` in one `proj_trans_generic` call.
    ///
    /// Returns arrays of `min(latitudes.count, longitudes.count)` elements; points PROJ cannot project
    /// come out infinite or NaN, the others are unaffected.
    /// - Complexity: O(n), two array allocations and about 1 µs per point.
    public func project(latitudes: [Double], longitudes: [Double]) -> (x: [Double], y: [Double]) {
        let count = Swift.min(latitudes.count, longitudes.count)
        // proj_trans_generic works in place: x starts as longitudes, y as latitudes.
        var x = Array(longitudes.prefix(count))
        var y = Array(latitudes.prefix(count))
        transformInPlace(direction: PJ_FWD, x: &x, y: &y)
        return (x, y)
    }

    /// Unprojects the points `(x[i], y[i])` in one `proj_trans_generic` call; returns
    /// `(latitudes, longitudes)` of `min(x.count, y.count)` elements.
    /// - Complexity: O(n), two array allocations and about 1 µs per point.
    public func unproject(x: [Double], y: [Double]) -> (latitudes: [Double], longitudes: [Double]) {
        let count = Swift.min(x.count, y.count)
        var lon = Array(x.prefix(count))
        var lat = Array(y.prefix(count))
        transformInPlace(direction: PJ_INV, x: &lon, y: &lat)
        return (lat, lon)
    }

    private func transformInPlace(direction: PJ_DIRECTION, x: inout [Double], y: inout [Double]) {
        let count = x.count
        guard count > 0 else { return }
        let stride = MemoryLayout<Double>.stride
        x.withUnsafeMutableBufferPointer { xs in
            y.withUnsafeMutableBufferPointer { ys in
                _ = lazy_proj_trans_generic(transformation, direction,
                                       xs.baseAddress, stride, count,
                                       ys.baseAddress, stride, count,
                                       nil, 0, 0, nil, 0, 0)
            }
        }
        lazy_proj_errno_reset(transformation)
    }
}

@available(*, unavailable)
extension LocalProjection: Sendable {}
