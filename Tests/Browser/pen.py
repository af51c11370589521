"""Synthetic pen input through the Chrome DevTools Protocol: real Pointer Events of type "pen",
with pressure and tilt, delivered to the page like an Apple Pencil's."""

import math
import time


class Pen:
    def __init__(self, page):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)

    def _send(self, kind, x, y, pressure, tilt):
        self.cdp.send("Input.dispatchMouseEvent", {
            "type": kind, "x": x, "y": y, "button": "left", "buttons": 1 if kind != "mouseReleased" else 0,
            "clickCount": 1, "pointerType": "pen", "force": pressure, "tiltX": tilt[0], "tiltY": tilt[1],
        })

    def stroke(self, points, pressure=lambda i, n: 0.35 + 0.4 * math.sin(math.pi * i / max(1, n - 1)), interval=None):
        """Draws one pen-down stroke through client-space points; with `interval` (seconds) the
        points are sent that far apart in time, so the pen moves at a known speed."""
        n = len(points)
        began = time.monotonic()
        for i, (x, y) in enumerate(points):
            if interval:
                time.sleep(max(0.0, began + i * interval - time.monotonic()))
            p = pressure(i, n)
            tilt = (-20 + 10 * math.sin(i / 7), 15)
            kind = "mousePressed" if i == 0 else "mouseMoved"
            self._send(kind, x, y, p, tilt)
        x, y = points[-1]
        self._send("mouseReleased", x, y, 0.0, (0, 0))


class Finger:
    """Synthetic touches through the Chrome DevTools Protocol (the page needs a context with
    `has_touch`): real Pointer Events of type "touch", as a child's finger or a resting palm."""

    def __init__(self, page):
        self.cdp = page.context.new_cdp_session(page)

    def _send(self, kind, points):
        self.cdp.send("Input.dispatchTouchEvent", {
            "type": kind, "touchPoints": [{"x": x, "y": y, "id": i, "radiusX": 6, "radiusY": 6} for i, (x, y) in points]})

    def press(self, x, y, touch_id=1):
        """A touch that stays down (a resting palm) until `lift`."""
        self._send("touchStart", [(touch_id, (x, y))])

    def press_together(self, spots, first_id=1):
        """Several touches that stay down (a palm resting with its heel and its side), until `lift`."""
        for n in range(1, len(spots) + 1):
            self._send("touchStart", [(first_id + i, spot) for i, spot in enumerate(spots[:n])])

    def lift(self):
        self._send("touchEnd", [])

    def stroke(self, points, interval=0.012):
        """One finger stroke through client-space points, `interval` seconds apart."""
        self._send("touchStart", [(1, points[0])])
        for point in points[1:]:
            time.sleep(interval)
            self._send("touchMove", [(1, point)])
        self._send("touchEnd", [])


def glyph_to_client(page, points, layer="guides"):
    """Maps glyph units to client coordinates using a guide layer's viewBox and box (Schule's
    `guides`, or Werkstatt's `werkstatt-guides`)."""
    box = page.evaluate("""(layer) => {
        const svg = document.getElementById(layer);
        const vb = svg.viewBox.baseVal, r = svg.getBoundingClientRect();
        return {vx: vb.x, vy: vb.y, vw: vb.width, left: r.left, top: r.top, width: r.width};
    }""", layer)
    s = box["width"] / box["vw"]
    return [(box["left"] + (x - box["vx"]) * s, box["top"] + (y - box["vy"]) * s) for x, y in points]


def densify(points, step=3.0):
    """Interpolates a polyline so neighbouring points are at most `step` units apart."""
    out = [points[0]]
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        d = math.hypot(bx - ax, by - ay)
        k = max(1, int(math.ceil(d / step)))
        out += [(ax + (bx - ax) * i / k, ay + (by - ay) * i / k) for i in range(1, k + 1)]
    return out


def tap(page, pen, x, y):
    """A pen tap at glyph units (x, y)."""
    pen.stroke(glyph_to_client(page, [(x, y)]), pressure=lambda i, n: 0.4)


def start_dots(page):
    """Centres of the drawn start dots (glyph units), in stroke order."""
    return page.evaluate("""() => [...document.querySelectorAll('#guides g.start circle.start-dot')]
        .map(c => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))])""")
