"""The shared frontier in Redis: best-first, FIFO within a priority, with leases on popped requests.

Keys, for a queue key ``K`` (``<spider>:<job>:requests``, see :mod:`topiccrawl.redisjob`):

- ``K`` (sorted set): the queue. A member is ``<seq>:<request JSON>``, scored by
  ``-priority``. scrapy-redis's ``PriorityQueue`` orders equal scores by their JSON
  bytes, not by arrival; the zero-padded sequence number from the ``INCR``
  counter ``K:seq`` makes the lexicographic order of equal-score members their
  arrival order, and keeps two pushes of one request distinct.
- ``K:inflight`` (sorted set): requests a worker popped and has not acknowledged,
  scored by the lease deadline in Redis's clock (``TIME``, so workers' clocks
  need not agree). A member is ``<score>:<queue member>``: everything needed to
  put the request back exactly where it was.
- ``K:deliveries`` (hash): queue member -> how many of its leases expired.
- ``K:dead`` (list): queue members given up on after too many expired leases
  (a request that kills every worker that takes it), or that could not be decoded.

Every state change is one Lua script, so a worker killed at any instant leaves
each request either queued or leased, never neither. A request's push is atomic
with its duplicate-filter check too: a worker killed between the two would
otherwise leave a URL marked seen that is in no queue.
"""

from __future__ import annotations

from typing import Any

from scrapy_redis.queue import Base

_SEQ_WIDTH = 20  # digits of 2**64: the counter never outgrows its padding
_SEP = b":"
DEFAULT_LEASE = 300.0

# Redis < 7 refuses writes after TIME in a script unless it replicates effects.
_NOW = """
if redis.replicate_commands then redis.replicate_commands() end
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
"""

# KEYS: queue, seq, dupefilter; ARGV: score, payload, fingerprint ('' = do not filter)
_PUSH = """
if ARGV[3] ~= '' and redis.call('SADD', KEYS[3], ARGV[3]) == 0 then return 0 end
local seq = redis.call('INCR', KEYS[2])
redis.call('ZADD', KEYS[1], ARGV[1], string.format('%020d', seq) .. ':' .. ARGV[2])
return 1
"""

# KEYS: queue, inflight; ARGV: lease seconds. Returns the in-flight member or nil.
_POP = (
    _NOW
    + """
local top = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if #top == 0 then return false end
redis.call('ZREM', KEYS[1], top[1])
local member = top[2] .. ':' .. top[1]
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[1]), member)
return member
"""
)

# KEYS: inflight; ARGV: lease seconds, members... Only leases still held are extended (XX).
_RENEW = (
    _NOW
    + """
local renewed = 0
for i = 2, #ARGV do
  renewed = renewed + redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[1]), ARGV[i])
end
return renewed
"""
)

# KEYS: inflight, deliveries; ARGV: members...
_ACK = """
local acked = 0
for i = 1, #ARGV do
  local m = ARGV[i]
  acked = acked + redis.call('ZREM', KEYS[1], m)
  redis.call('HDEL', KEYS[2], string.sub(m, string.find(m, ':', 1, true) + 1))
end
return acked
"""

# KEYS: queue, inflight; ARGV: members... A lease still held goes back to its place in the queue.
_GIVE_BACK = """
local back = 0
for i = 1, #ARGV do
  local m = ARGV[i]
  if redis.call('ZREM', KEYS[2], m) == 1 then
    local cut = string.find(m, ':', 1, true)
    redis.call('ZADD', KEYS[1], string.sub(m, 1, cut - 1), string.sub(m, cut + 1))
    back = back + 1
  end
end
return back
"""

# KEYS: queue, inflight, deliveries, dead; ARGV: max deliveries (0: no limit), batch size.
# Returns {requeued, buried}.
_SWEEP = (
    _NOW
    + """
local expired = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now, 'LIMIT', 0, tonumber(ARGV[2]))
local requeued, buried = 0, 0
local limit = tonumber(ARGV[1])
for _, m in ipairs(expired) do
  redis.call('ZREM', KEYS[2], m)
  local cut = string.find(m, ':', 1, true)
  local score, qm = string.sub(m, 1, cut - 1), string.sub(m, cut + 1)
  local n = redis.call('HINCRBY', KEYS[3], qm, 1)
  if limit > 0 and n >= limit then
    redis.call('HDEL', KEYS[3], qm)
    redis.call('RPUSH', KEYS[4], qm)
    buried = buried + 1
  else
    redis.call('ZADD', KEYS[1], score, qm)
    requeued = requeued + 1
  end
end
return {requeued, buried}
"""
)

# KEYS: inflight, deliveries, dead; ARGV: member
_BURY = """
local m = ARGV[1]
local qm = string.sub(m, string.find(m, ':', 1, true) + 1)
redis.call('ZREM', KEYS[1], m)
redis.call('HDEL', KEYS[2], qm)
redis.call('RPUSH', KEYS[3], qm)
return 1
"""


def queue_member(inflight_member: bytes) -> bytes:
    """The queue member inside an in-flight member (``<score>:<seq>:<json>`` -> ``<seq>:<json>``)."""
    return inflight_member.partition(_SEP)[2]


def request_payload(member: bytes) -> bytes:
    """The request JSON inside a queue member."""
    return member.partition(_SEP)[2]


class FifoPriorityQueue(Base):
    """Sorted-set queue: highest ``request.priority`` first, arrival order within a priority,
    popped under a lease (see the module docstring)."""

    def __init__(self, server: Any, spider: Any, key: str, serializer: Any = None) -> None:
        super().__init__(server, spider, key, serializer)
        register = server.register_script
        self._push, self._pop, self._renew = register(_PUSH), register(_POP), register(_RENEW)
        self._ack, self._give_back, self._sweep, self._bury = (
            register(_ACK),
            register(_GIVE_BACK),
            register(_SWEEP),
            register(_BURY),
        )

    @property
    def seq_key(self) -> str:
        return f"{self.key}:seq"

    @property
    def inflight_key(self) -> str:
        return f"{self.key}:inflight"

    @property
    def deliveries_key(self) -> str:
        return f"{self.key}:deliveries"

    @property
    def dead_key(self) -> str:
        return f"{self.key}:dead"

    def __len__(self) -> int:
        return int(self.server.zcard(self.key))

    def counts(self) -> tuple[int, int]:
        """(queued, leased) requests, in one round trip."""
        queued, leased = self.server.pipeline(transaction=False).zcard(self.key).zcard(self.inflight_key).execute()
        return int(queued), int(leased)

    def push(self, request: Any) -> None:
        self.push_new(request)

    def push_new(self, request: Any, fingerprint: str = "", dupefilter_key: str = "") -> bool:
        """Queue ``request`` unless ``fingerprint`` is already in the set at ``dupefilter_key``
        (added if not, in the same step); an empty fingerprint skips the check."""
        return self.push_encoded(self.encode(request), request.priority, fingerprint, dupefilter_key)

    def encode(self, request: Any) -> bytes:
        """``request`` as the serializer's bytes; raises TypeError or ValueError for one it cannot carry."""
        return self._encode_request(request)

    def push_encoded(self, payload: bytes, priority: int, fingerprint: str = "", dupefilter_key: str = "") -> bool:
        """:meth:`push_new` for a request that :meth:`encode` made into bytes."""
        keys = [self.key, self.seq_key, dupefilter_key or f"{self.key}:unused"]
        return bool(self._push(keys=keys, args=[-priority, payload, fingerprint]))

    def pop(self, timeout: int = 0) -> Any:
        """The best request, or None, leased for :data:`DEFAULT_LEASE` seconds; ``timeout`` is
        not supported (as in scrapy-redis's PriorityQueue). Workers use :meth:`pop_leased`."""
        popped = self.pop_leased(DEFAULT_LEASE)
        return None if popped is None else popped[0]

    def pop_leased(self, lease: float) -> tuple[Any, bytes] | None:
        """The best request and its in-flight member, leased for ``lease`` seconds; None if empty."""
        member = self.pop_member(lease)
        return None if member is None else (self.decode(member), member)

    def pop_member(self, lease: float) -> bytes | None:
        """The best request's in-flight member, leased for ``lease`` seconds; None if empty."""
        return self._pop(keys=[self.key, self.inflight_key], args=[lease])

    def decode(self, inflight_member: bytes) -> Any:
        return self._decode_request(request_payload(queue_member(inflight_member)))

    def renew(self, members: list[bytes], lease: float) -> int:
        """Extend the leases of ``members`` still held to ``lease`` seconds from now; how many were."""
        if not members:
            return 0
        return int(self._renew(keys=[self.inflight_key], args=[lease, *members]))

    def ack(self, members: list[bytes]) -> int:
        """Forget finished requests; returns how many were still leased."""
        if not members:
            return 0
        return int(self._ack(keys=[self.inflight_key, self.deliveries_key], args=members))

    def give_back(self, members: list[bytes]) -> int:
        """Return unfinished leased requests to their place in the queue; how many were still leased."""
        if not members:
            return 0
        return int(self._give_back(keys=[self.key, self.inflight_key], args=members))

    def requeue_expired(self, max_deliveries: int = 0, batch: int = 1000) -> tuple[int, int]:
        """Put requests whose lease has expired back in the queue; (requeued, buried in ``K:dead``).

        A request whose lease expired ``max_deliveries`` times is buried instead (0: never).
        """
        keys = [self.key, self.inflight_key, self.deliveries_key, self.dead_key]
        requeued, buried = self._sweep(keys=keys, args=[max_deliveries, batch])
        return int(requeued), int(buried)

    def bury(self, member: bytes) -> None:
        """Move a leased request to ``K:dead`` (e.g. one that cannot be decoded)."""
        self._bury(keys=[self.inflight_key, self.deliveries_key, self.dead_key], args=[member])

    def clear(self) -> None:
        self.server.delete(self.key, self.seq_key, self.inflight_key, self.deliveries_key, self.dead_key)
