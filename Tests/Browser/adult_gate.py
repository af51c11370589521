"""The adult's side of the gate, as a person does it: read the German number words in the
instruction, type the digits on the (shuffled) keypad, confirm. Also a plain HTTP sign-in for tests
that only need an adult session."""

import json
import re
import urllib.request

UNITS = {"ein": 1, "eins": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9}
TEENS = {"zehn": 10, "elf": 11, "zwölf": 12, "dreizehn": 13, "vierzehn": 14, "fünfzehn": 15, "sechzehn": 16,
         "siebzehn": 17, "achtzehn": 18, "neunzehn": 19}
TENS = {"zwanzig": 20, "dreißig": 30, "vierzig": 40, "fünfzig": 50, "sechzig": 60, "siebzig": 70, "achtzig": 80,
        "neunzig": 90}


def below_hundred(words: str) -> int:
    if words == "":
        return 0
    if words in UNITS:
        return UNITS[words]
    if words in TEENS:
        return TEENS[words]
    if words in TENS:
        return TENS[words]
    unit, _, tens = words.partition("und")
    return UNITS[unit] + TENS[tens]


def number_from_words(words: str) -> int:
    """'dreihundertsiebenundvierzig' → 347 (German, 1…999)."""
    words = words.strip().lower()
    if "hundert" in words:
        head, _, rest = words.partition("hundert")
        return (UNITS[head] if head else 1) * 100 + below_hundred(rest)
    return below_hundred(words)


def solve(instruction: str) -> str:
    match = re.search(r"Tippe die Zahl (\w+)\.", instruction)
    assert match, instruction
    return str(number_from_words(match.group(1)))


def request(server, method, path, body=None, cookie=None, origin=None, host=None):
    """(status, json body, headers) of one HTTP request (`host`: the `Host` header, as a page that
    reached this machine under another name would send it)."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(server.url + path, data=data, method=method)
    if data is not None:
        req.add_header("content-type", "application/json")
    if cookie:
        req.add_header("cookie", cookie)
    if origin:
        req.add_header("origin", origin)
    if host:
        req.add_header("host", host)
    try:
        with urllib.request.urlopen(req) as r:
            raw = r.read()
            return r.status, (json.loads(raw) if raw else None), r.headers
    except urllib.error.HTTPError as e:
        raw = e.read()
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = raw.decode(errors="replace")
        return e.code, parsed, e.headers


def sign_in(server, pin=None) -> str:
    """Solves the gate (and the PIN) over HTTP; returns the `Cookie` header value of the session."""
    status, task, _ = request(server, "GET", "/api/v1/adult/gate")
    assert status == 200, task
    status, reply, headers = request(server, "POST", "/api/v1/adult/gate", {"id": task["id"], "answer": solve(task["instruction"])})
    assert status == 200, reply
    if reply["pinRequired"]:
        status, reply, headers = request(server, "POST", "/api/v1/adult/pin", {"pass": reply["pass"], "pin": pin})
        assert status == 200, reply
    cookie = headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie, cookie
    return cookie.split(";")[0]


_cookies = {}


def _session_key(server):
    """One session per server process: a later server may get a port an earlier one had, and the
    earlier one's cookie means nothing to it."""
    process = getattr(server, "process", None)
    return (server.url, process.pid if process else None)


def adult_cookie(server) -> str:
    """An adult session for this server, signed in once and reused."""
    key = _session_key(server)
    if key not in _cookies:
        _cookies[key] = sign_in(server)
    return _cookies[key]


def adult_request(server, method, path, body=None):
    """A request with the adult session; returns the parsed JSON body (asserting success)."""
    status, data, _ = request(server, method, path, body, cookie=adult_cookie(server))
    if status == 401:  # the session expired, or the server forgot it
        _cookies.pop(_session_key(server), None)
        status, data, _ = request(server, method, path, body, cookie=adult_cookie(server))
    assert 200 <= status < 300, (status, data)
    return data


def create_profile(server, animal, colour, name=None) -> str:
    """A new child made by an adult (as the adult area or the gated "+" does); returns its id."""
    body = {"animal": animal, "colour": colour}
    if name:
        body["name"] = name
    return adult_request(server, "POST", "/api/v1/profiles", body)["id"]


def solve_gate_in_page(page, pin=None):
    """Reads the gate's instruction on screen and types the number on its shuffled keypad (then the
    parent PIN, where one is set)."""
    page.wait_for_selector(".gate .gate-key")
    answer = solve(page.inner_text(".gate-instruction"))
    for digit in answer:
        page.click(f".gate .gate-key >> text='{digit}'")
    page.click(".gate .gate-ok")
    if pin is not None:
        page.fill(".gate-pin input", pin)
        page.click(".gate-pin .gate-ok")
    page.wait_for_selector(".gate", state="detached")
