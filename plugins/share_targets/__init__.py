"""Built-in share targets: copy link, X/Twitter, Facebook, e-mail, Reddit, WhatsApp."""
from core.hookspecs import hookimpl
from core.providers import ShareTarget

TARGETS = [
    ShareTarget("clipboard", "Copy Link", "link", "link", None, popup=False),
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
