from __future__ import annotations

from topiccrawl.notify.changes import Change, classify, fingerprint, pack_segments, unpack_segments

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


def test_a_new_paragraph_on_a_long_page_is_a_change_and_a_rotating_ad_is_not() -> None:
    nodes = [f"第{i}段：{PAGE}" for i in range(40)] + ["今日推荐：限时特价"]
    old = fingerprint(" ".join(nodes))
    added = fingerprint(
        " ".join([*nodes[:20], "新的回复：孙中山先生提出三民主义，即民族、民权、民生，影响深远。", *nodes[20:]])
    )
    assert classify(old, added, max_noise_distance=3) is Change.CHANGED
    ad = fingerprint(" ".join([*nodes[:-1], "热门活动：会员优惠中"]))
    assert classify(old, ad, max_noise_distance=3) is Change.UNCHANGED


def test_segments_survive_storage() -> None:
    fp = fingerprint(PAGE + " 第二段。第三句！")
    assert len(fp.segments) >= 3
    assert unpack_segments(pack_segments(fp.segments)) == fp.segments
    assert unpack_segments(None) == frozenset()
