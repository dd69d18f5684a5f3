"""Built-in share targets: copy link, X/Twitter, Facebook, e-mail, Reddit, WhatsApp.

Registered through ``register_share_targets`` exactly as a third-party plugin's would be;
``[share] targets = [...]`` in plugins.toml picks which ones the menu offers, and in what order.
Each target's ``url_template`` receives ``{title}`` and ``{url}`` already percent-encoded (UTF-8,
nothing left unescaped), so titles with ``&``, ``#``, quotes or non-ASCII letters stay intact.
"""
from core.hookspecs import hookimpl
from core.providers import ShareTarget


class CopyLink(ShareTarget):
    """The link itself, for the clipboard: nothing to encode, nothing to open."""

    def build_url(self, title, link):
        return link


TARGETS = [
    CopyLink("clipboard", "Copy Link", "link", "link", None, popup=False),
    ShareTarget("twitter", "Share on X", "twitter", "social",
                "https://twitter.com/intent/tweet?text={title}&url={url}"),
    ShareTarget("facebook", "Share on Facebook", "facebook", "social",
                "https://www.facebook.com/sharer/sharer.php?u={url}"),
    ShareTarget("email", "Share via Email", "mail", "email",
                "mailto:?subject={title}&body={url}", popup=False),
    ShareTarget("reddit", "Share on Reddit", "reddit", "social",
                "https://www.reddit.com/submit?url={url}&title={title}"),
    ShareTarget("whatsapp", "Share on WhatsApp", "whatsapp", "social",
                "https://wa.me/?text={title}%20{url}"),
]


@hookimpl
def register_share_targets():
    return TARGETS
