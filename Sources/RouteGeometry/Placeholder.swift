// RouteGeometry: being written.
