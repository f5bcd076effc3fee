// Numbers as the pages show them, in metric or imperial units. The API gives SI units (metres, seconds,
// m/s); the forms follow the engine's DisplayFormatting (README "Live pipeline": M:SS under an hour,
// H:MM:SS above; pace M:SS per unit; speed with one decimal).

const unitsKey = "workout-server.units";

/** Metres in a mile (international mile) and in a foot. */
export const metersPerMile = 1609.344;
export const metersPerFoot = 0.3048;

/** The units the person chose (`metric` or `imperial`), metric by default. */
export function preferredUnits() {
  let stored = null;
  try { stored = localStorage.getItem(unitsKey); } catch { /* no storage */ }
  return stored === "imperial" ? "imperial" : "metric";
}

/** Remembers the units for every page. */
export function storeUnits(units) {
  try { localStorage.setItem(unitsKey, units === "imperial" ? "imperial" : "metric"); } catch { /* no storage */ }
}

function isNumber(value) {
  return typeof value === "number" && Number.isFinite(value);
}

function twoDigits(n) {
  return n < 10 ? `0${n}` : `${n}`;
}

/** Seconds as `M:SS` under an hour and `H:MM:SS` above (whole seconds, rounded down). */
export function duration(seconds) {
  const total = isNumber(seconds) ? Math.floor(Math.max(seconds, 0)) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor(total / 60) % 60;
  const secs = total % 60;
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${twoDigits(secs)}` : `${minutes}:${twoDigits(secs)}`;
}

/** `value` with `digits` decimals, `–` when unknown. */
export function fixed(value, digits) {
  return isNumber(value) ? value.toFixed(digits) : "–";
}

/** The distance unit's symbol. */
export function distanceUnit(units) {
  return units === "imperial" ? "mi" : "km";
}

/** Metres in the distance unit. */
export function metersPerDistanceUnit(units) {
  return units === "imperial" ? metersPerMile : 1000;
}

/** A distance in km or mi with two decimals: `{value, unit}`. */
export function distance(meters, units) {
  return { value: isNumber(meters) ? (meters / metersPerDistanceUnit(units)).toFixed(2) : "–", unit: distanceUnit(units) };
}

/** A pace from seconds per kilometre, as `M:SS` per km or per mile: `{value, unit}`. */
export function pace(secondsPerKilometer, units) {
  const unit = units === "imperial" ? "/mi" : "/km";
  if (!isNumber(secondsPerKilometer) || secondsPerKilometer <= 0 || secondsPerKilometer > 5999 * 60) {
    return { value: "--:--", unit };
  }
  const total = Math.round(secondsPerKilometer * metersPerDistanceUnit(units) / 1000);
  return { value: `${Math.floor(total / 60)}:${twoDigits(total % 60)}`, unit };
}

/** A pace from a speed in m/s (`--:--` when not moving). */
export function paceFromSpeed(metersPerSecond, units) {
  return pace(isNumber(metersPerSecond) && metersPerSecond > 0 ? 1000 / metersPerSecond : null, units);
}

/** A speed from m/s in km/h or mph with one decimal: `{value, unit}`. */
export function speed(metersPerSecond, units) {
  const unit = units === "imperial" ? "mph" : "km/h";
  if (!isNumber(metersPerSecond)) return { value: "--", unit };
  return { value: (metersPerSecond * 3600 / metersPerDistanceUnit(units)).toFixed(1), unit };
}

/** An elevation or climb in m or ft, whole: `{value, unit}`. */
export function elevation(meters, units) {
  const unit = units === "imperial" ? "ft" : "m";
  if (!isNumber(meters)) return { value: "–", unit };
  return { value: Math.round(units === "imperial" ? meters / metersPerFoot : meters).toString(), unit };
}

/** Active energy in kilocalories, whole (the same in both systems). */
export function energy(kilocalories) {
  return { value: isNumber(kilocalories) ? Math.round(kilocalories).toString() : "--", unit: "kcal" };
}

/** A heart rate in beats per minute, whole. */
export function heartRate(bpm) {
  return { value: isNumber(bpm) ? Math.round(bpm).toString() : "--", unit: "bpm" };
}

/** A date and time in the reader's locale: `Tue, 12 Mar 2024, 07:31`. */
export function dateTime(iso) {
  if (!iso) return "Untimed";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(undefined, {
    weekday: "short", year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit",
  }).format(date);
}

/** A long date: `Tuesday 12 March 2024`. */
export function longDate(iso) {
  if (!iso) return "Untimed";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(undefined, { weekday: "long", year: "numeric", month: "long", day: "numeric" }).format(date);
}

/** An activity's display name: `Running`. */
export function activityName(activity) {
  const name = String(activity ?? "workout");
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The fourth stat of an activity (README "Live pipeline"): pace for running and walking, speed for
 *  cycling, heart rate for hiking. */
export function fourthStatKind(activity) {
  switch (activity) {
    case "cycling": return "speed";
    case "hiking": return "heartRate";
    default: return "pace";
  }
}
