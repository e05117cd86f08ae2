"""What the web rooms and replays refuse, as domain errors: a reason a person can read, in English and
(when it has one) Japanese. Nothing here knows HTTP: the app maps each kind to a status code
(web/http.py), and the WebSocket to a close code."""

from __future__ import annotations


class WebError(Exception):
    """A refusal: `reason` in English, `ja` the same in Japanese (None: said in English)."""

    def __init__(self, reason: str, ja: str | None = None) -> None:
        if not isinstance(reason, str) or not reason:
            raise TypeError(f"a refusal needs its reason as text, got {reason!r}")
        super().__init__(reason)
        self.reason = reason
        self.ja = ja

    def said(self, lang: str | None) -> str:
        """The reason in `lang` ('ja': the Japanese one when there is one)."""
        return self.ja if lang == "ja" and self.ja else self.reason


# -- the request itself -------------------------------------------------------------------------------
class BadRequest(WebError):
    """Input that cannot be used as sent (a field, a move, a record): the reason names what is wrong."""


class InvalidField(BadRequest):
    """One field of a request model is wrong: `field` names it (dotted for a nested one)."""

    def __init__(self, field: str, reason: str, ja: str | None = None) -> None:
        super().__init__(reason, ja)
        self.field = field


class MalformedHeader(WebError):
    """A request header that cannot be read (Content-Length that is no number)."""


class TooLarge(WebError):
    """A body over this server's limit of bytes."""


class NotJson(WebError):
    """A body that is not JSON (the API takes JSON only)."""


class CrossSite(WebError):
    """A request from another site's page (the Origin check)."""


class UnknownHost(WebError):
    """A request whose Host is none this server answers to (DNS rebinding)."""


class SlowBody(WebError):
    """A request body that did not arrive within this server's time."""


# -- who asks -----------------------------------------------------------------------------------------
class TokenRequired(WebError):
    """The request needs a seat's token and came without one."""


class UnknownToken(WebError):
    """A token that is no seat's of this room."""


class HostOnly(WebError):
    """Only the host key may see this (the invitations)."""


class NotOpenYet(WebError):
    """Opens when the game is over (the record, everyone's feedback, a replay with every seat)."""


class SeatViewOnly(WebError):
    """A replay of a game being played shows its own seat's view only."""


# -- what exists -------------------------------------------------------------------------------------
class NotFound(WebError):
    """No such thing on this server."""


class RoomNotFound(NotFound):
    """No room of that id (in memory or stored)."""


class ReplayNotFound(NotFound):
    """No replay of that id held (replays are kept in memory)."""


class NoBoard(NotFound):
    """No board page or stylesheet for that game."""


# -- the state of the room ---------------------------------------------------------------------------
class RoomConflict(WebError):
    """The room's state refuses it now (it may be allowed at another time)."""


class GameOver(RoomConflict):
    """The game is over: no more moves."""


class NotYourTurn(RoomConflict):
    """A seat that is not to act tried to move."""


class CannotUndo(RoomConflict):
    """The seat may not take back its last move now."""


class FeedbackNotOpen(RoomConflict):
    """Feedback opens when the game is over."""


class OtherVersion(RoomConflict):
    """A stored room this version of soan cannot make again."""


# -- how much ---------------------------------------------------------------------------------------
class TooMany(WebError):
    """Over a per-client or per-server count; `wait`: seconds until it would be allowed (None: unknown)."""

    def __init__(self, reason: str, ja: str | None = None, wait: float | None = None) -> None:
        super().__init__(reason, ja)
        self.wait = wait


class TooManyRooms(TooMany):
    """Rooms per client (open, or a minute) or on the server."""


class TooManyReplays(TooMany):
    """Replays opened by one client in a minute."""
