// Geodesy: being written.
