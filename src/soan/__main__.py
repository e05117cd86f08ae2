"""`python -m soan …` runs the same command line as `soan …`."""

from soan.cli.main import app

app(prog_name="soan")
