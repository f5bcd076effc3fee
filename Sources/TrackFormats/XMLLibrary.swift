import CLibraryLoader
import CLibXML2Runtime

/// libxml2 itself, which this module opens at run time (the first time a GPX file needs it, or a TCX file is
/// read) rather than linking it.
///
/// A linked libxml2 loads ICU, zlib and liblzma with every process (1.5 ms of an empty program's start on the
/// development machine); a FIT, JSON or NDJSON file, or a GPX file the readers' own scanner takes, needs
/// none of it. The library opened is the file the environment variable `WORKOUTENGINE_LIBXML2_LIBRARY` names
/// when it is set (then only it is tried), else the system's `libxml2.so.2`.
///
/// Where libxml2 cannot be opened, a reader that needs it throws a `TrackFormatError` ("cannot create an XML
/// parser: ..." with the dynamic loader's message), and ``failureAfterUse`` says so at a program's end.
public enum XMLLibrary {
    /// Why libxml2 could not be opened (the dynamic loader's message), or `nil` when it is open. Opens it
    /// first if nothing has yet.
    public static var failure: String? {
        workoutengine_library_failure(workoutengine_libxml2_library()).map { String(cString: $0) }
    }

    /// Why libxml2 could not be opened, when a reader has needed it since the process started; `nil`
    /// otherwise. Never opens it.
    public static var failureAfterUse: String? {
        workoutengine_library_failure_after_use(workoutengine_libxml2_library()).map { String(cString: $0) }
    }

    /// What to tell a user when libxml2 could not be opened for `reason`.
    public static func unavailableMessage(reason: String) -> String {
        "libxml2 could not be opened (on Debian, install libxml2; or name the library in WORKOUTENGINE_LIBXML2_LIBRARY): \(reason)"
    }

    /// Opens libxml2 if nothing has yet, and throws when it could not be opened: for a program that finds out
    /// at its start rather than at its first GPX or TCX file (a server).
    /// - Throws: ``Unavailable`` with the dynamic loader's message.
    public static func check() throws(Unavailable) {
        if let reason = failure { throw Unavailable(reason: reason) }
    }

    /// libxml2 could not be opened; `description` is ``unavailableMessage(reason:)``.
    public struct Unavailable: Error, Sendable, CustomStringConvertible {
        /// The dynamic loader's message.
        public var reason: String
        public var description: String { XMLLibrary.unavailableMessage(reason: reason) }
    }
}
