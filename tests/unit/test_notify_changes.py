from __future__ import annotations

from topiccrawl.notify.changes import Change, classify, fingerprint

PAGE = "".join(
    [
        "辛亥革命纪念专题。武昌起义爆发于一九一一年十月十日，揭开了辛亥革命的序幕。",
        "湖北军政府成立后，黎元洪被推举为都督。",
    ]
)


def test_new_unchanged_changed() -> None:
    fp = fingerprint(PAGE + " 更新于 2026-11-30 04:00:01 浏览 1234 次")
    assert classify(None, fp, max_noise_distance=3) is Change.NEW
    same_but_clock = fingerprint(PAGE + " 更新于 2026-12-01 17:59:59 浏览 98765 次")
    assert classify(fp, same_but_clock, max_noise_distance=3) is Change.UNCHANGED
    rewritten = fingerprint("周末的篮球比赛非常精彩，双方打到了加时赛。小区门口新开了一家面馆，牛肉面味道很好。")
    assert classify(fp, rewritten, max_noise_distance=3) is Change.CHANGED


def test_threshold_zero_reports_any_textual_change() -> None:
    a = fingerprint(PAGE)
    b = fingerprint(PAGE + "新增一句话：孙中山先生提出三民主义。")
    assert classify(a, b, max_noise_distance=0) is Change.CHANGED
