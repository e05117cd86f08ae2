"""soan (草案): tabletop game drafts as playable, testable, measurable software."""

__version__ = "0.1.0"

from . import games as _games_pkg  # noqa: E402,F401  (registers every game; the name is rebound below)
from .core.actions import Action, parse_action  # noqa: E402
from .core.errors import ComponentError, ConfigError, IllegalAction, RecordError, SoanError  # noqa: E402
from .core.game import from_view, games, make  # noqa: E402
from .core.records import replay  # noqa: E402
from .core.state import Prompt  # noqa: E402

__all__ = [
    "Action", "ComponentError", "ConfigError", "IllegalAction", "Prompt", "RecordError", "SoanError",
    "from_view", "games", "make", "parse_action", "replay", "__version__",
]
