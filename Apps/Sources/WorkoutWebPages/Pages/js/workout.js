// The Workout page: summary figures, the engine's route map (map.svg), splits, laps, charts of elevation,
// pace or speed and heart rate with its zones (from samples.csv), best efforts, and a replay as a live
// session.

import { request, requestJSON } from "./api.js";
import {
  activityName, dateTime, distance, distanceUnit, duration, elevation, energy, fixed, heartRate,
  metersPerDistanceUnit, metersPerFoot, pace, paceFromSpeed, speed,
} from "./format.js";
import { activityBadge, activityColor, composited } from "./geo.js";
import { lineChart, quantile, tickStep, ticks, timeStep } from "./charts.js";
import { el, queryParameter, setUpUnits, showError, valueWithUnit } from "./ui.js";

const id = queryParameter("id");
const status = document.getElementById("status");
let units = setUpUnits((chosen) => { units = chosen; renderAll(); });
let workout = null;
let samples = null;
let samplesError = null;
let mapURL = null;
let chartsWidth = 0;

/** Shading of heart-rate zones 1…5 (ExportPalette.zoneColors). */
const zoneColors = ["#9ecae1", "#a1d99b", "#fdd49e", "#fdae6b", "#fc9272"];

function showsSpeed(activity) {
  return activity === "cycling";
}

function figure(label, value, note) {
  return el("div", {}, el("dt", { text: label }), el("dd", {}, valueWithUnit(value), note ? el("small", { text: ` ${note}` }) : null));
}

function renderFigures() {
  const s = workout.summary ?? {};
  const items = [
    figure("Distance", distance(workout.distanceMeters, units)),
    figure("Duration", { value: duration(s.elapsedSeconds ?? workout.elapsedSeconds) }),
    figure("Moving time", { value: duration(s.movingSeconds ?? workout.movingSeconds) }),
    figure("Total time", { value: duration(s.totalSeconds) }),
  ];
  if (showsSpeed(workout.activity)) {
    items.push(figure("Average speed", speed(s.averageSpeedMetersPerSecond, units)));
  } else {
    items.push(figure("Average pace", pace(s.averagePaceSecondsPerKilometer, units)));
  }
  items.push(figure("Max speed", speed(s.maxSpeedMetersPerSecond, units)));
  items.push(figure("Elevation gain", elevation(s.elevationGainMeters, units)));
  items.push(figure("Elevation loss", elevation(s.elevationLossMeters, units)));
  if (s.heartRate) {
    items.push(figure("Average heart rate", heartRate(s.heartRate.averageBPM), `max ${fixed(s.heartRate.maxBPM, 0)}`));
  }
  if (typeof s.activeEnergyKilocalories === "number") items.push(figure("Active energy", energy(s.activeEnergyKilocalories)));
  if (typeof s.averageCadence === "number") items.push(figure("Average cadence", { value: fixed(s.averageCadence, 0), unit: "/min" }));
  if (typeof s.averagePowerWatts === "number") items.push(figure("Average power", { value: fixed(s.averagePowerWatts, 0), unit: "W" }));
  document.getElementById("figures").replaceChildren(...items);
}

async function renderMap() {
  const container = document.getElementById("map");
  const width = Math.round(Math.min(Math.max(container.clientWidth || 720, 320), 1040));
  container.replaceChildren(el("p", { class: "muted", text: "Drawing the map…" }));
  try {
    const response = await request(`v1/workouts/${id}/map.svg?width=${width}&units=${units}`);
    if (mapURL) URL.revokeObjectURL(mapURL);
    mapURL = URL.createObjectURL(await response.blob());
    const length = distance(workout.distanceMeters, units);
    const image = el("img", {
      src: mapURL, width, alt: `Map of the ${workout.activity} route, ${length.value} ${length.unit}, with a scale bar; the line fades from the start to the end.`,
    });
    container.replaceChildren(image);
  } catch (error) {
    container.replaceChildren();
    showError(container, error, "No map");
  }
}

/** The device's own distance and timer time of a lap (the lap's `device` object), as "1.61 in 10:08". */
function deviceLapText(lap) {
  const device = lap.device ?? {};
  const parts = [];
  if (typeof device.distanceMeters === "number") parts.push(distance(device.distanceMeters, units).value);
  if (typeof device.timerSeconds === "number") parts.push(duration(device.timerSeconds));
  return parts.length === 0 ? "–" : parts.join(" in ");
}

/** A row of the splits or laps table; `withDevice` adds the device's own lap (laps of a FIT or TCX file). */
function splitRow(split, label, withDevice = false) {
  const time = split.elapsedSeconds ?? split.movingSeconds;
  const rate = showsSpeed(workout.activity)
    ? speed(split.averageSpeedMetersPerSecond, units)
    : pace(split.averagePaceSecondsPerKilometer, units);
  const climb = elevation(split.elevationGainMeters, units);
  const descent = elevation(split.elevationLossMeters, units);
  return el("tr", {},
    el("th", { scope: "row", text: label }),
    el("td", { text: `${distance(split.distanceMeters, units).value}` }),
    el("td", { text: duration(time) }),
    el("td", { text: rate.value }),
    el("td", { text: `+${climb.value} −${descent.value}` }),
    el("td", { text: heartRate(split.averageHeartRateBPM).value }),
    withDevice ? el("td", { class: "device-lap", text: deviceLapText(split) }) : null);
}

function splitTable(rows, firstHeader, caption, withDevice = false) {
  const rate = showsSpeed(workout.activity) ? `speed in ${speed(0, units).unit}` : `pace in min${pace(0, units).unit}`;
  const device = withDevice ? `; the device's own distance and time of each lap beside the engine's` : "";
  return el("table", {},
    el("caption", { text: `${caption}: distance in ${distanceUnit(units)}, ${rate}, climb and descent in ${elevation(0, units).unit}, heart rate in bpm${device}` }),
    el("thead", {}, el("tr", {},
      el("th", { scope: "col", text: firstHeader }),
      el("th", { scope: "col", text: "Distance" }),
      el("th", { scope: "col", text: "Time" }),
      el("th", { scope: "col", text: showsSpeed(workout.activity) ? "Speed" : "Pace" }),
      el("th", { scope: "col", text: "Climb" }),
      el("th", { scope: "col", text: "HR" }),
      withDevice ? el("th", { scope: "col", text: "Device" }) : null)),
    el("tbody", {}, rows));
}

function renderSplits() {
  const s = workout.summary ?? {};
  const splits = (units === "imperial" ? s.splits?.miles : s.splits?.kilometers) ?? [];
  document.getElementById("splits-section").hidden = splits.length === 0;
  const unit = distanceUnit(units);
  const rows = splits.map((split) => splitRow(split, split.partial ? `${split.number} (partial)` : `${split.number}`));
  document.getElementById("splits").replaceChildren(splitTable(rows, unit === "km" ? "Km" : "Mile", `Per ${unit === "km" ? "kilometre" : "mile"}`));

  const laps = s.laps ?? [];
  document.getElementById("laps-section").hidden = laps.length === 0;
  const withDevice = laps.some((lap) => lap.device);
  const lapRows = laps.map((lap) => splitRow(lap, `${lap.number}${lap.trigger ? ` ${lap.trigger}` : ""}`, withDevice));
  document.getElementById("laps").replaceChildren(
    splitTable(lapRows, "Lap", `${laps.length} ${laps.length === 1 ? "lap" : "laps"}`, withDevice));
}

/** How the summary's zones were set (README "Heart rate and energy"). */
const zoneMethods = { percentOfMaximum: "per cent of the maximum heart rate", heartRateReserve: "heart-rate reserve" };

const effortNames = {
  "400m": "400 m", halfMile: "½ mile", "1k": "1 km", "1mile": "1 mile", "2miles": "2 miles", "5k": "5 km",
  "10k": "10 km", "15k": "15 km", "10miles": "10 miles", "20k": "20 km", halfMarathon: "Half marathon",
  "30k": "30 km", marathon: "Marathon", "50k": "50 km",
};

function renderEfforts() {
  const efforts = workout.summary?.bestEfforts ?? [];
  document.getElementById("efforts-section").hidden = efforts.length === 0;
  const rows = efforts.map((effort) => el("tr", {},
    el("th", { scope: "row", text: effortNames[effort.name] ?? effort.name }),
    el("td", { text: duration(effort.elapsedSeconds) }),
    el("td", { text: pace(effort.paceSecondsPerKilometer, units).value })));
  document.getElementById("efforts").replaceChildren(el("table", {},
    el("caption", { text: "Fastest stretch of each standard distance" }),
    el("thead", {}, el("tr", {},
      el("th", { scope: "col", text: "Distance" }), el("th", { scope: "col", text: "Time" }),
      el("th", { scope: "col", text: `Pace (${pace(0, units).unit.slice(1)})` }))),
    el("tbody", {}, rows)));
}

/** Parses samples.csv (numbers and ISO times, no quoting) into columns by header name. */
function parseSamples(text) {
  const lines = text.split(/\r?\n/).filter((line) => line.length > 0);
  const header = (lines.shift() ?? "").split(",");
  const column = (name) => header.indexOf(name);
  const index = {
    time: column("time"), elapsed: column("elapsed_s"), segment: column("segment"), elevation: column("elevation_m"),
    heartRate: column("heart_rate_bpm"), distance: column("distance_m"), speed: column("speed_m_s"), pace: column("pace_s_per_km"),
  };
  const number = (fields, i) => {
    if (i < 0 || fields[i] === undefined || fields[i] === "") return null;
    const value = Number(fields[i]);
    return Number.isFinite(value) ? value : null;
  };
  let firstTime = null;
  return lines.map((line) => {
    const fields = line.split(",");
    const time = index.time >= 0 && fields[index.time] ? Date.parse(fields[index.time]) / 1000 : NaN;
    if (firstTime === null && Number.isFinite(time)) firstTime = time;
    return {
      elapsed: number(fields, index.elapsed),
      sinceStart: Number.isFinite(time) && firstTime !== null ? time - firstTime : null,
      segment: number(fields, index.segment) ?? 0,
      elevation: number(fields, index.elevation), heartRate: number(fields, index.heartRate),
      distance: number(fields, index.distance), speed: number(fields, index.speed), pace: number(fields, index.pace),
    };
  });
}

/**
 * Each fix's speed averaged over the fixes within `meters` / 2 either side of it on the same segment (a
 * moving average by distance), so the pace chart shows the effort, not each fix's noise.
 */
function smoothedSpeeds(rows, meters) {
  const out = new Array(rows.length).fill(null);
  let low = 0, high = 0, sum = 0, count = 0;
  for (let i = 0; i < rows.length; i++) {
    const here = rows[i];
    while (high < rows.length && rows[high].segment === here.segment && rows[high].distance - here.distance <= meters / 2) {
      if (rows[high].speed !== null) { sum += rows[high].speed; count += 1; }
      high += 1;
    }
    while (low < i && (rows[low].segment !== here.segment || here.distance - rows[low].distance > meters / 2)) {
      if (rows[low].speed !== null) { sum -= rows[low].speed; count -= 1; }
      low += 1;
    }
    out[i] = count > 0 ? sum / count : null;
  }
  return out;
}

function paceLabel(secondsPerUnit) {
  const total = Math.round(secondsPerUnit);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

function timeLabel(seconds) {
  const hours = Math.floor(seconds / 3600), minutes = Math.floor(seconds / 60) % 60;
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}` : `${minutes}:00`;
}

function renderCharts() {
  const container = document.getElementById("charts");
  const width = container.clientWidth || 720;
  chartsWidth = width;
  if (samplesError) { showError(container, samplesError, "No charts"); return; }
  if (!samples) return;
  const color = composited(activityColor(workout.activity), 0.9);
  const perUnit = metersPerDistanceUnit(units);
  const unit = distanceUnit(units);
  const charts = [];
  const withDistance = samples.filter((s) => s.distance !== null);
  const maxDistance = Math.max(0, ...withDistance.map((s) => s.distance / perUnit));
  const xTicksDistance = ticks(0, maxDistance, tickStep(maxDistance, 6));
  const distanceLabel = (x) => `${Number(x.toPrecision(6))} ${unit}`;

  const elevationFactor = units === "imperial" ? 1 / metersPerFoot : 1;
  const elevationPoints = withDistance.map((s) => ({ x: s.distance / perUnit, y: s.elevation === null ? null : s.elevation * elevationFactor, segment: s.segment }));
  const elevations = elevationPoints.map((p) => p.y).filter((y) => y !== null);
  if (elevations.length > 1 && maxDistance > 0) {
    const low = Math.min(...elevations), high = Math.max(...elevations);
    const step = tickStep(Math.max(high - low, 10), 4);
    const y0 = Math.floor(low / step) * step, y1 = Math.max(Math.ceil(high / step) * step, y0 + step);
    const eUnit = elevation(0, units).unit;
    charts.push(lineChart({
      width,
      title: `Elevation (${eUnit}) by distance`,
      description: `Elevation from ${Math.round(low)} to ${Math.round(high)} ${eUnit} over ${maxDistance.toFixed(2)} ${unit}.`,
      points: elevationPoints, xDomain: [0, maxDistance], yDomain: [y0, y1],
      xTicks: xTicksDistance, yTicks: ticks(y0, y1, step), xFormat: distanceLabel, yFormat: (y) => `${Math.round(y)}`, color,
    }));
  }

  if (showsSpeed(workout.activity) || workout.activity === "hiking") {
    const factor = 3600 / perUnit;
    const points = withDistance.map((s) => ({ x: s.distance / perUnit, y: s.speed === null ? null : s.speed * factor, segment: s.segment }));
    const values = points.map((p) => p.y).filter((y) => y !== null);
    const high = quantile(values, 0.99);
    if (high !== null && high > 0 && maxDistance > 0) {
      const step = tickStep(high * 1.1, 4);
      const y1 = Math.ceil((high * 1.1) / step) * step;
      const sUnit = speed(0, units).unit;
      charts.push(lineChart({
      width,
        title: `Speed (${sUnit}) by distance`,
        description: `Speed mostly between ${fixed(quantile(values, 0.05), 1)} and ${fixed(quantile(values, 0.95), 1)} ${sUnit}.`,
        points, xDomain: [0, maxDistance], yDomain: [0, y1], xTicks: xTicksDistance, yTicks: ticks(0, y1, step),
        xFormat: distanceLabel, yFormat: (y) => `${Number(y.toPrecision(6))}`, color,
      }));
    }
  } else {
    const factor = perUnit / 1000;
    const smoothed = smoothedSpeeds(withDistance, 100);
    const points = withDistance.map((s, i) => ({
      x: s.distance / perUnit, y: s.pace === null || !(smoothed[i] > 0) ? null : (1000 / smoothed[i]) * factor, segment: s.segment,
    }));
    const values = points.map((p) => p.y).filter((y) => y !== null);
    const fast = quantile(values, 0.02), slow = quantile(values, 0.95);
    if (fast !== null && slow !== null && maxDistance > 0) {
      const span = Math.max(slow - fast, 30);
      const step = [10, 15, 30, 60, 120, 300, 600].find((s) => span / s <= 5) ?? 600;
      const y0 = Math.floor(fast / step) * step, y1 = Math.max(Math.ceil(slow / step) * step, y0 + step);
      const pUnit = pace(0, units).unit.slice(1);
      charts.push(lineChart({
      width,
        title: `Pace (min/${pUnit}) by distance, faster higher`,
        description: `Pace mostly between ${paceLabel(fast)} and ${paceLabel(slow)} per ${pUnit}.`,
        points, xDomain: [0, maxDistance], yDomain: [y0, y1], invertY: true, xTicks: xTicksDistance,
        yTicks: ticks(y0, y1, step), xFormat: distanceLabel, yFormat: paceLabel, color,
      }));
    }
  }

  const zones = workout.summary?.heartRate?.zones ?? [];
  // Running time when the samples carry it, else the time since the first fix (pauses included).
  const byRunningTime = samples.some((s) => s.elapsed !== null);
  const heartPoints = samples
    .map((s) => ({ x: byRunningTime ? s.elapsed : s.sinceStart, y: s.heartRate, segment: s.segment }))
    .filter((p) => p.x !== null);
  const beats = heartPoints.map((p) => p.y).filter((y) => y !== null);
  const maxElapsed = Math.max(0, ...heartPoints.map((p) => p.x));
  if (beats.length > 1 && maxElapsed > 0) {
    const low = Math.min(quantile(beats, 0.01), ...zones.slice(0, 1).map((z) => z.lowerBPM ?? Infinity));
    const high = Math.max(...beats);
    const y0 = Math.floor((low - 5) / 10) * 10, y1 = Math.ceil((high + 5) / 10) * 10;
    const bands = zones.map((zone, i) => ({
      from: zone.lowerBPM ?? y0, to: zone.upperBPM ?? y1, fill: zoneColors[i % zoneColors.length], label: `Zone ${zone.zone}`,
    }));
    charts.push(lineChart({
      width,
      title: `Heart rate (bpm) by ${byRunningTime ? "running time" : "time since the start"}, with zones`,
      description: `Heart rate from ${Math.round(Math.min(...beats))} to ${Math.round(high)} bpm` +
        (zones.length ? `, over five zones shaded from ${Math.round(zones[0].lowerBPM ?? y0)} bpm.` : "."),
      points: heartPoints, xDomain: [0, maxElapsed], yDomain: [y0, y1], bands, color: "#a40e26",
      xTicks: ticks(0, maxElapsed, timeStep(maxElapsed)), yTicks: ticks(y0, y1, tickStep(y1 - y0, 5)),
      xFormat: timeLabel, yFormat: (y) => `${Math.round(y)}`,
    }));
    if (zones.length > 0) {
      const total = zones.reduce((sum, zone) => sum + (zone.seconds ?? 0), 0);
      charts.push(el("div", { class: "table-wrap" }, el("table", { class: "zone-table" },
        el("caption", { text: `Time in heart-rate zones${zoneMethods[workout.summary.heartRate.zoneMethod] ? ` (${zoneMethods[workout.summary.heartRate.zoneMethod]})` : ""}` }),
        el("thead", {}, el("tr", {},
          el("th", { scope: "col", text: "Zone" }), el("th", { scope: "col", text: "bpm" }),
          el("th", { scope: "col", text: "Time" }), el("th", { scope: "col", text: "Share" }))),
        el("tbody", {}, zones.map((zone, i) => el("tr", {},
          el("th", { scope: "row" }, el("span", { class: `zone-swatch zone-${(i % zoneColors.length) + 1}`, "aria-hidden": "true" }), `Zone ${zone.zone}`),
          el("td", { text: `${fixed(zone.lowerBPM, 0)}–${fixed(zone.upperBPM, 0)}` }),
          el("td", { text: duration(zone.seconds) }),
          el("td", { text: total > 0 ? `${Math.round((100 * (zone.seconds ?? 0)) / total)} %` : "–" })))))));
    }
  }
  container.replaceChildren(...charts);
  if (charts.length === 0) container.append(el("p", { class: "muted", text: "No elevation, pace or heart rate to chart." }));
}

function renderDownloads() {
  const files = [
    ["route.gpx", "GPX"], ["route.geojson", "GeoJSON"], ["samples.csv", "Samples (CSV)"], ["map.svg", "Map (SVG)"],
  ];
  const items = files.map(([file, label]) => {
    const link = el("a", { href: `v1/workouts/${id}/${file}`, download: `workout-${id}-${file}`, text: label });
    link.addEventListener("click", async (event) => {
      // With a token the file has to come through fetch (a plain link cannot send the header).
      event.preventDefault();
      try {
        const response = await request(`v1/workouts/${id}/${file}`);
        const url = URL.createObjectURL(await response.blob());
        const save = el("a", { href: url, download: `workout-${id}-${file}` });
        document.body.append(save);
        save.click();
        save.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10000);
      } catch (error) {
        showError(status, error, `${label} could not be downloaded`);
      }
    });
    return el("li", {}, link);
  });
  document.getElementById("downloads").replaceChildren(...items);
}

function renderAll() {
  if (!workout) return;
  renderFigures();
  renderSplits();
  renderEfforts();
  renderCharts();
  renderMap();
}

async function load() {
  if (!id || !/^[0-9]+$/.test(id)) {
    showError(status, { message: "No workout: the address needs ?id= with a workout's number." });
    return;
  }
  try {
    workout = await requestJSON(`v1/workouts/${id}`);
  } catch (error) {
    showError(status, error, `Workout ${id} could not be loaded`);
    return;
  }
  status.replaceChildren();
  const name = activityName(workout.activity);
  document.title = `${name}, ${dateTime(workout.startDate)} · workout-server`;
  document.getElementById("title").replaceChildren(el("span", { class: "activity" }, activityBadge(workout.activity, 28), name));
  document.getElementById("subtitle").textContent = `${dateTime(workout.startDate)} · from ${workout.source}`;
  document.getElementById("replay-id").value = String(workout.id);
  document.getElementById("workout").hidden = false;
  renderDownloads();
  renderAll();
  try {
    const response = await request(`v1/workouts/${id}/samples.csv`);
    samples = parseSamples(await response.text());
  } catch (error) {
    samplesError = error;
  }
  renderCharts();
}

// Charts are drawn at their width: again when it changes (a phone turned, a window resized).
new ResizeObserver(() => {
  const width = document.getElementById("charts").clientWidth;
  if (samples && Math.abs(width - chartsWidth) > 8) renderCharts();
}).observe(document.getElementById("charts"));

load();
