from __future__ import annotations

import string

from hypothesis import assume, given
from hypothesis import strategies as st

from topiccrawl.notify.channels import describe
from topiccrawl.notify.redact import MASK, mask_channel_url, mask_urls, redact_text, redact_url, secrets_of


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


def test_secrets_of_covers_everything_the_masked_form_hides() -> None:
    cases = {
        "ntfy://ntfy.example.org/myPrivateTopic": {"myPrivateTopic"},
        "ntfy://mysecrettopic?mode=publik": {"mysecrettopic", "publik"},  # the topic stands in the host's place
        "json://127.0.0.1:8080/hooks/SecretHookPath?-X=SecretParamValue": {
            "SecretHookPath",
            "hooks/SecretHookPath",
            "SecretParamValue",
        },
        "discord://111222333/DiscordWebhookTokenAbc": {"111222333", "DiscordWebhookTokenAbc"},
        "json://127.0.0.1/p?+Authorization=Bearer%20s3cr3tvalue": {"s3cr3tvalue", "Bearer s3cr3tvalue"},
        "mailto://127.0.0.1?to=good@example.org,bad@example.org": {"good@example.org", "bad@example.org"},
        "json://127.0.0.1/p%2Fq%40r": {"p%2Fq%40r", "p/q@r"},
    }
    for url, expected in cases.items():
        assert secrets_of(url) >= expected, url
        assert all(s not in mask_channel_url(url) for s in expected), url


def test_secrets_of_leaves_out_what_would_mangle_every_line() -> None:
    url = "json://127.0.0.1:8080/hooks/x?format=json&method=POST&mode=insecure&n=42&-X=ab&pin=1234"
    secrets = secrets_of(url)
    assert secrets.isdisjoint({"json", "POST", "insecure", "hooks", "42", "ab", "x", "1234"})
    assert "127.0.0.1" not in secrets and "8080" not in secrets
    # a value under a credential key or a password is scrubbed however plain it looks (3+ characters)
    assert {"json", "4321"} <= secrets_of("mailto://u:json@mail.example.org?pass=4321")


def test_urls_in_free_text_are_masked() -> None:
    text = "Could not load ntfy URL: ntfy://mysecrettopic?mode=publik; JSON POST URL: http://127.0.0.1:1/hooks/Sec"
    out = mask_urls(text)
    assert out == f"Could not load ntfy URL: ntfy://{MASK}?mode={MASK}; JSON POST URL: http://127.0.0.1:1/{MASK}"
