from __future__ import annotations

import string

from hypothesis import assume, given
from hypothesis import strategies as st

from topiccrawl.notify.channels import describe
from topiccrawl.notify.redact import MASK, mask_channel_url, redact_text, redact_url, secrets_of


def test_mailto_password_is_masked_and_addresses_kept() -> None:
    url = "mailto://bot:Pa55word-xyz@smtp1.example.com:2525?from=bot@example.com&to=me@example.com&mode=insecure"
    out = redact_url(url)
    assert "Pa55word-xyz" not in out
    assert "smtp1.example.com:2525" in out  # host names with digits are not tokens
    assert "to=me@example.com" in out
    assert secrets_of(url) >= {"Pa55word-xyz"}


def test_query_token_path_token_and_bot_token_are_masked() -> None:
    cases = {
        "json://127.0.0.1:8080/hook?-token=abcXYZ123&x=1": "abcXYZ123",
        "jsons://hooks.example.com/services/T0/B0/AbCdEf0123456789xyz": "AbCdEf0123456789xyz",
        "tgram://123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/12315544/": "AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
        "dingtalk://abcdef0123456789abcdef0123456789/": "abcdef0123456789abcdef0123456789",
        "json://example.org/x?access_token=short1": "short1",
    }
    for url, secret in cases.items():
        assert secret not in redact_url(url), url
        assert secret not in describe(url), url
        assert MASK in redact_url(url)


def test_plain_urls_are_unchanged_in_substance() -> None:
    assert redact_url("ntfy://ntfy.sh/alerts") == "ntfy://ntfy.sh/alerts"
    assert redact_url("json://127.0.0.1:8080/hook?format=json") == "json://127.0.0.1:8080/hook?format=json"


def test_redact_text_scrubs_raw_and_percent_encoded_secrets() -> None:
    url = "mailto://u:p%40ss-w0rd!@mail.example.org?from=a@example.org"
    text = "SMTP AUTH failed for u / p@ss-w0rd! (p%40ss-w0rd!)"
    out = redact_text(text, secrets_of(url))
    assert "p@ss-w0rd!" not in out
    assert "p%40ss-w0rd!" not in out


@given(st.text(alphabet=string.ascii_letters + string.digits + "-_.~!$", min_size=6, max_size=40))
def test_no_password_survives(password: str) -> None:
    url = f"mailto://user:{password}@mail.example.org:587?from=a@example.org&to=b@example.org"
    assume(password not in url.replace(f":{password}@", ":@"))  # must not also be an ordinary part
    assert password not in redact_url(url)
    assert password not in redact_text(f"login failed: {url} with {password}", secrets_of(url))


@given(st.text(alphabet=string.ascii_letters + string.digits, min_size=4, max_size=40))
def test_no_query_token_survives(token: str) -> None:
    url = f"json://127.0.0.1:9000/hook?-apikey={token}"
    assume(token not in url.replace(token, ""))
    assert token not in redact_url(url)
    assert token not in redact_text(f"POST {url} -> 500", secrets_of(url))


_WORD = st.text(alphabet=string.ascii_letters + string.digits + "-_.~", min_size=3, max_size=24)


@given(
    scheme=st.sampled_from(["mailto", "json", "jsons", "ntfy", "tgram", "discord", "dingtalk"]),
    password=_WORD,
    segments=st.lists(_WORD, min_size=1, max_size=3),
    value=_WORD,
)
def test_a_channel_shows_no_password_path_or_query_value(
    scheme: str, password: str, segments: list[str], value: str
) -> None:
    url = f"{scheme}://user:{password}@mail.example.org:587/{'/'.join(segments)}?to={value}"
    masked = mask_channel_url(url)
    assert masked == f"{scheme}://user:{MASK}@mail.example.org:587/{MASK}?to={MASK}"


def test_describe_masks_what_a_guess_would_keep() -> None:
    # an ntfy topic and a short webhook path read like words, yet whoever knows them can post or read
    assert describe("ntfy://ntfy.sh/alerts-42") == f"ntfy://ntfy.sh/{MASK}"
    assert describe("json://127.0.0.1:8080/hook/abc?format=json") == f"json://127.0.0.1:8080/{MASK}?format={MASK}"
    assert describe("nosuchscheme://x") == "<unusable nosuchscheme URL>"
