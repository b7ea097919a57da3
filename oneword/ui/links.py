"""The room's join link, a player's own link to their seat, and their QR
codes (L-1, L-3), made locally with segno (no web service sees a link)."""

from __future__ import annotations

import base64
import io
from urllib.parse import urlencode, urlsplit, urlunsplit

import segno
import streamlit as st

from oneword.config import public_url
from oneword.ui.app.pages import PAGES, URL_PATHS
from oneword.ui.app.session import Identity, rejoin_query
from oneword.ui.text import escape_html


def app_base_url() -> str:
    """The app's root URL: the `public_url` setting when there is one (on
    Community Cloud, H-2), else as this browser reached it, with any proxy
    prefix."""
    configured = public_url()
    if configured is not None:
        return configured
    url = st.context.url or ""
    parts = urlsplit(url)
    segments = [s for s in parts.path.split("/") if s]
    if segments and segments[-1] in URL_PATHS:
        segments.pop()
    path = "/" + "/".join(segments) + ("/" if segments else "")
    return urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def join_link(code: str) -> str:
    return f"{app_base_url()}?{urlencode({'join': code})}"


def rejoin_link(ident: Identity) -> str:
    """The link that takes this seat to another device: it holds the
    seat's token, so only its player is shown it."""
    return f"{app_base_url()}{PAGES['lobby'].url_path}?{urlencode(rejoin_query(ident))}"


def qr_png(link: str, *, scale: int = 6) -> bytes:
    """A PNG of the link's QR code, dark on light so a projector shows it
    well."""
    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="png", scale=scale, dark="#111", light="#fff")
    return buffer.getvalue()


def qr_data_uri(link: str) -> str:
    """The QR code as a `data:` URI, for an <img> the page sizes itself."""
    encoded = base64.b64encode(qr_png(link, scale=10)).decode("ascii")
    return f"data:image/png;base64,{encoded}"


def qr_figure(link: str, *, caption: str, alt: str, width: int) -> None:
    """The link's QR code with its caption below, `width` pixels wide.
    Drawn as our own <img> rather than `st.image`, which gives the picture
    no text alternative: `alt` says what it is for a screen reader."""
    st.html(
        f'<figure style="margin:0;width:{width}px;text-align:center">'
        f'<img src="{qr_data_uri(link)}" alt="{escape_html(alt)}" width="{width}" '
        f'height="{width}" style="display:block;image-rendering:pixelated">'
        f'<figcaption style="font-size:0.875rem">{escape_html(caption)}</figcaption></figure>'
    )
