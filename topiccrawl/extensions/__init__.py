"""Scrapy extensions of topiccrawl."""
