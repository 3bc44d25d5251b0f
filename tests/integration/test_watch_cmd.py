"""``scrapy watch add|list|remove`` against the state store, with refusals of unsafe URLs."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.helpers import run_scrapy
from topiccrawl.store.watches import WatchStore


def _watch(tmp_path: Path, *args: str, allow_private: bool = True, networks: str = "") -> tuple[int, str, str]:
    proc = run_scrapy(
        "watch",
        *args,
        *("-s", f"TOPICCRAWL_STATE_DIR={tmp_path}"),
        *("-s", f"TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES={allow_private}"),
        *("-s", f"TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS={networks}"),
    )
    return proc.returncode, proc.stdout, proc.stderr


def test_add_list_remove_round_trip_masks_secrets(tmp_path: Path) -> None:
    code, out, err = _watch(
        tmp_path,
        "add",
        "http://127.0.0.1:9/news/",
        "--notify",
        "mailto://alice:hunter2@mail.example.com",
        "tgram://123456:SECRETtoken/42",
    )
    assert code == 0, err
    watch_id = int(re.match(r"watch (\d+):", out).group(1))  # type: ignore[union-attr]
    code, out, err = _watch(tmp_path, "add", "http://127.0.0.1:9/page.html", "--template", "page")
    assert code == 0, err
    code, out, _ = _watch(tmp_path, "list", "--json")
    rows = json.loads(out)
    assert [r["url"] for r in rows] == ["http://127.0.0.1:9/news/", "http://127.0.0.1:9/page.html"]
    assert rows[0]["template"].startswith("auto") and rows[1]["template"].startswith("whole page")
    assert rows[0]["notify"][0] == "mailto://alice:****@mail.example.com"
    code, text, err = _watch(tmp_path, "list")
    for secret in ("hunter2", "SECRETtoken"):
        assert secret not in out + text + err
    assert text.count("last fetch: never; last change: never") == 2, text
    # What the monitor recorded is shown in words: the last fetch's HTTP status, or that it failed.
    store = WatchStore.in_state_dir(tmp_path)
    store.record_fetch(watch_id, fetched_at=1.7e9, status=200, changed=False)
    store.record_fetch(rows[1]["id"], fetched_at=1.7e9, status=0, changed=False, error="timeout")
    store.close()
    code, text, _ = _watch(tmp_path, "list")
    assert " (HTTP 200); last change: never" in text and " (download failed); last change: never" in text, text
    # The full URLs are stored for the notification side.
    store = WatchStore.in_state_dir(tmp_path)
    assert store.get(watch_id).notify == ("mailto://alice:hunter2@mail.example.com", "tgram://123456:SECRETtoken/42")  # type: ignore[union-attr]
    store.close()
    code, out, _ = _watch(tmp_path, "remove", str(watch_id))
    assert code == 0 and f"removed watch {watch_id}" in out
    code, out, _ = _watch(tmp_path, "list", "--json")
    assert [r["url"] for r in json.loads(out)] == ["http://127.0.0.1:9/page.html"]
    code, _, err = _watch(tmp_path, "remove", str(watch_id))
    assert code == 2 and f"no watch {watch_id}" in err


def test_saved_template_by_id(tmp_path: Path) -> None:
    store = WatchStore.in_state_dir(tmp_path)
    tid = store.save_template("http://127.0.0.1:9/", '{"kind": "page", "threshold": 7}')
    store.close()
    code, out, err = _watch(tmp_path, "add", "http://127.0.0.1:9/", "--template", str(tid))
    assert code == 0, err
    assert "simhash distance > 7" in out
    code, _, err = _watch(tmp_path, "add", "http://127.0.0.1:9/", "--template", "99")
    assert code == 2 and "no saved template 99" in err


def test_refusals_are_one_line_and_store_nothing(tmp_path: Path) -> None:
    cases = [
        (("add", "ftp://example.org/x"), True, "not an http(s) URL"),
        (("add", "http://127.0.0.1:9/x"), False, "TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES"),
        (("add", "http://127.0.0.1:9/x", "--template", '{"kind": "css"}'), True, "unknown template kind"),
        (("frobnicate",), True, "expected one of"),
        (("add", "http://[::1/"), True, "'http://[::1/' is not a valid URL (Invalid IPv6 URL); check"),
        (("add", "http://127.0.0.1:9/x", "--template", "²"), True, "--template: template is not JSON"),
        (("add", "http://127.0.0.1:9/x", "--template", "9" * 20), True, f"no saved template {'9' * 20}"),
        (("remove", "9" * 20), True, f"no watch {'9' * 20}; see scrapy watch list"),
        (("remove", "²"), True, "scrapy watch remove takes one watch id"),
    ]
    for args, allow, message in cases:
        code, _, err = _watch(tmp_path, *args, allow_private=allow)
        errors = [line for line in err.splitlines() if "error:" in line]
        assert code == 2 and len(errors) == 1 and message in errors[0], (args, err[-500:])
    store = WatchStore.in_state_dir(tmp_path)
    assert store.watches() == []
    store.close()


def test_allowed_private_networks_are_honoured(tmp_path: Path) -> None:
    code, out, err = _watch(tmp_path, "add", "http://127.0.0.1:9/x", allow_private=False, networks="127.0.0.0/8")
    assert code == 0 and out.startswith("watch 1: http://127.0.0.1:9/x"), err
    code, _, err = _watch(tmp_path, "add", "http://10.1.2.3/x", allow_private=False, networks="127.0.0.0/8")
    assert code == 2 and "TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS" in err


def test_adding_a_watched_url_again_is_refused_unless_forced(tmp_path: Path) -> None:
    assert _watch(tmp_path, "add", "http://127.0.0.1:9/news/")[0] == 0
    # The same page: a fragment, a session id, another order of the query keys.
    for again in ("http://127.0.0.1:9/news/#top", "http://127.0.0.1:9/news/;jsessionid=AB12"):
        code, out, err = _watch(tmp_path, "add", again)
        errors = [line for line in err.splitlines() if "error:" in line]
        assert code == 2 and out == "" and len(errors) == 1, err[-500:]
        assert errors[0].endswith(f"{again} is already watched (watch 1); pass --force to add a second watch of it")
    code, out, err = _watch(tmp_path, "add", "http://127.0.0.1:9/news/", "--force")
    assert code == 0 and out.startswith("watch 2: "), err
    assert _watch(tmp_path, "add", "http://127.0.0.1:9/news/?page=2")[0] == 0  # another page
    store = WatchStore.in_state_dir(tmp_path)
    assert [w.id for w in store.watches()] == [1, 2, 3]
    store.close()
