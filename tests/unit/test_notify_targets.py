from __future__ import annotations

from pathlib import Path

from topiccrawl.notify.targets import split_targets
from topiccrawl.store.events import EventStore, NewEvent

BASE = "mailto://u:pw@mail.example.org:587"


def test_each_email_recipient_gets_a_url_of_its_own() -> None:
    url = f"{BASE}?from=bot@example.org&to=a@example.org,b@example.org&mode=insecure&cc=c@example.org"
    assert split_targets(url) == [
        f"{BASE}?from=bot@example.org&mode=insecure&cc=c@example.org&to=a@example.org",
        f"{BASE}?from=bot@example.org&mode=insecure&to=b@example.org",  # cc goes with the first only
    ]
    assert split_targets("mailtos://u:pw@mail.example.org/a@example.org/b@example.org?to=c@example.org") == [
        "mailtos://u:pw@mail.example.org?to=a@example.org",
        "mailtos://u:pw@mail.example.org?to=b@example.org",
        "mailtos://u:pw@mail.example.org?to=c@example.org",
    ]
    assert split_targets(f"{BASE}?to=a%40example.org%2C+b%40example.org") == [
        f"{BASE}?to=a@example.org",
        f"{BASE}?to=b@example.org",
    ]


def test_single_recipients_and_other_schemes_are_left_whole() -> None:
    for url in [f"{BASE}?to=a@example.org", f"{BASE}?to=a@example.org,a@example.org", "json://h/x?to=a,b", BASE]:
        assert split_targets(url) == [url]


def test_queuing_makes_one_outbox_row_per_recipient(tmp_path: Path) -> None:
    store = EventStore.open(tmp_path)
    store.add_event(
        NewEvent("new_item", "t", 1, "http://w/", "http://w/1", "one"), [f"{BASE}?to=a@x.org,b@x.org"], now=0
    )
    urls = sorted(store.channel_url(e.channel_id) or "" for e in store.entries())
    assert urls == [f"{BASE}?to=a@x.org", f"{BASE}?to=b@x.org"]


def test_other_schemes_are_split_by_their_apprise_plugin() -> None:
    import apprise

    for url, n in [
        ("tgram://123456789:abcdefg_hijklmnop/-1001/-1002/", 2),
        ("dingtalk://token1/12345678901/12345678902/12345678903", 3),
        ("ntfy://ntfy.example.org/news/alerts", 2),
        ("slack://T1A2B3C4D/B1A2B3C4D/abcdefghijklmnopqrstuvwx/#general/#random", 2),
    ]:
        whole = apprise.Apprise.instantiate(url)
        parts = split_targets(url)
        assert len(parts) == n == len(whole)
        plugins = [apprise.Apprise.instantiate(p) for p in parts]
        assert all(type(p) is type(whole) and len(p) == 1 for p in plugins)
        # together the parts reach exactly the recipients of the whole, each once
        reached = sorted(str(p.url(privacy=False)).split("?")[0] for p in plugins)
        assert len(set(reached)) == n


def test_a_url_whose_recipients_are_not_one_list_stays_whole() -> None:
    for url in ["json://127.0.0.1:8080/hook", "gotify://example.org/token", "not a url", "bogus://x/y/z"]:
        assert split_targets(url) == [url]
