// The Live page: a live session, or a stored workout replayed through one at a chosen speed.
//
// Frames come as Server-Sent Events (GET /v1/sessions/{id}/frames): up to 30 a second while the session
// runs, none while it is paused. The Duration is redrawn on every animation frame while running, from the
// last frame's elapsed time plus the time since it arrived (times the replay's speed), and is frozen while
// paused (no animation frame is requested at all then). Distance, Active Energy and the fourth stat are the
// frames' own (pace and speed already on the engine's 5 s display throttle).

import { APIError, readEvents, request, requestJSON } from "./api.js";
import { activityName, distance, duration, energy, fourthStatKind, heartRate, pace, speed } from "./format.js";
import { activityColor, composited, cssColor, drawSymbol, fitProjection, scaleBar } from "./geo.js";
import { el, queryParameter, setUpUnits, showError } from "./ui.js";

const statusBox = document.getElementById("status");
const durationText = document.getElementById("duration");
const distanceText = document.getElementById("distance");
const energyText = document.getElementById("energy");
const fourthLabel = document.getElementById("fourth-label");
const fourthText = document.getElementById("fourth");
const stateBox = document.getElementById("state");
const stateText = document.getElementById("state-text");
const pauseButton = document.getElementById("pause");
const resumeButton = document.getElementById("resume");
const endButton = document.getElementById("end");
const savingDialog = document.getElementById("saving");
const canvas = document.getElementById("map");
const scaleBox = document.getElementById("scale-bar");

let units = setUpUnits((chosen) => { units = chosen; renderFigures(); scheduleMapDraw(); });

/** Session seconds per wall-clock second: 1 live, the chosen speed for a replay. */
let rate = 1;
let sessionId = queryParameter("session");
let activity = "running";
/** notStarted, running, paused or ended: as the server last said. */
let phase = "notStarted";
/** The latest frame, and when (performance.now()) it arrived. */
let lastFrame = null;
/** The Duration's starting point: elapsed seconds at a moment of performance.now(). */
let anchor = { elapsed: 0, at: 0 };
let shownSeconds = 0;
let redraws = 0;
let durationHandle = 0;
let ending = false;
/** The route so far: one array of [latitude, longitude] per running stretch. */
const segments = [[]];
let mapHandle = 0;

const rateParameter = Number(queryParameter("speed"));
if (Number.isFinite(rateParameter) && rateParameter > 0) rate = rateParameter;

function setText(element, text) {
  if (element.firstChild?.nodeType === Node.TEXT_NODE) {
    if (element.firstChild.nodeValue !== text) element.firstChild.nodeValue = text;
  } else {
    element.prepend(text);
  }
}

function setValue(element, { value, unit }) {
  setText(element, value);
  let unitSpan = element.querySelector(".unit");
  if (!unitSpan) { unitSpan = el("span", { class: "unit" }); element.append(unitSpan); }
  if (unitSpan.textContent !== unit) unitSpan.textContent = unit;
}

// Duration: one redraw per animation frame while running, none while paused.

function showDuration(seconds) {
  setText(durationText, duration(seconds));
}

function drawDuration(now) {
  durationHandle = 0;
  if (phase !== "running") return;
  const seconds = anchor.elapsed + (Math.max(0, now - anchor.at) / 1000) * rate;
  // Frames arrive with a little jitter: within a running stretch the clock never steps back.
  shownSeconds = Math.max(shownSeconds, seconds);
  showDuration(shownSeconds);
  redraws += 1;
  durationText.dataset.redraws = String(redraws);
  durationHandle = requestAnimationFrame(drawDuration);
}

function startDurationLoop() {
  if (!durationHandle) durationHandle = requestAnimationFrame(drawDuration);
}

function stopDurationLoop(frozenSeconds) {
  if (durationHandle) cancelAnimationFrame(durationHandle);
  durationHandle = 0;
  shownSeconds = frozenSeconds;
  showDuration(frozenSeconds);
}

// The other figures, from the latest frame.

function renderFigures() {
  const frame = lastFrame?.frame;
  setValue(distanceText, distance(frame?.distanceMeters ?? 0, units));
  setValue(energyText, energy(frame?.activeEnergyKilocalories));
  const kind = frame?.fourthStat?.kind ?? fourthStatKind(activity);
  if (kind === "speed") {
    fourthLabel.textContent = "Speed";
    setValue(fourthText, speed(frame?.speedMetersPerSecond, units));
  } else if (kind === "heartRate") {
    fourthLabel.textContent = "Heart Rate";
    setValue(fourthText, heartRate(frame?.heartRateBPM));
  } else {
    fourthLabel.textContent = "Pace";
    setValue(fourthText, pace(frame?.paceSecondsPerKilometer, units));
  }
}

// State and controls.

const stateNames = { notStarted: "Not started", running: "Running", paused: "Paused", ended: "Ended", unavailable: "Not available" };

function showState() {
  stateBox.dataset.state = phase;
  stateText.textContent = stateNames[phase] ?? phase;
  const hadFocus = document.activeElement;
  pauseButton.hidden = phase !== "running";
  resumeButton.hidden = !(phase === "paused" || phase === "notStarted");
  resumeButton.textContent = phase === "notStarted" ? "Start" : "Resume";
  endButton.hidden = phase !== "paused";
  // Keyboard users keep their place: focus moves to the button that took the hidden one's place.
  if (hadFocus === pauseButton && pauseButton.hidden && !resumeButton.hidden) resumeButton.focus();
  if ((hadFocus === resumeButton || hadFocus === endButton) && hadFocus.hidden && !pauseButton.hidden) pauseButton.focus();
}

/** Elapsed seconds at session time `time`, from the latest frame (running since it). */
function elapsedAt(time) {
  if (!lastFrame) return shownSeconds;
  const { frame } = lastFrame;
  const since = Number.isFinite(time) ? Math.max(0, time - frame.trackTime) : 0;
  return frame.elapsedSeconds + (frame.state === "running" ? since : 0);
}

function becomeRunning(elapsedSeconds, at) {
  anchor = { elapsed: elapsedSeconds, at };
  if (phase !== "running") {
    shownSeconds = elapsedSeconds;
    if (segments[segments.length - 1].length > 0) segments.push([]);
  }
  phase = "running";
  showState();
  startDurationLoop();
}

function becomePaused(elapsedSeconds) {
  phase = "paused";
  stopDurationLoop(elapsedSeconds);
  showState();
}

/**
 * The latest state change the stream gave ({state, time}). The server sends frames and state changes
 * from two tasks, so one may overtake the other: a frame that arrives while paused was made before the
 * pause reached the frame scheduler, and one stamped before the latest resume was made before it; both
 * are stale and left out.
 */
let lastChange = null;

function isStale(frame) {
  if (!lastChange) return false;
  return lastChange.state !== "running" || frame.trackTime < lastChange.time;
}

function onFrame(frame) {
  if (isStale(frame)) return;
  const arrived = performance.now();
  lastFrame = { frame, arrived };
  if (frame.state === "running") {
    becomeRunning(frame.elapsedSeconds, arrived);
  }
  renderFigures();
  if (Number.isFinite(frame.latitude) && Number.isFinite(frame.longitude)) {
    const current = segments[segments.length - 1];
    const last = current[current.length - 1];
    if (!last || last[0] !== frame.latitude || last[1] !== frame.longitude) {
      current.push([frame.latitude, frame.longitude]);
      scheduleMapDraw();
    }
  }
}

function onState(change) {
  lastChange = { state: change.state, time: change.time };
  // The running time at the change: the server's when it sends it, else from the latest frame.
  const elapsed = Number.isFinite(change.elapsedSeconds) ? change.elapsedSeconds : (lastFrame ? elapsedAt(change.time) : shownSeconds);
  if (change.state === "running") {
    becomeRunning(elapsed, performance.now());
  } else if (change.state === "paused") {
    becomePaused(elapsed);
    if (lastFrame) lastFrame.frame = { ...lastFrame.frame, state: "paused", elapsedSeconds: shownSeconds, trackTime: change.time };
  } else if (change.state === "ended") {
    phase = "ended";
    stopDurationLoop(shownSeconds);
    showState();
  }
}

let busy = false;

async function control(action, button) {
  // One request at a time. (The buttons stay enabled: a disabled button would drop the keyboard focus.)
  if (busy) return;
  busy = true;
  try {
    if (action === "end") {
      ending = true;
      savingDialog.showModal();
      const result = await requestJSON(`v1/sessions/${sessionId}/end`, { method: "POST" });
      await openWhenStored(result.workoutId);
      return;
    }
    const session = await requestJSON(`v1/sessions/${sessionId}/${action}`, { method: "POST" });
    // The state event on the stream usually came first; if not, follow the answer now.
    if (session.state === "paused" && phase === "running") {
      lastChange = { state: "paused", time: lastFrame?.frame.trackTime ?? 0 };
      becomePaused(Math.min(shownSeconds, anchor.elapsed + ((performance.now() - anchor.at) / 1000) * rate));
    }
  } catch (error) {
    if (action === "end") { ending = false; savingDialog.close(); }
    showError(statusBox, error, `${button.textContent} did not work`);
  } finally {
    busy = false;
  }
}

/** Shows "Saving workout" until GET /v1/workouts/{id} answers, then opens the workout's page. */
async function openWhenStored(workoutId) {
  ending = true;
  if (!savingDialog.open) savingDialog.showModal();
  const deadline = performance.now() + 120000;
  for (;;) {
    try {
      await request(`v1/workouts/${workoutId}`);
      location.assign(`workout.html?id=${encodeURIComponent(workoutId)}`);
      return;
    } catch (error) {
      if (!(error instanceof APIError) || (error.status !== 404 && error.status !== 0) || performance.now() > deadline) {
        savingDialog.close();
        showError(statusBox, error, "The workout was not stored");
        return;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

pauseButton.addEventListener("click", () => control("pause", pauseButton));
resumeButton.addEventListener("click", () => control("resume", resumeButton));
endButton.addEventListener("click", () => control("end", endButton));
savingDialog.addEventListener("cancel", (event) => event.preventDefault());

// The map: the route so far, fading from 90 % to 40 % of the activity's colour along its length, the
// start marker with the activity's symbol, the current position, and a scale bar.

const mapBackground = [0xfa, 0xf8, 0xf3];

function scheduleMapDraw() {
  if (!mapHandle) mapHandle = requestAnimationFrame(drawMap);
}

function drawMap() {
  mapHandle = 0;
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth, height = canvas.clientHeight;
  if (width === 0 || height === 0) return;
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
  }
  const context = canvas.getContext("2d");
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.fillStyle = cssColor(mapBackground);
  context.fillRect(0, 0, width, height);
  const drawn = segments.filter((s) => s.length > 0);
  const projection = fitProjection(drawn, width, height, 28);
  if (!projection) { scaleBox.hidden = true; return; }
  const pixels = drawn.map((segment) => segment.map((p) => projection.project(p)));
  let total = 0;
  for (const line of pixels) for (let i = 1; i < line.length; i++) total += Math.hypot(line[i][0] - line[i - 1][0], line[i][1] - line[i - 1][1]);

  context.lineCap = "round";
  context.lineJoin = "round";
  context.strokeStyle = "#ffffff";
  context.lineWidth = 6.5;
  for (const line of pixels) {
    context.beginPath();
    line.forEach(([x, y], i) => (i === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
    context.stroke();
  }
  const color = activityColor(activity);
  const steps = 40;
  context.lineWidth = 3.5;
  let along = 0;
  for (const line of pixels) {
    let i = 0;
    while (i < line.length - 1) {
      const bucket = Math.min(Math.floor((total > 0 ? along / total : 0) * steps), steps - 1);
      context.beginPath();
      context.moveTo(line[i][0], line[i][1]);
      // One path per run of the same shade; neighbouring runs share their boundary point.
      while (i < line.length - 1) {
        along += Math.hypot(line[i + 1][0] - line[i][0], line[i + 1][1] - line[i][1]);
        i += 1;
        context.lineTo(line[i][0], line[i][1]);
        if (Math.min(Math.floor((total > 0 ? along / total : 0) * steps), steps - 1) !== bucket) break;
      }
      context.strokeStyle = composited(color, 0.9 - (0.5 * (bucket + 0.5)) / steps, mapBackground);
      context.stroke();
    }
  }
  const lastLine = pixels[pixels.length - 1];
  const [cx, cy] = lastLine[lastLine.length - 1];
  context.beginPath();
  context.arc(cx, cy, 6, 0, 2 * Math.PI);
  context.fillStyle = "#1f2328";
  context.fill();
  context.lineWidth = 2;
  context.strokeStyle = "#ffffff";
  context.stroke();
  const [sx, sy] = pixels[0][0];
  context.beginPath();
  context.arc(sx, sy, 11, 0, 2 * Math.PI);
  context.fillStyle = cssColor(color);
  context.fill();
  context.lineWidth = 2.5;
  context.strokeStyle = "#ffffff";
  context.stroke();
  drawSymbol(context, activity, sx, sy, 1);

  const bar = scaleBar(projection.metersPerPixel, width / 4, units);
  scaleBox.hidden = false;
  scaleBox.firstElementChild.style.width = `${Math.round(bar.pixels)}px`;
  scaleBox.replaceChildren(bar.label, scaleBox.firstElementChild);
  canvas.setAttribute("aria-label", `Map of the route so far, ${distance(lastFrame?.frame?.distanceMeters ?? 0, units).value} ${distance(0, units).unit}, scale bar ${bar.label}`);
}

new ResizeObserver(() => scheduleMapDraw()).observe(canvas);

// The session: create the replay when asked, read the snapshot, then follow the frames.

async function createReplay(workoutId, chosenSpeed) {
  const session = await requestJSON(`v1/workouts/${encodeURIComponent(workoutId)}/replay`, { method: "POST", json: { speed: chosenSpeed } });
  history.replaceState(null, "", `live.html?session=${encodeURIComponent(session.id)}&speed=${chosenSpeed}&workout=${encodeURIComponent(workoutId)}`);
  return session.id;
}

function describe(session) {
  activity = session.activity;
  const name = activityName(activity);
  const replayOf = queryParameter("workout");
  document.title = `${replayOf ? "Replay" : "Live"}: ${name} · workout-server`;
  document.getElementById("title").textContent = replayOf ? `Replay: ${name}` : `Live: ${name}`;
  const subtitle = document.getElementById("subtitle");
  subtitle.replaceChildren();
  if (replayOf) {
    subtitle.append(el("a", { href: `workout.html?id=${encodeURIComponent(replayOf)}`, text: `Workout ${replayOf}` }),
      ` replayed at ${rate}× real time: the clock runs ${rate === 1 ? "as recorded" : `${rate} times faster`}.`);
  } else {
    subtitle.append(`Session ${session.id}`);
  }
}

async function follow() {
  for (;;) {
    try {
      await readEvents(`v1/sessions/${sessionId}/frames?fps=30`, (name, data) => {
        if (name === "frame") onFrame(data);
        else if (name === "state") onState(data);
        else if (name === "end") openWhenStored(data.workoutId);
      });
    } catch (error) {
      if (error instanceof APIError && error.status !== 0) {
        showError(statusBox, error, "The session's frames stopped");
        return;
      }
    }
    if (ending || phase === "ended") return;
    // The stream closed without an end: reconnect after a second, and take the state again.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    try {
      const session = await requestJSON(`v1/sessions/${sessionId}`);
      if (session.state === "ended" && session.workoutId) { openWhenStored(session.workoutId); return; }
      // The new stream gives only later changes: start from the state the session is in now.
      lastChange = null;
      if (session.state === "paused" && phase === "running") {
        lastChange = { state: "paused", time: lastFrame?.frame.trackTime ?? 0 };
        becomePaused(session.snapshot?.elapsedSeconds ?? shownSeconds);
      }
    } catch { /* try the stream again */ }
  }
}

async function start() {
  renderFigures();
  showState();
  try {
    const replay = queryParameter("replay");
    if (!sessionId && replay) sessionId = await createReplay(replay, rate);
    if (!sessionId) {
      showError(statusBox, { message: "No session: open a workout and choose “Replay live”, or add ?session= with a live session's id." });
      phase = "unavailable";
      showState();
      return;
    }
    const session = await requestJSON(`v1/sessions/${sessionId}`);
    describe(session);
    const elapsed = session.snapshot?.elapsedSeconds ?? 0;
    shownSeconds = elapsed;
    showDuration(elapsed);
    setValue(distanceText, distance(session.snapshot?.distanceMeters ?? 0, units));
    // A running session's clock starts with its first frame.
    phase = session.state;
    if (session.state === "ended" && session.workoutId) { openWhenStored(session.workoutId); return; }
    showState();
  } catch (error) {
    phase = "unavailable";
    showState();
    showError(statusBox, error, "The session could not be opened");
    return;
  }
  follow();
}

start();
