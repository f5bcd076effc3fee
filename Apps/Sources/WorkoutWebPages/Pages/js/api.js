// The workout-server API as the pages use it (Schemas/workout-server.openapi.yaml): JSON requests with the
// bearer token when one is stored, errors as the API gives them, and Server-Sent Events read through fetch
// (EventSource cannot send an Authorization header).

const tokenKey = "workout-server.token";

/** The stored bearer token, or null (a server started with --no-auth needs none). */
export function storedToken() {
  try { return localStorage.getItem(tokenKey); } catch { return null; }
}

/** Stores (or, with an empty value, forgets) the bearer token. */
export function storeToken(token) {
  try {
    if (token) localStorage.setItem(tokenKey, token); else localStorage.removeItem(tokenKey);
  } catch { /* storage unavailable: the token lasts as long as the page */ }
}

/** An answer that was not a success: `code` and `message` are the API's `{"error", "message"}`. */
export class APIError extends Error {
  constructor(status, code, message, body) {
    super(message);
    this.name = "APIError";
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

function headersWith(extra) {
  const headers = new Headers(extra ?? {});
  const token = storedToken();
  if (token && !headers.has("Authorization")) headers.set("Authorization", `Bearer ${token}`);
  return headers;
}

async function errorOf(response) {
  let body = null;
  const text = await response.text().catch(() => "");
  try { body = JSON.parse(text); } catch { /* not JSON */ }
  if (body && typeof body.error === "string") {
    return new APIError(response.status, body.error, body.message ?? body.error, body);
  }
  const what = text.trim() ? text.trim().slice(0, 300) : response.statusText;
  return new APIError(response.status, `http_${response.status}`, `HTTP ${response.status}: ${what}`, null);
}

/** A request; resolves to the Response of a 2xx answer, rejects with an APIError otherwise. */
export async function request(path, { method = "GET", body, headers, signal } = {}) {
  let response;
  try {
    response = await fetch(path, { method, body, headers: headersWith(headers), signal });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new APIError(0, "network", `The server did not answer (${error.message}).`, null);
  }
  if (!response.ok) throw await errorOf(response);
  return response;
}

/** A request whose answer is JSON; `json` is sent as the body when given. */
export async function requestJSON(path, { method = "GET", json, signal } = {}) {
  const options = { method, signal };
  if (json !== undefined) {
    options.body = JSON.stringify(json);
    options.headers = { "Content-Type": "application/json" };
  }
  const response = await request(path, options);
  return response.status === 204 ? null : response.json();
}

/** A request whose answer is shown as an image or saved as a file: an object URL of the body. */
export async function requestObjectURL(path, { signal } = {}) {
  const response = await request(path, { signal });
  return URL.createObjectURL(await response.blob());
}

/** The content type of a workout file, from its name (the server also sniffs the first bytes). */
export function contentTypeOf(fileName) {
  const extension = fileName.toLowerCase().split(".").pop();
  return {
    gpx: "application/gpx+xml",
    tcx: "application/vnd.garmin.tcx+xml",
    fit: "application/vnd.ant.fit",
    json: "application/json",
    ndjson: "application/x-ndjson",
    jsonl: "application/x-ndjson",
  }[extension] ?? "application/octet-stream";
}

/**
 * Reads a Server-Sent Events stream and calls `onEvent(name, data)` for each event (`data` parsed as JSON
 * when it is JSON). Resolves when the stream ends; rejects with an APIError when the request fails.
 */
export async function readEvents(path, onEvent, { signal } = {}) {
  const response = await request(path, { headers: { Accept: "text/event-stream" }, signal });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let name = "message";
  let data = [];
  const dispatch = () => {
    if (data.length > 0) {
      const text = data.join("\n");
      let value = text;
      try { value = JSON.parse(text); } catch { /* plain text */ }
      onEvent(name, value);
    }
    name = "message";
    data = [];
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let newline;
    while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
      // A lone CR at the end may be the first half of a CRLF: wait for the next chunk.
      if (buffer[newline] === "\r" && newline === buffer.length - 1) break;
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith("\r\n", newline) ? 2 : 1));
      if (line === "") { dispatch(); continue; }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      let fieldValue = colon < 0 ? "" : line.slice(colon + 1);
      if (fieldValue.startsWith(" ")) fieldValue = fieldValue.slice(1);
      if (field === "event") name = fieldValue;
      else if (field === "data") data.push(fieldValue);
    }
  }
  dispatch();
}
