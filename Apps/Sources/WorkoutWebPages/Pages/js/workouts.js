// The Workouts page: the stored workouts newest first, live sessions, and uploads by drag and drop.

import { contentTypeOf, request, requestJSON } from "./api.js";
import { activityName, dateTime, distance, duration } from "./format.js";
import { activityBadge, routeThumbnail } from "./geo.js";
import { el, setUpUnits, showError } from "./ui.js";

let units = setUpUnits((chosen) => { units = chosen; render(); });
let workouts = [];

const list = document.getElementById("workout-list");
const listStatus = document.getElementById("list-status");
const uploadLog = document.getElementById("upload-log");
const dropZone = document.getElementById("upload");
const fileInput = document.getElementById("upload-files");

function newestFirst(a, b) {
  const ta = a.startDate ? Date.parse(a.startDate) : -Infinity;
  const tb = b.startDate ? Date.parse(b.startDate) : -Infinity;
  return tb - ta || b.id - a.id;
}

function card(workout) {
  const length = distance(workout.distanceMeters, units);
  const seconds = workout.elapsedSeconds ?? workout.movingSeconds;
  const link = `workout.html?id=${encodeURIComponent(workout.id)}`;
  return el("li", { class: "workout-card", "data-workout-id": workout.id },
    routeThumbnail(workout.route?.encodedPolyline, workout.activity),
    el("h3", {}, el("a", { href: link }, el("span", { class: "activity" }, activityBadge(workout.activity, 20), activityName(workout.activity)),
      el("span", { text: dateTime(workout.startDate) }))),
    el("dl", {},
      el("div", {}, el("dt", { text: "Distance" }), el("dd", { text: `${length.value} ${length.unit}` })),
      el("div", {}, el("dt", { text: "Duration" }), el("dd", { text: seconds === null || seconds === undefined ? "–" : duration(seconds) }))));
}

function render() {
  list.replaceChildren(...workouts.map(card));
  listStatus.replaceChildren();
  if (workouts.length === 0) {
    listStatus.append(el("p", { class: "muted", text: "No workouts yet: drop a file above to store one." }));
  }
}

async function loadWorkouts() {
  try {
    const answer = await requestJSON("v1/workouts");
    workouts = [...answer.workouts].sort(newestFirst);
    render();
  } catch (error) {
    showError(listStatus, error, "The workouts could not be loaded");
  }
}

async function loadSessions() {
  try {
    const answer = await requestJSON("v1/sessions");
    const live = answer.sessions.filter((s) => s.state !== "ended");
    const items = live.map((session) => el("li", {},
      el("a", { href: `live.html?session=${encodeURIComponent(session.id)}` },
        el("span", { class: "activity" }, activityBadge(session.activity, 20), activityName(session.activity))),
      ` · ${session.state === "notStarted" ? "not started" : session.state} · ${duration(session.snapshot?.elapsedSeconds)}`));
    document.getElementById("session-list").replaceChildren(...items);
    document.getElementById("live-section").hidden = items.length === 0;
  } catch {
    // The list of workouts reports the error (a token, a server down); live sessions are extra.
  }
}

async function upload(file) {
  const line = el("li", {}, el("strong", { text: file.name }), ": uploading…");
  uploadLog.prepend(line);
  try {
    const response = await request(`v1/workouts?name=${encodeURIComponent(file.name)}`, {
      method: "POST", body: file, headers: { "Content-Type": contentTypeOf(file.name) },
    });
    const result = await response.json();
    const workout = result.workout;
    const length = distance(workout.distanceMeters, units);
    line.className = "ok";
    line.replaceChildren(el("strong", { text: file.name }),
      result.created ? `: stored, ${activityName(workout.activity)}, ${length.value} ${length.unit}. ` : ": stored before. ",
      el("a", { href: `workout.html?id=${encodeURIComponent(result.id)}`, text: "Open the workout" }));
    if (!workouts.some((w) => w.id === result.id)) {
      workouts.push(workout);
      workouts.sort(newestFirst);
      render();
    }
  } catch (error) {
    line.className = "error";
    // The API's message names the file itself when it says where (`NAME:LINE:COLUMN: what`).
    const located = error.message.startsWith(`${file.name}:`);
    line.replaceChildren(el("strong", { text: file.name }), located ? "" : ": ",
      el("span", { class: "message", text: located ? error.message.slice(file.name.length) : error.message }),
      error.code ? el("span", { class: "muted" }, " (", el("code", { text: error.code }), ")") : null);
    if (error.code === "unauthorized") showError(listStatus, error);
  }
}

async function uploadAll(files) {
  for (const file of files) await upload(file);
  loadSessions();
}

fileInput.addEventListener("change", () => {
  uploadAll([...fileInput.files]);
  fileInput.value = "";
});
// A file dropped anywhere on the page is uploaded (never opened by the browser in place of the page).
document.addEventListener("dragover", (event) => {
  if (!event.dataTransfer?.types.includes("Files")) return;
  event.preventDefault();
  dropZone.classList.add("dragging");
});
document.addEventListener("dragleave", (event) => {
  if (event.relatedTarget === null) dropZone.classList.remove("dragging");
});
document.addEventListener("drop", (event) => {
  if (!event.dataTransfer?.files.length) return;
  event.preventDefault();
  dropZone.classList.remove("dragging");
  uploadAll([...event.dataTransfer.files]);
});
dropZone.addEventListener("submit", (event) => event.preventDefault());

loadWorkouts();
loadSessions();
