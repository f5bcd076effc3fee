// What every page shares: building elements, the units switch in the header, and errors (a token form
// when the server asks for one).

import { storeToken } from "./api.js";
import { preferredUnits, storeUnits } from "./format.js";

/** An HTML element with attributes (`class`, `text`, event handlers as `onclick`…) and children. */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") element.textContent = value;
    else if (key.startsWith("on") && typeof value === "function") element.addEventListener(key.slice(2), value);
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** A number with its unit in a smaller span: `4.67 <span class=unit>km</span>`. */
export function valueWithUnit({ value, unit }, unitClass = "unit") {
  const fragment = document.createDocumentFragment();
  fragment.append(value);
  if (unit) fragment.append(el("span", { class: unitClass, text: unit }));
  return fragment;
}

/** Wires the header's units switch; calls `onChange(units)` when the person changes it. Returns the units. */
export function setUpUnits(onChange) {
  const units = preferredUnits();
  for (const input of document.querySelectorAll('.units input[name="units"]')) {
    input.checked = input.value === units;
    input.addEventListener("change", () => {
      if (!input.checked) return;
      storeUnits(input.value);
      onChange(input.value);
    });
  }
  return units;
}

/** Shows `error` in `container`: the API's message, or a form for the token when the server wants one. */
export function showError(container, error, what) {
  container.replaceChildren();
  if (error && error.code === "unauthorized") {
    const input = el("input", { id: "token", name: "token", type: "password", autocomplete: "off", required: true });
    const form = el("form", { class: "sign-in notice" },
      el("p", { text: "This server needs a token. Paste the one that `workout-server token create ATHLETE` printed." }),
      el("label", { for: "token", text: "Token" }),
      input,
      el("div", {}, el("button", { class: "button", type: "submit", text: "Use this token" })));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      storeToken(input.value.trim());
      location.reload();
    });
    container.append(form);
    return;
  }
  const message = error?.message ?? String(error);
  container.append(el("p", { class: "notice error", role: "alert" }, what ? `${what}: ${message}` : message));
}

/** The query parameter `name` of the page's address. */
export function queryParameter(name) {
  return new URLSearchParams(location.search).get(name);
}
