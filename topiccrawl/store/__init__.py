"""The embedded state store: one SQLite database under ``TOPICCRAWL_STATE_DIR``.

Each concept keeps its own tables in its own module (page records, watches and
their fetch history, the event log and notification outbox) and shares the
connection set-up in :mod:`topiccrawl.store.db`. A later issue adds Redis-backed
versions behind the same small interfaces for distributed workers.
"""
