"""soan's version, written into every record and study (kept here so that no layer imports the package root)."""

__version__ = "0.1.0"
