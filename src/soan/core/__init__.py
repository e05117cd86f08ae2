"""The engine contract shared by every game (see docs/engine.md)."""
