"""HTTP for the web rooms: the status code of each refusal (web/errors.py), the exception handlers that
answer them as `{"error": reason}` in the asker's language, and the guard every request passes (the
API takes JSON only from this site's pages; every answer carries security headers)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection

from ..core.replay import ReplayError
from . import errors as E
from .models import LANGS, invalid_field, lang_given

STATIC = Path(__file__).parent / "static"
JSON_TYPES = ("application/json", "application/x-ndjson", "application/jsonl", "application/jsonlines")
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "img-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; "
                               "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
}
ALL_HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}

# each kind of refusal and its status; a subclass takes its nearest listed base's
STATUS: dict[type[E.WebError], int] = {
    E.BadRequest: 422, E.MalformedHeader: 400, E.TooLarge: 413, E.NotJson: 415, E.CrossSite: 403,
    E.UnknownHost: 400, E.SlowBody: 408,
    E.TokenRequired: 401, E.UnknownToken: 403, E.HostOnly: 403, E.NotOpenYet: 403, E.SeatViewOnly: 403,
    E.NotFound: 404, E.RoomConflict: 409, E.TooMany: 429,
}


def status_of(e: E.WebError) -> int:
    """The HTTP status of a refusal (a kind not listed is a 400)."""
    if not isinstance(e, E.WebError):
        raise TypeError(f"status_of() takes a WebError, got {type(e).__name__}")
    for cls in type(e).__mro__:
        if cls in STATUS:
            return STATUS[cls]
    return 400


def header_lang(accept: str | None) -> str | None:
    """The language an `Accept-Language` header prefers of the two soan speaks: 'ja' or 'en' (the one
    of higher weight; the first listed when they weigh the same), None when it names neither."""
    if accept is not None and not isinstance(accept, str):
        raise TypeError(f"header_lang() takes the header's text or None, got {type(accept).__name__}")
    best: tuple[float, str] | None = None
    for part in (accept or "").split(",")[:40]:
        tag, _, rest = part.strip().partition(";")
        primary = tag.strip().split("-")[0].lower()
        if primary not in LANGS:
            continue
        q = 1.0
        for param in rest.split(";"):
            k, _, v = param.strip().partition("=")
            if k.strip().lower() == "q":
                try:
                    q = float(v)
                except ValueError:
                    q = 0.0
        if q > 0 and (best is None or q > best[0]):
            best = (q, primary)
    return best[1] if best else None


def said_lang(conn: HTTPConnection) -> str | None:
    """The language a refusal is said in: the body's `lang` (set by the routes that read one), else the
    query's `lang`, else the one `Accept-Language` prefers; None (English) when none says 'ja' or 'en'."""
    body = getattr(conn.state, "lang", None)
    if body in LANGS:
        return body
    query = conn.query_params.get("lang")
    if query in LANGS:
        return query
    return header_lang(conn.headers.get("accept-language"))


def refusal_json(e: E.WebError, lang: str | None, headers: dict[str, str] | None = None) -> JSONResponse:
    body: dict[str, str] = {"error": e.said(lang)}
    if isinstance(e, E.InvalidField) and e.field:
        body["field"] = e.field
    return JSONResponse(body, status_code=status_of(e), headers=headers)


async def _web_error(request: Request, e: Exception) -> Response:
    assert isinstance(e, E.WebError)
    # a body that did not arrive in time is not read on: the connection closes with the answer
    return refusal_json(e, said_lang(request), {"Connection": "close"} if isinstance(e, E.SlowBody) else None)


async def _invalid_query(request: Request, e: Exception) -> Response:
    assert isinstance(e, RequestValidationError)
    return refusal_json(invalid_field(e.errors()), said_lang(request))


async def _replay_error(request: Request, e: Exception) -> Response:
    assert isinstance(e, ReplayError)
    return JSONResponse({"error": e.ja if said_lang(request) == "ja" and e.ja else str(e)}, status_code=422)


async def _not_found(request: Request, e: Exception) -> Response:
    """A page that does not exist is a page in the reader's language; the API keeps its JSON."""
    assert isinstance(e, StarletteHTTPException)
    if e.status_code == 404 and not request.url.path.startswith(("/api/", "/ws/", "/static/", "/boards/")):
        return FileResponse(STATIC / "error.html", status_code=404)
    return JSONResponse({"error": str(e.detail)}, status_code=e.status_code)


def install_handlers(app: FastAPI) -> None:
    """Every refusal answered as JSON with its status (a missing page as the error page)."""
    app.add_exception_handler(E.WebError, _web_error)
    app.add_exception_handler(RequestValidationError, _invalid_query)
    app.add_exception_handler(ReplayError, _replay_error)
    app.add_exception_handler(StarletteHTTPException, _not_found)


def same_origin(origin: str, host: str, public: str | None) -> bool:
    """Whether a page at `origin` is this site's (the `Host` asked, or the public address); an Origin
    that is no address (`http://[`) is another site's."""
    try:
        o = urlsplit(origin)
        if public and f"{o.scheme}://{o.netloc}" == f"{urlsplit(public).scheme}://{urlsplit(public).netloc}":
            return True
    except ValueError:
        return False
    return bool(o.netloc) and o.netloc.lower() == host.lower()


def host_name(host: str) -> str:
    """The name in a Host header, without its port or a trailing dot ('[::1]:8000' -> '::1',
    'mypc.local.:8000' -> 'mypc.local'); '' when it is none."""
    h = host.strip().lower()
    if h.startswith("["):
        end = h.find("]")
        return h[1:end] if end > 0 else ""
    return (h.rsplit(":", 1)[0] if h.count(":") == 1 else h).rstrip(".")


LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


class Guard:
    """Only the hosts this server answers to (DNS rebinding), bodies within their time, a JSON-only API
    from this site's pages (CSRF), and security headers on every response. A plain ASGI middleware: it
    adds nothing to a request's path but the checks (no task, no stream). `hosts`: the names a request's
    Host may give (None: any, for an app embedded elsewhere or tested in-process)."""

    def __init__(self, app, public: str | None, hosts: frozenset[str] | None = None,
                 body_seconds: float = 30.0) -> None:
        self.app, self.public, self.hosts, self.body_seconds = app, public, hosts, body_seconds

    def unknown_host(self, conn: HTTPConnection) -> E.UnknownHost | None:
        if self.hosts is None:
            return None
        name = host_name(conn.headers.get("host", ""))
        if name in self.hosts:
            return None
        return E.UnknownHost(f"this server does not answer to the host {name[:60]!r} (start it with --allow-host "
                             f"{name[:60] or 'NAME'} to allow it)",
                             f"このサーバーはホスト名 {name[:60]!r} には応答しません（許可するには --allow-host で"
                             "指定して起動してください）")

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "websocket":
            if self.unknown_host(HTTPConnection(scope)) is not None:
                await send({"type": "websocket.close", "code": 4400, "reason": "unknown host"})
                return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        refused = self.unknown_host(request) or refusal(request, self.public)
        if refused is not None:
            resp = refusal_json(refused, said_lang(request), headers=ALL_HEADERS)
            await resp(scope, receive, send)
            return
        receive = timed_body(receive, self.body_seconds)

        async def sending(message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.update(ALL_HEADERS)
                if headers.get("content-type", "").startswith("text/html"):
                    headers.update(PAGE_HEADERS)
            await send(message)

        await self.app(scope, receive, sending)


def timed_body(receive, seconds: float):
    """`receive` whose body messages must all arrive within `seconds` of the first ask (SlowBody, a 408,
    otherwise); once the body is whole, later messages (the client leaving) are waited for as long as it takes."""
    import asyncio
    import time

    deadline: list[float] = []
    whole = [False]

    async def receiving():
        if whole[0]:
            return await receive()
        if not deadline:
            deadline.append(time.monotonic() + seconds)
        try:
            async with asyncio.timeout(max(0.0, deadline[0] - time.monotonic())):
                message = await receive()
        except TimeoutError:
            raise E.SlowBody(f"the request's body did not arrive within {seconds:g} s",
                             f"要求の本文が {seconds:g} 秒以内に届きませんでした") from None
        if message.get("type") != "http.request" or not message.get("more_body"):
            whole[0] = True
        return message

    return receiving


def refusal(request: Request, public: str | None) -> E.WebError | None:
    """Why a request that could change something is refused before it runs: a page of another site
    (its Origin), or a body that is not JSON (a form or text/plain post another site could send); and any
    API request whose query names a language soan does not speak (`?lang=fr`: refused by name, never
    answered in English as if it were understood, on the routes that read no `lang` themselves too)."""
    if request.url.path.startswith("/api/"):
        try:
            lang_given(request.query_params.get("lang"))
        except E.InvalidField as e:
            return e
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return None
    origin = request.headers.get("origin")
    if origin and not same_origin(origin, request.headers.get("host", ""), public):
        return E.CrossSite("a request from another site's page is refused (Origin check)",
                           "別のサイトのページからの要求は受け付けません（Origin の確認）")
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    has_body = request.headers.get("content-length", "0") != "0" or "transfer-encoding" in request.headers
    if (has_body or ctype) and ctype not in JSON_TYPES:
        return E.NotJson(f"the API takes JSON only (Content-Type: application/json), got {ctype[:60] or 'none'!r}",
                         "この API は JSON だけを受け付けます（Content-Type: application/json）")
    return None
