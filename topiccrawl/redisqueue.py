"""A scrapy-redis priority queue that pops best-first and, within one priority, first-in-first-out.

scrapy-redis's ``PriorityQueue`` keeps requests in a sorted set scored by
``-priority``. Redis orders members of equal score lexicographically by their
bytes, so requests of equal priority come out in the order of their serialized
JSON, not in the order they arrived. This queue prefixes every member with a
zero-padded sequence number taken from an ``INCR`` counter (``<key>:seq``):
the score still decides priority, and among equal scores the lexicographic
order of the members is their arrival order. The score stays an exact small
integer, so no float precision is lost, and the prefix also keeps two pushes of
the same request distinct (the duplicate filter, not the queue, decides those).
"""

from __future__ import annotations

from typing import Any

from scrapy_redis.queue import Base

_SEQ_WIDTH = 20  # digits of 2**64: the counter never outgrows its padding
_SEP = b":"


class FifoPriorityQueue(Base):
    """Sorted-set queue: highest ``request.priority`` first, arrival order within a priority."""

    @property
    def seq_key(self) -> str:
        return f"{self.key}:seq"

    def __len__(self) -> int:
        return int(self.server.zcard(self.key))

    def push(self, request: Any) -> None:
        seq = int(self.server.incr(self.seq_key))
        member = str(seq).zfill(_SEQ_WIDTH).encode("ascii") + _SEP + self._encode_request(request)
        # execute_command, like scrapy-redis, because zadd's signature differs between client classes.
        self.server.execute_command("ZADD", self.key, -request.priority, member)

    def pop(self, timeout: int = 0) -> Any:
        """The best request, or None; ``timeout`` is not supported (as in scrapy-redis's PriorityQueue)."""
        pipe = self.server.pipeline()
        pipe.multi()
        pipe.zrange(self.key, 0, 0).zremrangebyrank(self.key, 0, 0)
        results, _count = pipe.execute()
        if not results:
            return None
        _seq, _, data = results[0].partition(_SEP)
        return self._decode_request(data)

    def clear(self) -> None:
        self.server.delete(self.key, self.seq_key)
