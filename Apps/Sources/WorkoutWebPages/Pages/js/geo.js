// Routes drawn in the page: the encoded polyline the API gives, a local projection with true metres, a
// scale bar, and the activity's colour and symbol (the same as the engine's maps, RouteMapRenderer).

import { metersPerFoot, metersPerMile } from "./format.js";

/** Decodes a Google encoded polyline (precision 5) into [[latitude, longitude], …]. */
export function decodePolyline(text, precision = 5) {
  const points = [];
  const factor = 10 ** precision;
  let index = 0, latitude = 0, longitude = 0;
  const next = () => {
    let result = 0, shift = 0, byte;
    do {
      if (index >= text.length) return null;
      byte = text.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    return (result & 1) ? ~(result >> 1) : (result >> 1);
  };
  while (index < text.length) {
    const dLat = next(), dLon = next();
    if (dLat === null || dLon === null) break;
    latitude += dLat;
    longitude += dLon;
    points.push([latitude / factor, longitude / factor]);
  }
  return points;
}

// WGS84 (NIMA TR8350.2): semi-major axis and first eccentricity squared.
const semiMajorAxis = 6378137;
const eccentricitySquared = 0.00669437999014;

/**
 * A projection of `segments` (arrays of [latitude, longitude]) into a `width` × `height` box with
 * `padding` pixels of air, north up. Equirectangular about the centre latitude φ₀, with x scaled by the
 * prime-vertical radius N·cos φ₀ and y by the meridional radius M (Snyder, "Map Projections: A Working
 * Manual", USGS PP 1395, 1987, eq. 4-18 and 4-20), so a metre is the same length both ways at φ₀; over
 * a workout's few kilometres the scale error is far below a pixel.
 * Returns {project([lat, lon]) → [x, y], metersPerPixel}, or null without points.
 */
export function fitProjection(segments, width, height, padding) {
  let minLat = Infinity, maxLat = -Infinity, minLon = Infinity, maxLon = -Infinity;
  for (const segment of segments) {
    for (const [lat, lon] of segment) {
      if (lat < minLat) minLat = lat;
      if (lat > maxLat) maxLat = lat;
      if (lon < minLon) minLon = lon;
      if (lon > maxLon) maxLon = lon;
    }
  }
  if (!Number.isFinite(minLat)) return null;
  const phi0 = ((minLat + maxLat) / 2) * Math.PI / 180;
  const lambda0 = (minLon + maxLon) / 2;
  const sin2 = Math.sin(phi0) ** 2;
  const primeVertical = semiMajorAxis / Math.sqrt(1 - eccentricitySquared * sin2);
  const meridional = semiMajorAxis * (1 - eccentricitySquared) / (1 - eccentricitySquared * sin2) ** 1.5;
  const metersPerDegreeX = primeVertical * Math.cos(phi0) * Math.PI / 180;
  const metersPerDegreeY = meridional * Math.PI / 180;
  // A stationary track still gets a 100 m frame.
  const spanX = Math.max((maxLon - minLon) * metersPerDegreeX, 100);
  const spanY = Math.max((maxLat - minLat) * metersPerDegreeY, 100);
  const scale = Math.min((width - 2 * padding) / spanX, (height - 2 * padding) / spanY);
  const centerLat = (minLat + maxLat) / 2;
  return {
    metersPerPixel: 1 / scale,
    project([lat, lon]) {
      return [
        width / 2 + (lon - lambda0) * metersPerDegreeX * scale,
        height / 2 - (lat - centerLat) * metersPerDegreeY * scale,
      ];
    },
  };
}

/** The largest {1, 2, 5} × 10ⁿ not above `limit` (limit > 0). */
export function roundLength(limit) {
  if (!(limit > 0) || !Number.isFinite(limit)) return 1;
  let magnitude = 1;
  while (magnitude > limit) magnitude /= 10;
  while (magnitude * 10 <= limit) magnitude *= 10;
  for (const factor of [5, 2, 1]) if (factor * magnitude <= limit) return factor * magnitude;
  return magnitude;
}

function shortest(value) {
  return String(Number(value.toPrecision(6)));
}

/**
 * A scale bar: the longest round length (m or km; ft below 0.1 mi, else mi) that fits in `maximumPixels`.
 * Returns {pixels, label}.
 */
export function scaleBar(metersPerPixel, maximumPixels, units) {
  const limitMeters = maximumPixels * metersPerPixel;
  let meters, label;
  if (units === "imperial") {
    if (limitMeters >= 0.1 * metersPerMile) {
      const miles = roundLength(limitMeters / metersPerMile);
      meters = miles * metersPerMile;
      label = `${shortest(miles)} mi`;
    } else {
      const feet = roundLength(limitMeters / metersPerFoot);
      meters = feet * metersPerFoot;
      label = `${shortest(feet)} ft`;
    }
  } else {
    meters = roundLength(limitMeters);
    label = meters >= 1000 ? `${shortest(meters / 1000)} km` : `${shortest(meters)} m`;
  }
  return { pixels: meters / metersPerPixel, label };
}

/** The activity's colour (ExportPalette.color(for:)): [r, g, b]. */
export function activityColor(activity) {
  switch (activity) {
    case "walking": return [0x1f, 0x8a, 0x80];
    case "hiking": return [0x3a, 0x7d, 0x44];
    case "cycling": return [0x25, 0x63, 0xeb];
    default: return [0xe4, 0x57, 0x2e];
  }
}

/** `color` at `opacity` over `background` (both [r, g, b]), as CSS: an opaque colour, so joints never darken. */
export function composited(color, opacity, background = [255, 255, 255]) {
  const mix = color.map((c, i) => Math.round(c * opacity + background[i] * (1 - opacity)));
  return `rgb(${mix[0]}, ${mix[1]}, ${mix[2]})`;
}

export function cssColor([r, g, b]) {
  return `rgb(${r}, ${g}, ${b})`;
}

/**
 * The activity's symbol as SVG path data and kind, about 12 units across, centred on (0, 0): chevrons for
 * running, one chevron for walking, a peak for hiking, two wheels for cycling.
 */
export function activitySymbol(activity) {
  switch (activity) {
    case "walking":
      return { strokes: ["M-2 -4.5 L2.5 0 L-2 4.5"], fills: [], circles: [] };
    case "hiking":
      return { strokes: [], fills: ["M-6 4 L-1.5 -3.5 L1 0.5 L2.5 -1.5 L6 4 Z"], circles: [] };
    case "cycling":
      return { strokes: ["M-3.6 1.5 L-0.5 -3 L3.6 1.5"], fills: [], circles: [[-3.6, 1.5, 2.8], [3.6, 1.5, 2.8]] };
    default:
      return { strokes: ["M-5 -4 L-1 0 L-5 4", "M0 -4 L4 0 L0 4"], fills: [], circles: [] };
  }
}

const svgNS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes. */
export function svgElement(name, attributes = {}) {
  const element = document.createElementNS(svgNS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

/** The activity's badge: a circle in its colour with its white symbol, `size` pixels across. */
export function activityBadge(activity, size = 22) {
  const svg = svgElement("svg", { width: size, height: size, viewBox: "-12 -12 24 24", "aria-hidden": "true", focusable: "false" });
  svg.append(svgElement("circle", { r: 11.5, fill: cssColor(activityColor(activity)) }));
  appendSymbol(svg, activity, 1);
  return svg;
}

/** Appends the activity's white symbol, scaled, at the group's origin. */
export function appendSymbol(parent, activity, scale) {
  const symbol = activitySymbol(activity);
  const group = svgElement("g", { transform: `scale(${scale})` });
  for (const d of symbol.strokes) {
    group.append(svgElement("path", { d, fill: "none", stroke: "#ffffff", "stroke-width": 2, "stroke-linecap": "round", "stroke-linejoin": "round" }));
  }
  for (const d of symbol.fills) group.append(svgElement("path", { d, fill: "#ffffff" }));
  for (const [cx, cy, r] of symbol.circles) {
    group.append(svgElement("circle", { cx, cy, r, fill: "none", stroke: "#ffffff", "stroke-width": 2 }));
  }
  parent.append(group);
}

/** Draws the activity's symbol on a canvas at (x, y). */
export function drawSymbol(context, activity, x, y, scale) {
  const symbol = activitySymbol(activity);
  context.save();
  context.translate(x, y);
  context.scale(scale, scale);
  context.strokeStyle = "#ffffff";
  context.fillStyle = "#ffffff";
  context.lineWidth = 2;
  context.lineCap = "round";
  context.lineJoin = "round";
  for (const d of symbol.strokes) context.stroke(new Path2D(d));
  for (const d of symbol.fills) context.fill(new Path2D(d));
  for (const [cx, cy, r] of symbol.circles) {
    context.beginPath();
    context.arc(cx, cy, r, 0, 2 * Math.PI);
    context.stroke();
  }
  context.restore();
}

/** A small drawing of a route (list thumbnails): an SVG of `width` × `height` with the line and its start. */
export function routeThumbnail(encodedPolyline, activity, width = 96, height = 72) {
  const svg = svgElement("svg", { class: "thumb", width, height, viewBox: `0 0 ${width} ${height}`, "aria-hidden": "true", focusable: "false" });
  const points = encodedPolyline ? decodePolyline(encodedPolyline) : [];
  const projection = fitProjection([points], width, height, 8);
  if (!projection || points.length === 0) return svg;
  const color = activityColor(activity);
  const pixels = points.map((p) => projection.project(p));
  const d = pixels.map(([x, y], i) => `${i === 0 ? "M" : "L"}${x.toFixed(1)} ${y.toFixed(1)}`).join(" ");
  svg.append(svgElement("path", { d, fill: "none", stroke: composited(color, 0.9), "stroke-width": 2, "stroke-linejoin": "round", "stroke-linecap": "round" }));
  const [sx, sy] = pixels[0];
  svg.append(svgElement("circle", { cx: sx, cy: sy, r: 3.5, fill: cssColor(color), stroke: "#ffffff", "stroke-width": 1.5 }));
  return svg;
}
