import Geodesy
import TestSupport
import Testing

/// Reference values for the single-pair problems, produced by GeographicLib's CLI (independent of
/// PROJ's C port) and cross-checked with PROJ's `geod`:
///
///     printf '40.64 -73.78 1.36 103.99\n...' | GeodSolve -i -p 9
///     printf '...' | geod +ellps=WGS84 -I -f %.12f -F %.9f
///
/// `GeodSolve -i` prints `azi1 azi2 s12` (azi2 is the forward azimuth at point 2; `geod` prints the
/// back azimuth instead, hence we take azimuths from GeodSolve).
struct InverseCase: Sendable, CustomTestStringConvertible {
    var name: String
    var start: GeoCoordinate
    var end: GeoCoordinate
    var distanceMeters: Double
    /// `nil` where the azimuth is not unique (antipodes, poles, coincident points).
    var azimuths: (initial: Double, final: Double)?
    var testDescription: String { name }
}

let inverseCases: [InverseCase] = [
    InverseCase(name: "JFK to SIN", start: .init(latitude: 40.64, longitude: -73.78), end: .init(latitude: 1.36, longitude: 103.99),
                distanceMeters: 15_347_512.940512940, azimuths: (3.30577347801761, 177.48784020815515)),
    InverseCase(name: "antipodal on the equator", start: .init(latitude: 0, longitude: 0), end: .init(latitude: 0, longitude: 180),
                distanceMeters: 20_003_931.458625447, azimuths: nil),
    InverseCase(name: "near-antipodal", start: .init(latitude: 30, longitude: 0), end: .init(latitude: -30, longitude: 179.9),
                distanceMeters: 20_003_008.421509411, azimuths: (11.03029653263397, 168.96970346736603)),
    InverseCase(name: "across the antimeridian", start: .init(latitude: 10, longitude: 179.5), end: .init(latitude: 10.5, longitude: -179.5),
                distanceMeters: 122_722.095960054, azimuths: (63.12637437774482, 63.30432402719492)),
    InverseCase(name: "pole to pole", start: .init(latitude: 90, longitude: 0), end: .init(latitude: -90, longitude: 0),
                distanceMeters: 20_003_931.458625447, azimuths: nil),
    InverseCase(name: "over the north pole", start: .init(latitude: 89.5, longitude: 45), end: .init(latitude: 89.5, longitude: -135),
                distanceMeters: 111_693.950896553, azimuths: nil),
    InverseCase(name: "same point", start: .init(latitude: -33.9, longitude: 151.2), end: .init(latitude: -33.9, longitude: 151.2),
                distanceMeters: 0, azimuths: nil),
]

@Test(arguments: inverseCases)
func inverseMatchesGeodSolve(_ c: InverseCase) {
    let result = Ellipsoid.wgs84.inverse(from: c.start, to: c.end)
    #expect(result.distanceMeters.isApproximatelyEqual(to: c.distanceMeters, relativeTolerance: 1e-12, absoluteTolerance: 1e-8))
    if let azimuths = c.azimuths {
        #expect(result.initialAzimuthDegrees.isApproximatelyEqual(to: azimuths.initial, relativeTolerance: 0, absoluteTolerance: 1e-10))
        #expect(result.finalAzimuthDegrees.isApproximatelyEqual(to: azimuths.final, relativeTolerance: 0, absoluteTolerance: 1e-10))
    }
    let fast = Ellipsoid.wgs84.distanceMeters(latitude1: c.start.latitude, longitude1: c.start.longitude,
                                              latitude2: c.end.latitude, longitude2: c.end.longitude)
    #expect(fast == result.distanceMeters)
}

@Test func jfkToSingaporeIsTheStyleGuideValue() {
    let d = Ellipsoid.wgs84.distanceMeters(from: .init(latitude: 40.64, longitude: -73.78), to: .init(latitude: 1.36, longitude: 103.99))
    #expect((d * 1000).rounded() / 1000 == 15_347_512.941)
}

/// `printf '40.64 -73.78 45 10000000\n...' | GeodSolve -p 9` prints `lat2 lon2 azi2`.
@Test(arguments: [
    (GeoCoordinate(latitude: 40.64, longitude: -73.78), 45.0, 10_000_000.0, GeoCoordinate(latitude: 32.62110046372580, longitude: 49.05248709295982), 140.40598587680074),
    (GeoCoordinate(latitude: 0, longitude: 179.9), 90.0, 50_000.0, GeoCoordinate(latitude: 0, longitude: -179.65084235794023), 90.0),
    (GeoCoordinate(latitude: -10, longitude: 20), -120.0, -5_000.0, GeoCoordinate(latitude: -9.97739525222030, longitude: 20.03949154610171), -120.00684996338434),
])
func directMatchesGeodSolve(start: GeoCoordinate, azimuth: Double, distance: Double, expected: GeoCoordinate, finalAzimuth: Double) {
    let result = Ellipsoid.wgs84.direct(from: start, azimuthDegrees: azimuth, distanceMeters: distance)
    #expect(abs(result.coordinate.latitude - expected.latitude) < 1e-11)
    #expect(abs(result.coordinate.longitude - expected.longitude) < 1e-11)
    #expect(abs(result.finalAzimuthDegrees - finalAzimuth) < 1e-10)
}

@Test func directNearThePoleReachesTheOtherSide() {
    // GeodSolve -p 9 <<< '89.9 0 0 30000' → 89.83140897313838 180.00000000000000 180.00000000000000
    let result = Ellipsoid.wgs84.direct(from: .init(latitude: 89.9, longitude: 0), azimuthDegrees: 0, distanceMeters: 30_000)
    #expect(abs(result.coordinate.latitude - 89.83140897313838) < 1e-11)
    #expect(abs(abs(result.coordinate.longitude) - 180) < 1e-11)
}

@Test func invalidInputGivesNaNWithoutTrapping() {
    let e = Ellipsoid.wgs84
    #expect(e.distanceMeters(latitude1: 91, longitude1: 0, latitude2: 0, longitude2: 0).isNaN)
    #expect(e.distanceMeters(latitude1: .nan, longitude1: 0, latitude2: 0, longitude2: 0).isNaN)
    #expect(e.inverse(from: .init(latitude: 0, longitude: 0), to: .init(latitude: -1000, longitude: 0)).distanceMeters.isNaN)
    #expect(e.direct(from: .init(latitude: 95, longitude: 0), azimuthDegrees: 0, distanceMeters: 1).coordinate.latitude.isNaN)
    #expect(e.pathLengthMeters(latitudes: [0, .infinity], longitudes: [0, 0]).isNaN)
    #expect(!GeoCoordinate(latitude: 91, longitude: 0).isValid)
    #expect(GeoCoordinate(latitude: 90, longitude: -180).isValid)
}

@Test func roundTripDirectOfInverse() {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<200 {
        let a = GeoCoordinate(latitude: .random(in: -89...89, using: &rng), longitude: .random(in: -180...180, using: &rng))
        let b = GeoCoordinate(latitude: .random(in: -89...89, using: &rng), longitude: .random(in: -180...180, using: &rng))
        let inv = Ellipsoid.wgs84.inverse(from: a, to: b)
        let dir = Ellipsoid.wgs84.direct(from: a, azimuthDegrees: inv.initialAzimuthDegrees, distanceMeters: inv.distanceMeters)
        #expect(Ellipsoid.wgs84.distanceMeters(from: dir.coordinate, to: b) < 1e-6)
    }
}

// MARK: Properties

@Test func distanceIsNonNegativeAndSymmetric() {
    var rng = SplitMix64(seed: 42)
    for _ in 0..<1000 {
        let lat1 = Double.random(in: -90...90, using: &rng), lon1 = Double.random(in: -180...180, using: &rng)
        // Mix far pairs and near pairs (a few metres apart), as GPS tracks have.
        let near = Bool.random(using: &rng)
        let lat2 = near ? Swift.max(-90, Swift.min(90, lat1 + .random(in: -1e-4...1e-4, using: &rng))) : .random(in: -90...90, using: &rng)
        let lon2 = near ? lon1 + .random(in: -1e-4...1e-4, using: &rng) : .random(in: -180...180, using: &rng)
        let ab = Ellipsoid.wgs84.distanceMeters(latitude1: lat1, longitude1: lon1, latitude2: lat2, longitude2: lon2)
        let ba = Ellipsoid.wgs84.distanceMeters(latitude1: lat2, longitude1: lon2, latitude2: lat1, longitude2: lon1)
        #expect(ab >= 0)
        #expect(ab.isApproximatelyEqual(to: ba, relativeTolerance: 1e-13, absoluteTolerance: 1e-9))
        #expect(ab <= 20_003_931.4587)
    }
}

@Test func reversingAPathGivesTheSameLength() throws {
    let track = try trackPoints("run-garmin-connect-hr-cadence.gpx")
    let forward = Ellipsoid.wgs84.pathLengthMeters(latitudes: track.latitudes, longitudes: track.longitudes)
    let backward = Ellipsoid.wgs84.pathLengthMeters(latitudes: track.latitudes.reversed(), longitudes: track.longitudes.reversed())
    #expect(forward.isApproximatelyEqual(to: backward, relativeTolerance: 1e-12))
}

// MARK: Batch

@Test func batchEqualsSumOfSingleCallsAndGeodCLI() throws {
    let track = try trackPoints("run-garmin-connect-hr-cadence.gpx")
    #expect(track.latitudes.count == 988)
    let e = Ellipsoid.wgs84
    var singles = 0.0
    for i in 1..<track.latitudes.count {
        singles += e.distanceMeters(latitude1: track.latitudes[i - 1], longitude1: track.longitudes[i - 1],
                                    latitude2: track.latitudes[i], longitude2: track.longitudes[i])
    }
    let batch = e.pathLengthMeters(latitudes: track.latitudes, longitudes: track.longitudes)
    #expect(batch == singles)
    let contiguous = e.pathLengthMeters(latitudes: ContiguousArray(track.latitudes), longitudes: ContiguousArray(track.longitudes))
    #expect(contiguous == batch)

    // Independent reference: PROJ's `geod +ellps=WGS84 -I -F %.9f`, one line per pair.
    let reference = try GeodReference.inverseDistancesMeters(latitudes: track.latitudes, longitudes: track.longitudes)
    #expect(reference.count == track.latitudes.count - 1)
    let segments = e.segmentDistancesMeters(latitudes: track.latitudes, longitudes: track.longitudes)
    #expect(segments.count == reference.count)
    // geod reads its input through its DMS parser, which adds a few nanometres of noise on the
    // shortest pairs (pair 745: geod 1.816601308 m, GeodSolve and we 1.8166013054 m), hence 1e-8 m.
    for (ours, theirs) in zip(segments, reference) {
        #expect(ours.isApproximatelyEqual(to: theirs, relativeTolerance: 1e-9, absoluteTolerance: 1e-8))
    }
    // GeographicLib's own CLI (`GeodSolve -i -p 12`, third column s12) agrees to a nanometre.
    var pairs = ""
    for i in 1..<track.latitudes.count {
        pairs += "\(track.latitudes[i - 1]) \(track.longitudes[i - 1]) \(track.latitudes[i]) \(track.longitudes[i])\n"
    }
    let geodSolve = try runProcess("GeodSolve", ["-i", "-p", "12"], input: pairs)
    try #require(geodSolve.status == 0)
    let geodSolveDistances = numberRows(geodSolve.standardOutput).map { $0[2] }
    #expect(geodSolveDistances.count == segments.count)
    for (ours, theirs) in zip(segments, geodSolveDistances) {
        #expect(ours.isApproximatelyEqual(to: theirs, relativeTolerance: 1e-12, absoluteTolerance: 1e-9))
    }
    let referenceTotal = reference.reduce(0, +)
    #expect(batch.isApproximatelyEqual(to: referenceTotal, relativeTolerance: 1e-9))
    #expect(batch > 1000)  // a real run, not an empty parse
}

@Test func segmentDistancesRespectTheOutputBuffer() {
    let lat: [Double] = [0, 0, 0, 0], lon: [Double] = [0, 0.001, 0.002, 0.003]
    var out = [Double](repeating: -1, count: 2)
    let written = lat.withUnsafeBufferPointer { la in
        lon.withUnsafeBufferPointer { lo in
            out.withUnsafeMutableBufferPointer { Ellipsoid.wgs84.segmentDistancesMeters(latitudes: la, longitudes: lo, into: $0) }
        }
    }
    #expect(written == 2)
    #expect(out.allSatisfy { $0 > 111 && $0 < 112 })
    #expect(Ellipsoid.wgs84.segmentDistancesMeters(latitudes: [1], longitudes: [2]).isEmpty)
    #expect(Ellipsoid.wgs84.pathLengthMeters(latitudes: [], longitudes: []) == 0)
    // Mismatched lengths: the extra latitude is ignored.
    #expect(Ellipsoid.wgs84.pathLengthMeters(latitudes: [0, 0, 5], longitudes: [0, 0.001]) == out[0])
}
