#!/usr/bin/env python3
"""Drives the workout-server pages in a real headless Chromium (scripts/test-web.sh starts the server).

Chrome DevTools Protocol over --remote-debugging-pipe (file descriptors 3 and 4, NUL-separated JSON), from the
Python standard library only. Against the real server, it:
  - uploads a recording by choosing the file, and a broken one by dropping it, and checks the list and the
    API's error as the page shows it;
  - opens the workout page (map, splits, charts);
  - replays the workout through a live session at a chosen speed and reads the Duration over time: it
    advances while running (at the replay's speed), is redrawn on at least 25 animation frames a second,
    does not change and is not redrawn at all during a 3 s pause, and continues from where it stopped;
    Pause and Resume are pressed with the keyboard, End is clicked and shown only while paused, and the
    "Saving workout" overlay leads to the stored workout's page;
  - on every page: no script error, no request beyond the server, every text passing WCAG AA contrast,
    named controls, and no horizontal scrolling at 390 px;
  - takes screenshots of the three pages (wide and at 390 px) into --screenshots.

Usage: test-web.py --base URL --token TOKEN --track PATH --broken PATH --screenshots DIR [--speed X]
"""

import argparse
import base64
import json
import os
import re
import select
import subprocess
import sys
import tempfile
import time

STEP_TIMEOUT = 30.0


class Failure(Exception):
    """A check that did not hold: the message says what was expected and what was found."""


def check(condition, message):
    if not condition:
        raise Failure(message)


class Browser:
    """One headless Chromium, spoken to over the DevTools pipe."""

    def __init__(self, chromium, profile_dir):
        to_chrome_read, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_write = os.pipe()

        def give_pipe_fds():
            # Chromium reads commands on fd 3 and writes answers on fd 4; dup first so that a pipe end that
            # already is fd 3 or 4 is not closed by the other dup2.
            a, b = os.dup(to_chrome_read), os.dup(from_chrome_write)
            os.dup2(a, 3)
            os.dup2(b, 4)

        arguments = [
            chromium, "--headless", "--remote-debugging-pipe", "--no-first-run", "--no-default-browser-check",
            "--disable-gpu", "--disable-extensions", "--disable-background-networking", "--disable-sync",
            "--disable-component-update", "--disable-background-timer-throttling",
            "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows",
            f"--user-data-dir={profile_dir}", "--window-size=1200,900",
            # Chromium's sandbox refuses to run as root and needs user namespaces a container may not give;
            # the browser only ever loads this test's own server.
            "--no-sandbox", "about:blank",
        ]
        self.log = open(os.path.join(profile_dir, "chromium.log"), "wb")
        self.process = subprocess.Popen(arguments, preexec_fn=give_pipe_fds, close_fds=False,
                                        stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log)
        os.close(to_chrome_read)
        os.close(from_chrome_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def close(self):
        try:
            if self.process.poll() is None:
                try:
                    self.send("Browser.close", session=False, wait=False)
                except OSError:
                    pass
                try:
                    self.process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait(timeout=5)
        finally:
            for fd in (self.to_chrome, self.from_chrome):
                try:
                    os.close(fd)
                except OSError:
                    pass
            self.log.close()

    def _read_messages(self, timeout):
        ready, _, _ = select.select([self.from_chrome], [], [], max(timeout, 0))
        if not ready:
            return
        chunk = os.read(self.from_chrome, 1 << 20)
        if not chunk:
            raise Failure("Chromium closed the DevTools pipe (see chromium.log)")
        self.buffer += chunk
        while b"\0" in self.buffer:
            message, self.buffer = self.buffer.split(b"\0", 1)
            yield json.loads(message)

    def send(self, method, params=None, session=True, wait=True, timeout=STEP_TIMEOUT):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        if not wait:
            return None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for reply in self._read_messages(deadline - time.monotonic()):
                if reply.get("id") == self.next_id:
                    if "error" in reply:
                        raise Failure(f"{method}: {reply['error']}")
                    return reply.get("result", {})
                if "method" in reply:
                    self.events.append(reply)
        raise Failure(f"{method}: no answer from Chromium in {timeout:.0f} s")

    def pump(self, seconds=0.0):
        """Reads the events that arrive within `seconds`."""
        deadline = time.monotonic() + seconds
        while True:
            remaining = deadline - time.monotonic()
            for event in self._read_messages(max(remaining, 0)):
                if "method" in event:
                    self.events.append(event)
            if remaining <= 0:
                return

    def open_page(self):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)
        attached = self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}, session=False)
        self.session = attached["sessionId"]
        for domain in ("Page", "Runtime", "Network", "Log", "DOM"):
            self.send(f"{domain}.enable")

    def evaluate(self, expression, await_promise=False, timeout=STEP_TIMEOUT):
        result = self.send("Runtime.evaluate", {
            "expression": expression, "returnByValue": True, "awaitPromise": await_promise,
        }, timeout=timeout)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise Failure(f"script failed: {text}\n  in: {expression[:200]}")
        return result["result"].get("value")

    def wait_for(self, expression, what, timeout=STEP_TIMEOUT, interval=0.05):
        """Evaluates `expression` until it is truthy; returns its value."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            last = self.evaluate(expression)
            if last:
                return last
            self.pump(interval)
        raise Failure(f"timed out after {timeout:.0f} s waiting for {what} (last value: {last!r})")

    def navigate(self, url):
        self.send("Page.navigate", {"url": url})
        self.wait_for("document.readyState === 'complete' && location.href !== 'about:blank'", f"{url} to load")

    def set_width(self, width, height=900, mobile=False):
        self.send("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 2 if mobile else 1, "mobile": mobile,
        })

    def screenshot(self, path, full_page=True):
        params = {"format": "png", "captureBeyondViewport": full_page}
        if full_page:
            metrics = self.send("Page.getLayoutMetrics")
            size = metrics["cssContentSize"]
            params["clip"] = {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}
        data = self.send("Page.captureScreenshot", params)["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def center_of(self, selector):
        return self.evaluate(f"""(() => {{
            const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2];
        }})()""")

    def click(self, selector):
        self.evaluate(f"document.querySelector({json.dumps(selector)}).scrollIntoView({{block: 'center'}})")
        x, y = self.center_of(selector)
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})

    def press_enter_on(self, selector):
        """Focuses `selector` and presses Enter, as a keyboard user does."""
        self.evaluate(f"document.querySelector({json.dumps(selector)}).focus()")
        check(self.evaluate(f"document.activeElement === document.querySelector({json.dumps(selector)})"),
              f"{selector} cannot take the keyboard focus")
        for kind in ("keyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", {
                "type": kind, "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "text": "\r" if kind == "keyDown" else "",
            })


# Checks run in the page: every text's contrast against what is behind it (WCAG 2.1 relative luminance),
# names of controls, one h1, a language, images with text alternatives.
AUDIT = r"""
(() => {
  const problems = [];
  const parse = (c) => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const over = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a), g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a), a: 1,
  });
  const background = (element) => {
    const layers = [];
    for (let e = element; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
    }
    let color = { r: 255, g: 255, b: 255, a: 1 };
    for (const layer of layers.reverse()) color = over(layer, color);
    return color;
  };
  const luminance = ({ r, g, b }) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  let checked = 0;
  let lowest = Infinity;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.nodeValue.trim()) continue;
    const element = node.parentElement;
    if (!element || element.closest("[hidden], dialog:not([open]), .visually-hidden, svg, script, style")) continue;
    const style = getComputedStyle(element);
    if (style.visibility === "hidden" || style.display === "none" || element.getClientRects().length === 0) continue;
    const rect = element.getBoundingClientRect();
    if (rect.right < 0 || rect.bottom < -10000) continue;  // the skip link waits off-screen
    const fg = parse(style.color);
    const bg = background(element);
    const text = over(fg, bg);
    const [l1, l2] = [luminance(text), luminance(bg)].sort((a, b) => b - a);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const needed = large ? 3 : 4.5;
    checked += 1;
    lowest = Math.min(lowest, ratio);
    if (ratio < needed) problems.push(`contrast ${ratio.toFixed(2)} < ${needed} for "${node.nodeValue.trim().slice(0, 40)}" (${style.color} on rgb(${Math.round(bg.r)},${Math.round(bg.g)},${Math.round(bg.b)}))`);
  }
  for (const control of document.querySelectorAll("button, a[href], input:not([type=hidden]), select")) {
    if (control.closest("[hidden]") || control.getClientRects().length === 0) continue;
    const labelled = control.getAttribute("aria-label") || control.textContent.trim() ||
      (control.id && document.querySelector(`label[for="${control.id}"]`)) || control.closest("label");
    if (!labelled) problems.push(`control without a name: ${control.outerHTML.slice(0, 80)}`);
  }
  for (const image of document.querySelectorAll("img")) {
    if (!image.hasAttribute("alt")) problems.push(`image without alt: ${image.src.slice(0, 60)}`);
  }
  for (const figure of document.querySelectorAll("canvas, svg[role=img]")) {
    if (!figure.getAttribute("aria-label")) problems.push(`${figure.tagName} without aria-label`);
  }
  if (document.querySelectorAll("h1").length !== 1) problems.push(`${document.querySelectorAll("h1").length} h1 elements`);
  if (!document.documentElement.lang) problems.push("no lang on <html>");
  if (document.documentElement.scrollWidth > window.innerWidth + 1) {
    problems.push(`scrolls sideways: ${document.documentElement.scrollWidth} px wide in a ${window.innerWidth} px window`);
  }
  return { problems, checked, lowest };
})()
"""

# Counts the page's animation-frame callbacks, installed before any script of the page runs.
COUNT_ANIMATION_FRAMES = r"""
window.__animationFrames = 0;
const __request = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (callback) => __request((t) => { window.__animationFrames += 1; callback(t); });
"""


def seconds_of(text):
    """`M:SS` or `H:MM:SS` as seconds."""
    check(re.fullmatch(r"\d+:\d\d(:\d\d)?", text or ""), f"Duration {text!r} is not M:SS or H:MM:SS")
    parts = [int(p) for p in text.split(":")]
    return parts[0] * 3600 + parts[1] * 60 + parts[2] if len(parts) == 3 else parts[0] * 60 + parts[1]


class Run:
    def __init__(self, browser, options):
        self.browser = browser
        self.base = options.base.rstrip("/")
        self.options = options
        self.figures = {}

    def audit(self, page):
        """The page's audit, plus the script errors and foreign requests seen since the last audit."""
        report = self.browser.evaluate(AUDIT)
        problems = list(report["problems"])
        self.browser.pump(0.1)
        for event in self.browser.events:
            method, params = event["method"], event.get("params", {})
            if method == "Runtime.exceptionThrown":
                details = params["exceptionDetails"]
                problems.append("script error: " + (details.get("exception", {}).get("description") or details.get("text", "")))
            elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
                entry = params["entry"]
                # A 404 the page asked for and handled (the saving overlay polls for the stored workout) is not an error.
                if not (entry.get("source") == "network" and "404" in entry.get("text", "")):
                    problems.append(f"console error ({entry.get('source')}): {entry.get('text')}")
            elif method == "Network.requestWillBeSent":
                url = params["request"]["url"]
                if not (url.startswith(self.base + "/") or url.startswith("blob:") or url.startswith("data:") or url == "about:blank"):
                    problems.append(f"request beyond the server: {url}")
        self.browser.events.clear()
        check(not problems, f"{page}: " + "; ".join(problems))
        self.figures[f"contrast_lowest_{page}"] = round(report["lowest"], 2)
        print(f"  {page}: {report['checked']} texts checked, lowest contrast {report['lowest']:.2f}:1")

    def both_widths(self, page, name, ready, phone_full_page=True):
        """Audits and photographs the page wide, then at a phone's 390 px (the whole page, or its first
        screen)."""
        browser = self.browser
        browser.set_width(1200)
        browser.wait_for(ready, f"{page} to be drawn")
        self.audit(page)
        browser.screenshot(os.path.join(self.options.screenshots, f"{name}.png"))
        browser.set_width(390, 844, mobile=True)
        browser.pump(0.3)
        browser.wait_for(ready, f"{page} to be drawn at 390 px")
        self.audit(f"{page} at 390 px")
        browser.screenshot(os.path.join(self.options.screenshots, f"{name}-phone.png"), full_page=phone_full_page)
        browser.set_width(1200)

    def workouts_page(self):
        browser = self.browser
        print("Workouts page: upload by choosing a file, then drop a broken one")
        browser.navigate(f"{self.base}/")
        browser.wait_for("document.querySelector('#list-status p, #workout-list li') !== null", "the list")
        check(browser.evaluate("document.querySelectorAll('#workout-list li').length") == 0, "a fresh store lists workouts")
        node = browser.send("DOM.getDocument")["root"]["nodeId"]
        input_node = browser.send("DOM.querySelector", {"nodeId": node, "selector": "#upload-files"})["nodeId"]
        files = [os.path.abspath(self.options.track), os.path.abspath(self.options.laps_track)]
        browser.send("DOM.setFileInputFiles", {"nodeId": input_node, "files": files})
        browser.wait_for("document.querySelectorAll('#upload-log li.ok').length === 2", "both uploads to be stored")
        browser.wait_for("document.querySelectorAll('#workout-list li').length === 2", "both workouts in the list")
        ids = browser.evaluate("""[...document.querySelectorAll('#upload-log li.ok')].reverse().map((li) =>
            new URLSearchParams(li.querySelector('a').search).get('id'))""")
        self.workout_id, self.laps_workout_id = ids
        cards = browser.evaluate("[...document.querySelectorAll('#workout-list li')].map((li) => li.innerText)")
        for card in cards:
            check("Distance" in card and "Duration" in card, f"a card lacks distance or duration: {card!r}")
        shown = browser.evaluate("[...document.querySelectorAll('#workout-list li')].map((li) => li.dataset.workoutId)")
        dates = browser.evaluate("""fetch('v1/workouts', { headers: { Authorization: 'Bearer ' + localStorage.getItem('workout-server.token') } })
            .then((r) => r.json()).then((a) => Object.fromEntries(a.workouts.map((w) => [String(w.id), w.startDate])))""", await_promise=True)
        newest_first = sorted(dates, key=lambda i: dates[i], reverse=True)
        check(shown == newest_first, f"the list is not newest first: {shown}, dates {dates}")

        # Drag and drop: a broken GPX dropped on the page shows the API's error with its line and column.
        with open(self.options.broken, "rb") as file:
            broken = file.read().decode()
        browser.evaluate(f"""(() => {{
            const transfer = new DataTransfer();
            transfer.items.add(new File([{json.dumps(broken)}], {json.dumps(os.path.basename(self.options.broken))}, {{ type: "application/gpx+xml" }}));
            const zone = document.getElementById("upload");
            zone.dispatchEvent(new DragEvent("dragover", {{ dataTransfer: transfer, bubbles: true, cancelable: true }}));
            zone.dispatchEvent(new DragEvent("drop", {{ dataTransfer: transfer, bubbles: true, cancelable: true }}));
        }})()""")
        message = browser.wait_for("document.querySelector('#upload-log li.error')?.innerText", "the upload error")
        name = os.path.basename(self.options.broken)
        check(re.search(re.escape(name) + r":\d+:\d+: ", message), f"the error does not say where (NAME:LINE:COLUMN:): {message!r}")
        check("malformed_input" in message, f"the error does not give the API's code: {message!r}")
        print(f"  upload error shown: {message.splitlines()[0][:120]}")
        # The 400 the browser logged for the broken file is the point of that step, not a page error.
        browser.events.clear()
        self.both_widths("workouts", "web-workouts", "document.querySelectorAll('#workout-list li').length === 2")

    def formats(self):
        """The pages' number forms against worked examples (1 mi = 1609.344 m, 1 ft = 0.3048 m)."""
        got = self.browser.evaluate("""import('./js/format.js').then((f) => [
            f.duration(59.9), f.duration(3599), f.duration(3725), f.duration(-4),
            f.pace(300, 'metric').value, f.pace(300, 'imperial').value, f.pace(null, 'metric').value,
            f.speed(10, 'metric').value, f.speed(10, 'imperial').value,
            f.distance(12690.7, 'metric').value, f.distance(12690.7, 'imperial').value,
            f.elevation(100, 'imperial').value, f.energy(401.4).value,
        ])""", await_promise=True)
        expected = ["0:59", "59:59", "1:02:05", "0:00", "5:00", "8:03", "--:--", "36.0", "22.4", "12.69", "7.89", "328", "401"]
        check(got == expected, f"number forms {got} instead of {expected}")

    def workout_page(self):
        print("Workout page")
        self.browser.navigate(f"{self.base}/workout.html?id={self.laps_workout_id}")
        ready = ("document.querySelector('#map img')?.complete && document.querySelector('#map img').naturalWidth > 0 && "
                 "document.querySelectorAll('#charts figure').length === 3 && document.querySelectorAll('#splits tbody tr').length > 0 && "
                 "document.querySelectorAll('#laps tbody tr').length === 3")
        self.both_widths("workout", "web-workout", ready, phone_full_page=False)
        # Each lap shows the device's own lap beside the engine's: the file's Lap DistanceMeters and
        # TotalTimeSeconds, read here from the TCX text, in km and M:SS (units are metric here).
        with open(self.options.laps_track, encoding="utf-8") as file:
            stated = re.findall(r"<Lap StartTime=\"[^\"]+\">\s*<TotalTimeSeconds>([0-9.]+)</TotalTimeSeconds>\s*"
                                r"<DistanceMeters>([0-9.]+)</DistanceMeters>", file.read())
        expected = [f"{float(meters) / 1000:.2f} in {int(float(seconds)) // 60}:{int(float(seconds)) % 60:02d}" for seconds, meters in stated]
        shown = self.browser.evaluate("[...document.querySelectorAll('#laps tbody td.device-lap')].map((td) => td.textContent)")
        check(len(expected) == 3 and shown == expected, f"the laps' Device column reads {shown}, the file's laps {expected}")
        print(f"  device laps: {shown}")

    def duration(self):
        return self.browser.evaluate("document.getElementById('duration').firstChild.nodeValue")

    def counters(self):
        return self.browser.evaluate("""({
            redraws: Number(document.getElementById('duration').dataset.redraws),
            frames: window.__animationFrames,
            now: performance.now(),
            state: document.getElementById('state').dataset.state,
            endHidden: document.getElementById('end').hidden,
        })""")

    def readings(self, seconds, interval=0.1):
        """The Duration text every `interval` for at least `seconds`, the last reading at or after
        `seconds`: [(wall seconds, text)]."""
        out = []
        start = time.monotonic()
        while True:
            now = time.monotonic()
            out.append((now, self.duration()))
            if now - start >= seconds:
                return out
            self.browser.pump(min(interval, max(start + seconds - now, 0.001)))

    def live_page(self):
        browser = self.browser
        speed = self.options.speed
        print(f"Live page: replay at {speed}x")
        browser.navigate(f"{self.base}/live.html?replay={self.workout_id}&speed={speed}")
        browser.wait_for("document.getElementById('state').dataset.state === 'running'", "the replay to run")
        browser.wait_for("Number(document.getElementById('duration').dataset.redraws) > 0", "the Duration to be drawn")
        browser.pump(1.0)

        # Running: the Duration advances, at the replay's speed, redrawn on every animation frame.
        check(self.counters()["endHidden"], "End is shown while running")
        before = self.counters()
        running = self.readings(2.0)
        after = self.counters()
        values = [seconds_of(text) for _, text in running]
        check(all(b >= a for a, b in zip(values, values[1:])), f"the Duration went back while running: {values}")
        advanced = values[-1] - values[0]
        wall = running[-1][0] - running[0][0]
        check(advanced >= 1, f"the Duration did not advance while running: {[t for _, t in running]}")
        ratio = advanced / wall / speed
        check(0.5 <= ratio <= 1.5, f"the Duration ran at {advanced / wall:.1f} s per second, not about {speed}")
        rate = (after["redraws"] - before["redraws"]) / ((after["now"] - before["now"]) / 1000)
        check(rate >= 25, f"only {rate:.1f} Duration redraws per second while running (at least 25 expected)")
        self.figures["running_redraws_per_second"] = round(rate, 1)
        self.figures["running_duration_rate"] = round(advanced / wall, 2)
        print(f"  running: {running[0][1]} -> {running[-1][1]} in {wall:.1f} s, {rate:.0f} redraws/s")

        # Pause with the keyboard: frozen text, no redraw and no animation frame at all for 3 s.
        browser.press_enter_on("#pause")
        browser.wait_for("document.getElementById('state').dataset.state === 'paused'", "the pause")
        check(browser.evaluate("document.activeElement.id") == "resume", "the focus did not move to Resume")
        browser.pump(0.3)
        frozen_counters = self.counters()
        paused = self.readings(3.0, interval=0.2)
        paused_after = self.counters()
        texts = {text for _, text in paused}
        check(len(texts) == 1, f"the Duration changed during the pause: {[t for _, t in paused]}")
        check(paused_after["redraws"] == frozen_counters["redraws"],
              f"{paused_after['redraws'] - frozen_counters['redraws']} Duration redraws during the pause")
        check(paused_after["frames"] == frozen_counters["frames"],
              f"{paused_after['frames'] - frozen_counters['frames']} animation frames requested during the pause")
        check(not paused_after["endHidden"], "End is not shown while paused")
        frozen = paused[0][1]
        self.figures["paused_redraws"] = paused_after["redraws"] - frozen_counters["redraws"]
        self.figures["paused_animation_frames"] = paused_after["frames"] - frozen_counters["frames"]
        print(f"  paused: {frozen} for {paused[-1][0] - paused[0][0]:.1f} s, 0 redraws, 0 animation frames")
        browser.screenshot(os.path.join(self.options.screenshots, "web-live.png"), full_page=False)

        # Resume with the keyboard: the Duration continues from where it stopped.
        resumed_at = time.monotonic()
        browser.press_enter_on("#resume")
        browser.wait_for("document.getElementById('state').dataset.state === 'running'", "the resume")
        check(self.counters()["endHidden"], "End is shown while running after the resume")
        resumed = self.readings(1.5)
        values = [seconds_of(text) for _, text in resumed]
        first_gap = values[0] - seconds_of(frozen)
        allowed = (resumed[0][0] - resumed_at) * speed + 2
        check(0 <= first_gap <= allowed,
              f"after the resume the Duration went from {frozen} to {resumed[0][1]} (at most {allowed:.0f} s on expected)")
        check(values[-1] > values[0], f"the Duration did not advance after the resume: {[t for _, t in resumed]}")
        print(f"  resumed: {frozen} -> {resumed[0][1]} -> {resumed[-1][1]}")

        # Imperial units: the same figures in miles (the switch in the header, kept for every page).
        metric = browser.evaluate("[document.getElementById('distance').innerText, document.getElementById('fourth').innerText]")
        browser.click('input[name="units"][value="imperial"]')
        imperial = browser.wait_for("""document.querySelector('#distance .unit').textContent === 'mi' &&
            [document.getElementById('distance').innerText, document.getElementById('fourth').innerText]""", "miles")
        check(imperial[1].endswith("/mi"), f"the pace is not per mile: {imperial[1]!r}")
        kilometres, miles = float(metric[0].split()[0].replace("km", "")), float(imperial[0].split()[0].replace("mi", ""))
        check(abs(kilometres / 1.609344 - miles) < 0.1, f"{metric[0]!r} is not {imperial[0]!r}")
        print(f"  units: {metric[0]!r} {metric[1]!r} -> {imperial[0]!r} {imperial[1]!r}")
        browser.click('input[name="units"][value="metric"]')
        browser.wait_for("document.querySelector('#distance .unit').textContent === 'km'", "kilometres again")

        # The phone layout while running, then pause with the mouse, and End.
        browser.set_width(390, 844, mobile=True)
        browser.pump(1.0)
        self.audit("live at 390 px")
        browser.screenshot(os.path.join(self.options.screenshots, "web-live-phone.png"), full_page=False)
        browser.set_width(1200)
        browser.click("#pause")
        browser.wait_for("document.getElementById('state').dataset.state === 'paused' && !document.getElementById('end').hidden", "the second pause")
        self.audit("live")
        browser.click("#end")
        browser.wait_for("document.getElementById('saving').open || location.pathname.endsWith('workout.html')", "the Saving workout overlay")
        saw_overlay = browser.evaluate("document.getElementById('saving')?.open === true")
        stored = browser.wait_for("location.pathname.endsWith('workout.html') && new URLSearchParams(location.search).get('id')", "the stored workout's page")
        check(stored != self.workout_id, "End opened the replayed workout, not the new one")
        browser.wait_for("document.getElementById('workout') && !document.getElementById('workout').hidden", "the stored workout to show")
        title = browser.evaluate("document.getElementById('title').innerText")
        print(f"  ended: {'overlay shown, then ' if saw_overlay else ''}workout {stored} ({title})")
        self.audit("stored replay")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True)
    parser.add_argument("--token", default="")
    parser.add_argument("--track", required=True, help="uploaded and replayed (one segment, no pauses)")
    parser.add_argument("--laps-track", required=True, help="uploaded and shown on the workout page (laps, heart rate, elevation)")
    parser.add_argument("--broken", required=True)
    parser.add_argument("--screenshots", required=True)
    parser.add_argument("--speed", type=float, default=10)
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--figures", help="write the measured figures here as JSON")
    options = parser.parse_args()
    os.makedirs(options.screenshots, exist_ok=True)

    with tempfile.TemporaryDirectory(prefix="test-web-chromium-") as profile:
        browser = Browser(options.chromium, profile)
        try:
            browser.open_page()
            setup = COUNT_ANIMATION_FRAMES
            if options.token:
                # The token the pages send, as a person would paste it into the page's token form.
                setup += f"\nif (location.origin === {json.dumps(options.base.rstrip('/'))}) localStorage.setItem('workout-server.token', {json.dumps(options.token)});"
            browser.send("Page.addScriptToEvaluateOnNewDocument", {"source": setup})
            run = Run(browser, options)
            run.workouts_page()
            run.formats()
            run.workout_page()
            run.live_page()
            if options.figures:
                with open(options.figures, "w") as file:
                    json.dump(run.figures, file, indent=2)
        except Failure as failure:
            print(f"test-web: FAILED: {failure}", file=sys.stderr)
            try:
                path = os.path.join(options.screenshots, "failure.png")
                browser.screenshot(path, full_page=False)
                print(f"test-web: the page at the failure: {path}", file=sys.stderr)
            except Exception:  # the browser may be gone
                pass
            return 1
        finally:
            browser.close()
    print("test-web: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
