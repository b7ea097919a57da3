"""L-8: the address a player knocks from, behind a trusted proxy or not
(oneword.ui.app.client_address)."""

from __future__ import annotations

import logging

import pytest

from oneword.ui.app import client_address as addresses
from oneword.ui.app.client_address import client_address, parse_networks

LOCAL = parse_networks("127.0.0.1, ::1")
ELSEWHERE = parse_networks("10.1.1.1")


def test_L8_without_a_trusted_proxy_the_header_is_ignored() -> None:
    assert client_address("203.0.113.9", "10.0.0.7", ()) == "203.0.113.9"
    assert client_address(None, "10.0.0.7", ()) is None, "local machine, nothing declared"
    assert client_address("203.0.113.9", "10.0.0.7", ELSEWHERE) == "203.0.113.9"


def test_L8_a_trusted_proxy_names_the_player() -> None:
    assert client_address("10.1.1.1", "198.51.100.4", ELSEWHERE) == "198.51.100.4"
    assert client_address(None, "198.51.100.4", LOCAL) == "198.51.100.4", "local proxy"
    assert client_address("::ffff:10.1.1.1", "198.51.100.4", ELSEWHERE) == "198.51.100.4"


def test_L8_a_forged_address_left_of_the_proxys_own_is_not_believed() -> None:
    # The player sent "1.2.3.4" themselves; the proxy appended what it saw.
    assert client_address("10.1.1.1", "1.2.3.4, 198.51.100.4", ELSEWHERE) == "198.51.100.4"


def test_L8_a_chain_of_trusted_proxies_is_walked_from_the_right() -> None:
    chain = parse_networks("10.1.1.0/24")
    assert client_address("10.1.1.1", "198.51.100.4, 10.1.1.2", chain) == "198.51.100.4"
    assert client_address("10.1.1.1", "10.1.1.3, 10.1.1.2", chain) == "10.1.1.3"


def test_L8_a_header_that_names_no_address_counts_as_unknown() -> None:
    assert client_address("10.1.1.1", "not-an-address", ELSEWHERE) is None
    assert client_address("10.1.1.1", " , ", ELSEWHERE) == "10.1.1.1"
    assert client_address("10.1.1.1", "", ELSEWHERE) == "10.1.1.1"


def test_L8_one_address_has_one_spelling() -> None:
    assert client_address("::ffff:203.0.113.9", None, ()) == "203.0.113.9"
    assert client_address("2001:DB8::1", None, ()) == "2001:db8::1"


def test_L8_the_setting_parses_addresses_and_networks() -> None:
    assert [str(n) for n in parse_networks("127.0.0.1, 10.0.0.0/8 ::1")] == [
        "127.0.0.1/32",
        "10.0.0.0/8",
        "::1/128",
    ]
    with pytest.raises(ValueError, match="nginx"):
        parse_networks("127.0.0.1, nginx")


def test_L8_a_setting_that_does_not_parse_trusts_no_proxy_and_says_so(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("ONEWORD_TRUSTED_PROXIES", "127.0.0.1, proxy.internal")
    addresses._parsed.cache_clear()
    with caplog.at_level(logging.WARNING, logger="oneword"):
        assert addresses.trusted() == ()
    assert "proxy.internal" in caplog.text
    monkeypatch.setenv("ONEWORD_TRUSTED_PROXIES", "10.1.1.1")
    assert addresses.trusted() == ELSEWHERE
