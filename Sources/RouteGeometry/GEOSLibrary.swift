import CGEOS
import CLibraryLoader
import CPROJ
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// GEOS itself: libgeos_c, which this module opens at run time rather than linking it (as
/// ``PROJLibrary`` does PROJ).
///
/// Loading GEOS (libgeos_c, libgeos and their share of libstdc++) is about 2 ms of a process's start-up on
/// the development machine, and most commands draw no route geometry until their end, if at all. Opened at
/// run time, GEOS loads once, at the first geometry, or on a thread of its own from ``startLoadingWithPROJ()``.
///
/// The library opened is the file the environment variable `WORKOUTENGINE_GEOS_LIBRARY` names when it is
/// set (then only it is tried), else the system's `libgeos_c.so.1`.
///
/// Where libgeos_c cannot be opened, ``failure`` says why and every geometry operation throws
/// ``RouteGeometryError/libraryUnavailable(reason:)``.
public enum GEOSLibrary {
    /// Starts opening libproj, then libgeos_c, on one new thread and returns at once; where no thread can
    /// be started, the first geodesic and the first geometry open them instead.
    ///
    /// Start it once a program has made the threads it needs first: while the dynamic loader opens a
    /// library, no thread can start (`pthread_create` waits for the loader's lock), so a thread the
    /// program makes meanwhile would wait for PROJ's forty libraries.
    ///
    /// A process that exits while a library is opening can crash in its clean-up (the loading library's
    /// initialisers run under it): before it exits, it waits for both (``failure`` of each, or ``check()``).
    /// An `atexit` handler registered here waits too, for an `exit` that comes first; clean-up handlers
    /// registered after it (by the loading libraries themselves, for one) run before it.
    public static func startLoadingWithPROJ() {
        _ = waitsAtExit
        _ = workoutengine_run_detached {
            _ = workoutengine_library_failure(workoutengine_proj_library())
            _ = workoutengine_library_failure(workoutengine_geos_library())
        }
    }

    /// Why libgeos_c could not be opened (the dynamic loader's message), or `nil` when it is open.
    ///
    /// Waits for GEOS to open (opening it here if nothing has yet).
    public static var failure: String? {
        workoutengine_library_failure(workoutengine_geos_library()).map { String(cString: $0) }
    }

    /// Why libgeos_c could not be opened, when a call has needed it since the process started (and got the
    /// failure result: NaN, NULL, an error); `nil` otherwise. Never waits and never opens it: a program
    /// asks at its end whether any of its figures was computed without it.
    public static var failureAfterUse: String? {
        workoutengine_library_failure_after_use(workoutengine_geos_library()).map { String(cString: $0) }
    }

    /// Registers, once, an `atexit` handler that waits for PROJ and GEOS to be open.
    private static let waitsAtExit: Void = {
        _ = atexit {
            _ = workoutengine_library_failure(workoutengine_proj_library())
            _ = workoutengine_library_failure(workoutengine_geos_library())
        }
    }()

    /// Opens GEOS if nothing has yet, and throws when it could not be opened.
    /// - Throws: ``RouteGeometryError/libraryUnavailable(reason:)`` with the dynamic loader's message.
    public static func check() throws(RouteGeometryError) {
        if let reason = failure { throw .libraryUnavailable(reason: reason) }
    }
}
