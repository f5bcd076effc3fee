// Line charts drawn as inline SVG: round ticks, gaps between route segments, optional shaded bands (heart
// rate zones). One chart is one <figure> whose SVG has a text description for screen readers.

import { svgElement } from "./geo.js";
import { el } from "./ui.js";

/** A tick step {1, 2, 2.5, 5} × 10ⁿ giving about `count` intervals over `span`. */
export function tickStep(span, count = 5) {
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const raw = span / Math.max(count, 1);
  let magnitude = 1;
  while (magnitude > raw) magnitude /= 10;
  while (magnitude * 10 <= raw) magnitude *= 10;
  for (const factor of [1, 2, 2.5, 5, 10]) if (factor * magnitude >= raw) return factor * magnitude;
  return 10 * magnitude;
}

/** A tick step in seconds for a time axis: 1, 2, 5, 10, 15, 20, 30 min, 1, 2, 3, 6 h. */
export function timeStep(span, count = 6) {
  const raw = span / Math.max(count, 1);
  const steps = [60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10800, 21600, 43200, 86400];
  return steps.find((s) => s >= raw) ?? 86400 * Math.ceil(raw / 86400);
}

/** The value at quantile `q` (0…1) of the finite numbers in `values`. */
export function quantile(values, q) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const position = (sorted.length - 1) * Math.min(Math.max(q, 0), 1);
  const lower = Math.floor(position);
  const upper = Math.min(lower + 1, sorted.length - 1);
  return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower);
}

/**
 * Averages points that fall into the same of `buckets` equal slices of x, per segment, so a chart of
 * 100 000 fixes draws about one point per pixel. `points` are {x, y, segment}; y may be null (a gap).
 */
export function bucketed(points, xMin, xMax, buckets) {
  const out = [];
  const width = (xMax - xMin) / buckets || 1;
  let current = null;
  for (const p of points) {
    if (p.y === null || !Number.isFinite(p.y) || !Number.isFinite(p.x)) {
      if (current) { out.push(current); current = null; }
      out.push({ gap: true });
      continue;
    }
    const bucket = Math.floor((p.x - xMin) / width);
    if (current && current.bucket === bucket && current.segment === p.segment) {
      current.sumX += p.x; current.sumY += p.y; current.n += 1;
    } else {
      if (current) out.push(current);
      if (current && current.segment !== p.segment) out.push({ gap: true });
      current = { bucket, segment: p.segment, sumX: p.x, sumY: p.y, n: 1 };
    }
  }
  if (current) out.push(current);
  return out.map((b) => (b.gap ? b : { x: b.sumX / b.n, y: b.sumY / b.n }));
}

/**
 * A line chart.
 * @param {object} options
 *   title, description: the caption and the text a screen reader reads;
 *   points: [{x, y, segment}] in data units; xDomain, yDomain: [min, max] (y defaults to the data's);
 *   xTicks, yTicks: arrays of tick values; xFormat, yFormat: tick labels; invertY: larger values lower
 *   (pace: faster is higher); color: the line's CSS colour; bands: [{from, to, fill, label}] in y units;
 *   width: pixels (the figure's width).
 */
export function lineChart(options) {
  // Drawn at the width it is shown at, so its text stays 11 px on a phone too.
  const width = Math.max(Math.round(options.width ?? 720), 280), height = width < 500 ? 200 : 240;
  const margin = { left: 46, right: 10, top: 10, bottom: 30 };
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const [x0, x1] = options.xDomain;
  const [y0, y1] = options.yDomain;
  const sx = (x) => margin.left + ((x - x0) / (x1 - x0 || 1)) * plotWidth;
  const syRaw = (y) => ((y - y0) / (y1 - y0 || 1)) * plotHeight;
  const sy = (y) => {
    const clamped = Math.min(Math.max(y, y0), y1);
    return options.invertY ? margin.top + syRaw(clamped) : margin.top + plotHeight - syRaw(clamped);
  };

  const svg = svgElement("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": options.description });
  const clipId = `clip-${Math.random().toString(36).slice(2)}`;
  const defs = svgElement("defs");
  const clip = svgElement("clipPath", { id: clipId });
  clip.append(svgElement("rect", { x: margin.left, y: margin.top, width: plotWidth, height: plotHeight }));
  defs.append(clip);
  svg.append(defs);

  for (const band of options.bands ?? []) {
    const top = sy(Math.min(band.to, y1)), bottom = sy(Math.max(band.from, y0));
    if (band.to <= y0 || band.from >= y1) continue;
    svg.append(svgElement("rect", {
      x: margin.left, y: Math.min(top, bottom), width: plotWidth, height: Math.abs(bottom - top), fill: band.fill,
    }));
    if (band.label) {
      const text = svgElement("text", { class: "zone-label", x: width - margin.right - 4, y: Math.min(top, bottom) + 12, "text-anchor": "end" });
      text.textContent = band.label;
      if (Math.abs(bottom - top) >= 13) svg.append(text);
    }
  }

  const grid = svgElement("g", { class: "grid" });
  const axis = svgElement("g", { class: "axis" });
  for (const y of options.yTicks) {
    if (y < y0 || y > y1) continue;
    grid.append(svgElement("line", { x1: margin.left, x2: width - margin.right, y1: sy(y), y2: sy(y) }));
    const label = svgElement("text", { x: margin.left - 6, y: sy(y) + 4, "text-anchor": "end" });
    label.textContent = options.yFormat(y);
    axis.append(label);
  }
  for (const x of options.xTicks) {
    if (x < x0 || x > x1) continue;
    axis.append(svgElement("line", { x1: sx(x), x2: sx(x), y1: margin.top + plotHeight, y2: margin.top + plotHeight + 4 }));
    const label = svgElement("text", { x: sx(x), y: height - 8, "text-anchor": "middle" });
    label.textContent = options.xFormat(x);
    axis.append(label);
  }
  axis.append(svgElement("line", { x1: margin.left, x2: width - margin.right, y1: margin.top + plotHeight, y2: margin.top + plotHeight }));
  svg.append(grid, axis);

  const drawn = bucketed(options.points, x0, x1, plotWidth);
  let d = "";
  let pen = false;
  for (const p of drawn) {
    if (p.gap) { pen = false; continue; }
    d += `${pen ? "L" : "M"}${sx(p.x).toFixed(1)} ${sy(p.y).toFixed(1)}`;
    pen = true;
  }
  svg.append(svgElement("path", {
    d, fill: "none", stroke: options.color, "stroke-width": 1.8, "stroke-linejoin": "round", "clip-path": `url(#${clipId})`,
  }));

  return el("figure", { class: "chart" }, el("figcaption", { text: options.title }), svg);
}

/** Ticks from a step over [min, max]. */
export function ticks(min, max, step) {
  const out = [];
  if (!(step > 0)) return out;
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}
