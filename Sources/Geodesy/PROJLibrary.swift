import CLibraryLoader
import CPROJ
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// PROJ itself: libproj, which this module opens at run time rather than linking it.
///
/// libproj brings some forty shared libraries with it (libcurl and its TLS stack, libtiff, SQLite), and
/// loading them was most of a short command's start-up: an empty C program linked with `-lproj` takes
/// 9–10 ms on the development machine, 1 ms without it. Opened at run time, PROJ loads once, at the first
/// geodesic or projection, or on a thread of its own from ``startLoading()``, so that a program can start
/// it early and parse its arguments and read its input meanwhile; the first call then waits for it.
///
/// The library opened is the file the environment variable `WORKOUTENGINE_PROJ_LIBRARY` names when it is
/// set (a PROJ of one's own build; then only it is tried), else the system's `libproj.so.25` (PROJ 9) or
/// `libproj.so`.
///
/// Where libproj cannot be opened (a machine without Debian's `libproj25`), ``failure`` says why,
/// ``LocalProjection`` throws ``GeodesyError/libraryUnavailable(reason:)`` and ``Ellipsoid``'s geodesics
/// give NaN, as PROJ does for input it rejects. A program calls ``check()`` before it relies on PROJ, or asks
/// ``failureAfterUse`` at its end whether any figure was computed without it.
public enum PROJLibrary {
    /// Starts opening libproj on a new thread and returns at once. Once PROJ is open or
    /// opening, the new thread only waits for it; where no thread can be started, the first geodesic opens it.
    ///
    /// Start it once the program has made the threads it needs first: while the dynamic loader opens a
    /// library, no thread can start (`pthread_create` waits for the loader's lock).
    ///
    /// A process that exits while PROJ is opening can crash in its clean-up (the loading library's
    /// initialisers run under it): before it exits, it waits for it (``failure`` or ``check()``). An
    /// `atexit` handler registered here waits too, for an `exit` that comes first; clean-up handlers
    /// registered after it (by the loading libraries themselves, for one) run before it.
    public static func startLoading() {
        _ = waitsAtExit
        _ = workoutengine_library_start_opening(workoutengine_proj_library())
    }

    /// Registers, once, an `atexit` handler that waits for PROJ to be open.
    private static let waitsAtExit: Void = {
        _ = atexit { _ = workoutengine_library_failure(workoutengine_proj_library()) }
    }()

    /// Why libproj could not be opened (the dynamic loader's message), or `nil` when it is open.
    ///
    /// Waits for PROJ to open (opening it here if nothing has yet).
    public static var failure: String? {
        workoutengine_library_failure(workoutengine_proj_library()).map { String(cString: $0) }
    }

    /// Why libproj could not be opened, when a call has needed it since the process started (and got the
    /// failure result: NaN, NULL, an error); `nil` otherwise. Never waits and never opens it: a program
    /// asks at its end whether any of its figures was computed without it.
    public static var failureAfterUse: String? {
        workoutengine_library_failure_after_use(workoutengine_proj_library()).map { String(cString: $0) }
    }

    /// Opens PROJ if nothing has yet, and throws when it could not be opened.
    /// - Throws: ``GeodesyError/libraryUnavailable(reason:)`` with the dynamic loader's message.
    public static func check() throws(GeodesyError) {
        if let reason = failure { throw .libraryUnavailable(reason: reason) }
    }
}
