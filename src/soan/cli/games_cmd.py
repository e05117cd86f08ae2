"""`soan games`: the registry's games, variants and parameters."""

from __future__ import annotations

import json

import typer

from .app import app, console


@app.command()
def games(as_json: bool = typer.Option(False, "--json", help="print JSON")) -> None:
    """List games, their variants and parameters."""
    from ..core.game import games as _games

    gs = _games()
    if as_json:
        print(json.dumps(gs, ensure_ascii=False, indent=2))
        return
    for g in gs:
        console.print(f"[bold]{g['id']}[/bold] — {g['name']} / {g['name_ja']} ({g['players'][0]}-{g['players'][1]} players)")
        for v in g["variants"]:
            console.print(f"  variant [cyan]{v['id']}[/cyan] ({v['rule']}): {v['doc']}", highlight=False)
        for p in g["params"]:
            extra = f" choices {p['choices']}" if p["choices"] else ""
            req = f" (with {p['requires']})" if p["requires"] else ""
            default = "(unset)" if p["default"] is None else p["default"]
            console.print(f"  param [green]{p['name']}[/green] = {default}{extra}{req}: {p['doc']}", highlight=False)
