"""The forum spider's saved state: what it holds, and the errors a wrong or broken file gives."""

from __future__ import annotations

import pickle
import re
import threading
from pathlib import Path

import pytest

from topiccrawl.forum.policy import CrawlPolicy
from topiccrawl.spiders.forum import ForumSpider
from topiccrawl.spiders.forum_checkpoint import CheckpointError, load_checkpoint, save_checkpoint

START = ["http://forum.test/"]


def test_a_saved_state_loads_back_with_what_its_parts_share(tmp_path: Path) -> None:
    shared = {"slot": "t|a", "pattern": "/thread-*"}
    path = tmp_path / "state.pickle"
    save_checkpoint(path, START, {"pending": {"http://forum.test/t1": (shared, 0)}, "seen": [shared]})
    state = load_checkpoint(path, START)
    assert state["pending"]["http://forum.test/t1"][0] == shared
    assert state["pending"]["http://forum.test/t1"][0] is state["seen"][0]
    assert not path.with_name(path.name + ".tmp").exists()  # (written in one step)


def test_a_state_of_other_start_urls_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "state.pickle"
    save_checkpoint(path, ["http://other.test/"], {})
    with pytest.raises(
        CheckpointError, match=re.escape("holds a forum crawl from http://other.test/, not from http://forum")
    ):
        load_checkpoint(path, START)


@pytest.mark.parametrize("content", [b"", b"\x80\x05not a pickle", pickle.dumps({"format": 0, "state": {}})])
def test_a_broken_or_foreign_state_file_says_what_to_do(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "state.pickle"
    path.write_bytes(content)
    with pytest.raises(CheckpointError, match="delete it to start the crawl over, or use another JOBDIR"):
        load_checkpoint(path, START)


def test_the_policy_is_saved_without_its_owners_hooks() -> None:
    policy = CrawlPolicy()
    lock = threading.Lock()  # (a hook's owner that cannot be pickled, as the spider cannot)
    policy.template_role = lambda template: "thread" if lock else "list"
    policy.slot("tpl", "0:a", "A thread title", "/thread-*")
    copy = pickle.loads(pickle.dumps(policy))
    assert list(copy.slots) == ["tpl|0:a"] and copy.by_template["tpl"][0] is copy.slots["tpl|0:a"]
    assert copy.template_role("tpl") == "list"  # the default until the owner sets it again
    assert copy.known_leads(copy.slots["tpl|0:a"]) == ({}, False)


def test_the_spiders_saved_state_is_the_crawls_not_the_spiders() -> None:
    spider = ForumSpider(start_url=START[0])
    spider.pending["http://forum.test/t1"] = ({"slot": None}, 3)
    state = spider.crawl_state()
    assert {"policy", "book", "fields", "assembler", "held", "requested", "done", "pending", "pages"} <= set(state)
    assert not {"start_urls", "checkpoint", "unwritten", "crawler", "name"} & set(state)
    restored = pickle.loads(pickle.dumps(state))
    assert restored["pending"] == {"http://forum.test/t1": ({"slot": None}, 3)}
