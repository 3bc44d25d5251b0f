"""Change notification: channels (Apprise), message text, burst folding, retry backoff, secret redaction.

Plain modules (no Scrapy, no Twisted); the outbox lives in :mod:`topiccrawl.store.events`,
the Scrapy glue in :mod:`topiccrawl.pipelines.notify` and :mod:`topiccrawl.extensions.notify_outbox`.
"""
