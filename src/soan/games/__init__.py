"""Every game registers itself on import."""

from . import la_superba  # noqa: F401
