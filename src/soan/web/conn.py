"""Connections bounded, below the app: what uvicorn runs for `soan serve` (docs/web.md, "Limits").

uvicorn bounds a WebSocket message's size (`ws_max_size`) and the time a kept-alive connection may idle,
but not the time a client takes to send a request's headers, nor how many connections one address holds:
a thousand half-sent requests (slowloris) would hold a thousand sockets until the process runs out of
file descriptors, and every other request would fail. `bounded_protocols` makes uvicorn's own HTTP and
WebSocket protocols (h11, websockets) keep to `Limits`:

- an address may hold `connections_per_client` connections at once (WebSockets included), the server
  `connections_open` in all; a connection over either is answered at once (429 or 503, a JSON reason in
  both languages) and closed, so existing rooms keep working;
- a request's headers must arrive within `header_seconds` of the connection opening (or of the previous
  answer), else the connection gets a 408 and is closed;
- a client that stops reading an answer for `stall_seconds` (its socket's buffers full) is dropped.

A request's body is timed by the app (web/http.py `Guard`), WebSocket messages by the live route."""

from __future__ import annotations

import json
from collections.abc import Container, Iterable
from typing import Any

from .limits import Counts, Limits


class Networks:
    """Addresses given as addresses or networks ('127.0.0.1', '172.17.0.0/16', '*'), as uvicorn's
    `forwarded_allow_ips` takes them: `ip in Networks(...)`."""

    def __init__(self, items: Iterable[str]) -> None:
        import ipaddress

        self.any = False
        self.nets: list[Any] = []
        for x in items:
            x = x.strip()
            if x == "*":
                self.any = True
            elif x:
                try:
                    self.nets.append(ipaddress.ip_network(x, strict=False))
                except ValueError:
                    raise ValueError(f"not an address or network: {x!r}") from None

    def __contains__(self, ip: object) -> bool:
        import ipaddress

        if self.any:
            return True
        try:
            a = ipaddress.ip_address(str(ip))
        except ValueError:
            return False
        return any(a.version == n.version and a in n for n in self.nets)


class Gate:
    """Open connections per client address and in all (web/limits.py `Counts`), with the answer to a
    connection over a cap."""

    def __init__(self, per_client: int, total: int, exempt: Container[str] = frozenset()) -> None:
        self.counts = Counts(per_client, total, exempt)

    def admit(self, ip: str) -> bytes | None:
        """Count a new connection from `ip`, or the refusal to send it (nothing counted)."""
        over = self.counts.take(ip)
        if over == "server":
            return refusal(503, "Service Unavailable",
                           f"this server has {self.counts.total} connections open, its limit; try again in a moment",
                           f"このサーバーの接続数が上限（{self.counts.total}）に達しています。少し待ってからもう一度どうぞ")
        if over == "client":
            return refusal(429, "Too Many Requests",
                           f"your address has {self.counts.per_client} connections open, this server's limit",
                           f"あなたのアドレスからの接続数が上限（{self.counts.per_client}）に達しています")
        return None

    def release(self, ip: str) -> None:
        self.counts.give(ip)


def refusal(status: int, phrase: str, en: str, ja: str) -> bytes:
    """A whole HTTP/1.1 answer that closes the connection: `{"error": en, "error_ja": ja}`."""
    body = json.dumps({"error": en, "error_ja": ja}, ensure_ascii=False).encode()
    head = (f"HTTP/1.1 {status} {phrase}\r\ncontent-type: application/json\r\nconnection: close\r\n"
            f"content-length: {len(body)}\r\n\r\n").encode()
    return head + body


def _peer(transport: Any) -> str:
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else ""


def bounded_protocols(lim: Limits, exempt: Container[str] = frozenset()) -> tuple[type, type, Gate]:
    """uvicorn's h11 HTTP protocol and websockets (sans-I/O) protocol, kept to `lim`'s connection caps and
    header time, and the gate that counts them: `uvicorn.run(..., http=H, ws=W)`."""
    from uvicorn.protocols.http.h11_impl import H11Protocol
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    gate = Gate(lim.connections_per_client, lim.connections_open, exempt)
    slow = refusal(408, "Request Timeout", f"the request's headers did not arrive within {lim.header_seconds:g} s",
                   f"要求のヘッダーが {lim.header_seconds:g} 秒以内に届きませんでした")

    class BoundedWebSocket(WebSocketsSansIOProtocol):
        """A WebSocket upgraded from a counted HTTP connection: it gives the count back when it closes."""

        def connection_made(self, transport: Any) -> None:
            self.soan_ip = _peer(transport)
            super().connection_made(transport)

        def connection_lost(self, exc: Exception | None) -> None:
            try:
                super().connection_lost(exc)
            finally:
                gate.release(self.soan_ip)

    class BoundedHttp(H11Protocol):
        soan_counted = False
        soan_timer: Any = None
        soan_stall: Any = None

        def pause_writing(self) -> None:  # the client stopped reading our answer: it has stall_seconds to go on
            super().pause_writing()
            if self.soan_stall is None:
                self.soan_stall = self.loop.call_later(lim.stall_seconds, self._stalled)

        def resume_writing(self) -> None:
            super().resume_writing()
            if self.soan_stall is not None:
                self.soan_stall.cancel()
                self.soan_stall = None

        def _stalled(self) -> None:
            self.soan_stall = None
            if not self.transport.is_closing():
                self.transport.abort()  # nothing more can be sent to it: dropped, its count given back

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self.soan_ip = _peer(transport)
            refused = gate.admit(self.soan_ip)
            if refused is not None:
                transport.write(refused)
                transport.close()
                return
            self.soan_counted = True
            self._wait_headers()

        def _wait_headers(self) -> None:
            if self.soan_timer is None:
                self.soan_timer = self.loop.call_later(lim.header_seconds, self._too_slow)

        def _stop_waiting(self) -> None:
            if self.soan_timer is not None:
                self.soan_timer.cancel()
                self.soan_timer = None

        def _between_requests(self) -> bool:
            return self.cycle is None or self.cycle.response_complete

        def data_received(self, data: bytes) -> None:
            if self._between_requests():
                self._wait_headers()  # a new request begins: its headers are timed
            super().data_received(data)
            if not self._between_requests():
                self._stop_waiting()  # the headers are in: the app reads the body, within its own time

        def _too_slow(self) -> None:
            self.soan_timer = None
            if self._between_requests() and not self.transport.is_closing():
                self.transport.write(slow)
                self.transport.close()

        def handle_websocket_upgrade(self, event: Any) -> None:
            self._stop_waiting()
            self.soan_counted = False  # the WebSocket protocol gives the count back when it closes
            super().handle_websocket_upgrade(event)

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_waiting()
            if self.soan_stall is not None:
                self.soan_stall.cancel()
                self.soan_stall = None
            if self.soan_counted:
                self.soan_counted = False
                gate.release(self.soan_ip)
            super().connection_lost(exc)

    return BoundedHttp, BoundedWebSocket, gate
