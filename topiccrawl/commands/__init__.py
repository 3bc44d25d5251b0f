"""Scrapy commands added by topiccrawl (``COMMANDS_MODULE = "topiccrawl.commands"``)."""
