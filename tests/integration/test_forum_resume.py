"""``scrapy crawl forum`` with ``JOBDIR``: stopped with Ctrl-C, or killed outright, and run
again, the crawl takes up where it stopped and ends with every post of the forum, once."""

from __future__ import annotations

import signal
import time
from pathlib import Path

from tests.helpers import crawl, run_scrapy, start_crawl
from topiccrawl.demo.forums import DiscuzForum
from topiccrawl.demo.server import FixtureWeb
from topiccrawl.spiders.forum_checkpoint import FILE_NAME, save_checkpoint

STOP_AFTER = 20  # requests before the Ctrl-C: a third of the crawl or so


def _targets(web: FixtureWeb) -> list[str]:
    return [h.target for h in web.log.hits() if h.target != "/robots.txt"]


def test_a_crawl_stopped_with_ctrl_c_resumes_to_every_post_once(tmp_path: Path) -> None:
    site = DiscuzForum(size=0.3)
    with FixtureWeb({"forum": site}, latency=0.2) as web:
        args = {"start_url": web.base_urls["forum"] + site.start_target()}
        crawl("forum", tmp_path / "whole", args=args).check()
        full = len(_targets(web))  # requests of one crawl without a stop
        web.log.clear()

        settings = {"JOBDIR": str(tmp_path / "job")}
        proc = start_crawl("forum", tmp_path / "run", args=args, settings=settings, append=True)
        deadline = time.monotonic() + 120
        while len(_targets(web)) < STOP_AFTER:
            assert proc.poll() is None, (tmp_path / "run" / "crawl.log").read_text()[-3000:]
            assert time.monotonic() < deadline
            time.sleep(0.02)
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=120) == 0
        first = _targets(web)
        stopped = (tmp_path / "run" / "crawl.log").read_text()
        assert "Forum crawl state saved to" in stopped
        assert (tmp_path / "job" / FILE_NAME).exists()
        assert len(first) < full  # (stopped before the end)

        result = crawl("forum", tmp_path / "run", args=args, settings=settings, append=True).check()
        second = _targets(web)[len(first) :]

    assert "Resuming the forum crawl saved in" in result.log
    # Every post, once: those emitted before the stop and those after, in one appended file.
    truth = sorted((p.thread_title, p.position, p.text) for p in site.posts())
    assert sorted((i["thread_title"], i["position"], i["text"]) for i in result.items) == truth
    # Taken up, not started over: the start page, read before the stop, is not asked for again,
    # and both runs together cost about what one whole crawl does (the requests in flight at the
    # stop are asked again: at most CONCURRENT_REQUESTS_PER_DOMAIN of them).
    assert site.start_target() not in second
    assert len(first) + len(second) <= full + 8, (full, first, second)


def test_a_crawl_killed_outright_resumes_from_its_last_save_and_loses_no_post(tmp_path: Path) -> None:
    site = DiscuzForum(size=0.3)
    with FixtureWeb({"forum": site}, latency=0.2) as web:
        args = {"start_url": web.base_urls["forum"] + site.start_target()}
        settings = {"JOBDIR": str(tmp_path / "job"), "TOPICCRAWL_FORUM_CHECKPOINT": 0.3}
        proc = start_crawl("forum", tmp_path / "run", args=args, settings=settings, append=True)
        deadline = time.monotonic() + 120
        while len(_targets(web)) < 2 * STOP_AFTER:  # (posts are out by then: its templates are known)
            assert proc.poll() is None, (tmp_path / "run" / "crawl.log").read_text()[-3000:]
            assert time.monotonic() < deadline
            time.sleep(0.02)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        first = _targets(web)
        result = crawl("forum", tmp_path / "run", args=args, settings=settings, append=True).check()
        second = _targets(web)[len(first) :]

    assert "Resuming the forum crawl saved in" in result.log
    # Scrapy's own queue, which a kill can leave unreadable, is not taken up (it was: the
    # requests of a priority whose file was cut short failed, and their pages' posts with them).
    assert "request queue in" in result.log and "Traceback" not in result.log
    # No post lost, even those the feed had not written when the process died (their pages were
    # read before the last save, and the posts stored: not dropped as unchanged when emitted
    # again). The pages read since the last save are read again, so a post may come twice.
    truth = {(p.thread_title, p.position, p.text) for p in site.posts()}
    got = [(i["thread_title"], i["position"], i["text"]) for i in result.items]
    assert set(got) == truth
    assert len(got) < 1.5 * len(truth)
    assert site.start_target() not in second


def test_a_jobdir_of_another_crawl_is_refused_with_a_clear_error(tmp_path: Path) -> None:
    job = tmp_path / "job"
    job.mkdir()
    save_checkpoint(job / FILE_NAME, ["http://127.0.0.1:9/other-forum/"], {})
    proc = run_scrapy(
        "crawl",
        "forum",
        "-a",
        "start_url=http://127.0.0.1:9/forum/",
        "-s",
        f"JOBDIR={job}",
        "-s",
        "TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES=True",
    )
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert "error: JOBDIR holds a forum crawl from http://127.0.0.1:9/other-forum/" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_jobdir_of_another_jobs_queue_is_refused_not_cleared(tmp_path: Path) -> None:
    queue = tmp_path / "job" / "requests.queue"
    queue.mkdir(parents=True)
    (queue / "active.json").write_text("[]")
    proc = run_scrapy("crawl", "forum", "-a", "start_url=http://127.0.0.1:9/forum/", "-s", f"JOBDIR={tmp_path / 'job'}")
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert "holds a request queue but no forum crawl's state" in proc.stderr
    assert (queue / "active.json").exists()
