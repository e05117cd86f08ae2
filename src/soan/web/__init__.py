"""soan serve: rooms, invitations, live moves and storage for browser play (docs/web.md)."""
