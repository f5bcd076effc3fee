import CGEOS
import Testing
@testable import RouteGeometry

/// GEOS is opened at run time (``GEOSLibrary``): here it is the system's, and nothing failed.
@Suite struct GEOSLibraryTests {
    @Test func theSystemsGEOSOpensAndAnswers() throws {
        GEOSLibrary.startLoadingWithPROJ()
        try GEOSLibrary.check()
        #expect(GEOSLibrary.failure == nil)
        // A figure through it: the 3-4-5 triangle's hypotenuse.
        let context = try GEOSContext()
        let line = try context.lineString(x: [0, 3], y: [0, 4])
        var length = 0.0
        #expect(lazy_GEOSLength_r(context.handle, line.pointer, &length) == 1)
        #expect(length == 5)
        #expect(GEOSLibrary.failureAfterUse == nil)
    }
}
