import WorkoutSamples
import RouteGeometry
import Foundation

/// The state of the streaming decimation of one segment: the last kept fix (the anchor) and the range of
/// directions from it along which a line passes within the tolerance of every fix since.
struct ConeDecimator: Sendable, Hashable {
    enum Step { case replaceProvisional, appendProvisional }

    private var anchorLatitude = 0.0, anchorLongitude = 0.0
    private var scale = LocalScale(latitude: 0)
    /// Near a pole a flat east/north frame (degrees scaled at the anchor's latitude) no longer measures
    /// the offset of a fix across the pole: from 80° on, offsets are taken in the plane tangent to the
    /// sphere at the anchor (the fix's unit vector projected on the anchor's east and north directions),
    /// valid in every direction for the short steps a decimator compares.
    private var polarFrame: PolarFrame?

    /// The anchor's east and north unit vectors (Earth-centred axes) and the sphere's radius there.
    private struct PolarFrame: Sendable, Hashable {
        var eastX, eastY, eastZ: Double
        var northX, northY, northZ: Double
        var radius: Double
    }
    /// The allowed directions, radians relative to `reference`; empty when `low > high`.
    private var reference = 0.0, low = -Double.pi, high = Double.pi
    private var hasCone = false
    /// Distance of the provisional (newest stored) fix from the anchor.
    private var provisionalDistance = 0.0
    private var provisionalLatitude = 0.0, provisionalLongitude = 0.0

    mutating func begin(at fix: LocationSample) {
        setAnchor(latitude: fix.latitude, longitude: fix.longitude)
    }

    private mutating func setAnchor(latitude: Double, longitude: Double) {
        anchorLatitude = latitude
        anchorLongitude = longitude
        scale = LocalScale(latitude: latitude)
        if abs(latitude) >= 80 {
            let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
            polarFrame = PolarFrame(
                eastX: -sin(lambda), eastY: cos(lambda), eastZ: 0,
                northX: -sin(phi) * cos(lambda), northY: -sin(phi) * sin(lambda), northZ: cos(phi),
                radius: scale.metersPerDegreeLatitude * 180 / .pi)
        } else {
            polarFrame = nil
        }
        hasCone = false
        low = -Double.pi
        high = Double.pi
        provisionalDistance = 0
    }

    /// Decides whether `fix` replaces the provisional fix (the segment from the anchor to `fix` still
    /// passes within the tolerance of every fix since the anchor) or is appended (the provisional fix
    /// becomes the new anchor).
    mutating func take(_ fix: LocationSample, toleranceMeters tolerance: Double, hasProvisional: Bool) -> Step {
        if hasProvisional {
            // The fix's offset from the anchor, measured once: it decides whether the fix fits and, when it
            // does, narrows the cone from the same anchor.
            let offset = offset(fix)
            if fits(offset, tolerance: tolerance) {
                narrow(with: fix, offset: offset, tolerance: tolerance)
                return .replaceProvisional
            }
            setAnchor(latitude: provisionalLatitude, longitude: provisionalLongitude)
        }
        narrow(with: fix, offset: offset(fix), tolerance: tolerance)
        return .appendProvisional
    }

    private func offset(_ fix: LocationSample) -> (distance: Double, direction: Double) {
        if let frame = polarFrame {
            let phi = fix.latitude * .pi / 180, lambda = fix.longitude * .pi / 180
            let x = cos(phi) * cos(lambda), y = cos(phi) * sin(lambda), z = sin(phi)
            let east = frame.radius * (x * frame.eastX + y * frame.eastY + z * frame.eastZ)
            let north = frame.radius * (x * frame.northX + y * frame.northY + z * frame.northZ)
            return ((east * east + north * north).squareRoot(), atan2(north, east))
        }
        var dLon = fix.longitude - anchorLongitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        let east = dLon * scale.metersPerDegreeLongitude
        let north = (fix.latitude - anchorLatitude) * scale.metersPerDegreeLatitude
        return ((east * east + north * north).squareRoot(), atan2(north, east))
    }

    private func relative(_ angle: Double) -> Double {
        var a = angle - reference
        if a > .pi { a -= 2 * .pi } else if a < -.pi { a += 2 * .pi }
        return a
    }

    private func fits(_ offset: (distance: Double, direction: Double), tolerance: Double) -> Bool {
        let (distance, direction) = offset
        // Never retreat along the line past the tolerance: that would cut off the farthest fix.
        guard distance >= provisionalDistance - tolerance else { return false }
        guard hasCone, distance > tolerance else { return distance <= tolerance || !hasCone }
        let a = relative(direction)
        return a >= low && a <= high
    }

    /// Narrows the cone by `fix`, whose `offset` from the current anchor is given.
    private mutating func narrow(with fix: LocationSample, offset: (distance: Double, direction: Double), tolerance: Double) {
        let (distance, direction) = offset
        provisionalLatitude = fix.latitude
        provisionalLongitude = fix.longitude
        provisionalDistance = max(provisionalDistance, distance)
        guard distance > tolerance else { return }
        let halfWidth = asin(tolerance / distance)
        if !hasCone {
            hasCone = true
            reference = direction
            low = -halfWidth
            high = halfWidth
        } else {
            let a = relative(direction)
            low = max(low, a - halfWidth)
            high = min(high, a + halfWidth)
        }
    }
}
