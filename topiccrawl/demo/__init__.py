"""The bundled fixture web: deterministic sites served on 127.0.0.1.

Used by the offline demo (``scrapy demo``), the tests and the benchmarks. Every
site knows its ground truth (which URLs are thread pages, on-topic pages, noise),
and every server logs each request it answers, so benchmarks count fetches on
the server side.
"""
