"""Which address a player knocks from, for the rate limits (L-8).

A page learns only the address of whatever opened its connection. Behind
a reverse proxy (docs/deploy.md) that is the proxy, for every player, and
from the same machine Streamlit may report no address at all. The proxy writes
the player's address into `X-Forwarded-For`, but anyone can send that
header, so it is read only when the connection comes from a proxy the
operator declared (`ONEWORD_TRUSTED_PROXIES`); otherwise the header is
ignored. The list is read from the right: each trusted proxy appends the
address it saw, so the first address from the right that is not a trusted
proxy is the player's, and what lies left of it is the player's own word.
"""

from __future__ import annotations

import functools
import ipaddress
import logging
from collections.abc import Sequence

from oneword import config

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

LOOPBACK = "127.0.0.1"
"""The peer Streamlit hides (it reports no address for the local machine)."""


def parse_networks(text: str) -> tuple[Network, ...]:
    """Addresses and networks separated by commas or spaces ("127.0.0.1,
    10.0.0.0/8"). Raise ValueError naming the first that does not parse."""
    networks = []
    for part in text.replace(",", " ").split():
        try:
            networks.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            raise ValueError(f"not an address or network: {part!r}") from None
    return tuple(networks)


def trusted() -> tuple[Network, ...]:
    """The operator's trusted proxies. A setting that does not parse trusts
    no proxy and says so in the log once, rather than stopping the app."""
    return _parsed(config.trusted_proxies())


@functools.lru_cache(maxsize=4)
def _parsed(text: str) -> tuple[Network, ...]:
    try:
        return parse_networks(text)
    except ValueError as problem:
        logging.getLogger("oneword").warning(
            "%s ignored, no proxy is trusted: %s", config.TRUSTED_PROXIES_ENV, problem
        )
        return ()


def is_trusted(address: str, trusted: Sequence[Network]) -> bool:
    canonical = _canonical(address)
    if canonical is None:
        return False
    ip = ipaddress.ip_address(canonical)
    return any(ip in network for network in trusted)


def client_address(
    peer: str | None, forwarded_for: str | None, trusted: Sequence[Network]
) -> str | None:
    """The player's address: the peer's own, or, when the peer is a trusted
    proxy, the nearest address in `forwarded_for` that is not one. `peer`
    None is the local machine. None when no address is known."""
    own = _canonical(peer) if peer else None
    if not is_trusted(own or LOOPBACK, trusted) or not forwarded_for:
        return own
    hops = [hop.strip() for hop in forwarded_for.split(",") if hop.strip()]
    for hop in reversed(hops):
        if not is_trusted(hop, trusted):
            return _canonical(hop)
    return _canonical(hops[0]) if hops else own


def _canonical(address: str) -> str | None:
    """An address as one spelling (`::ffff:10.0.0.1` and `10.0.0.1` are one
    bucket); what is no address at all counts as unknown."""
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ip)
