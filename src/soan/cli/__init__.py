"""The `soan` command line."""
