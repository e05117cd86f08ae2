"""soan (草案): tabletop game drafts as playable, testable, measurable software."""

__version__ = "0.1.0"

from . import games  # noqa: E402  (the package of games; calling it lists them: soan.games())
from .core.actions import Action, parse_action  # noqa: E402
from .core.errors import ComponentError, ConfigError, IllegalAction, RecordError, SoanError  # noqa: E402
from .core.game import from_view, make  # noqa: E402
from .core.records import replay  # noqa: E402
from .core.state import Prompt  # noqa: E402

__all__ = [
    "Action", "ComponentError", "ConfigError", "IllegalAction", "Prompt", "RecordError", "SoanError",
    "from_view", "games", "make", "parse_action", "replay", "__version__",
]
