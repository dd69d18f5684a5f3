"""The ``house`` provider's cards about the site's own content: the author's other stories and
"make a video from it" next to a story, trending stories everywhere.

Only public stories are ever promoted, and a mature (18+) one only to a reader who may read it
(opted in, an admin, its author); a card is built from what a reader sees on the story card
(title, the first characters of the text) and links inside the site.
"""
from core.models import Story, User

#: how many of the author's other stories and of the trending stories are offered
MORE_FROM_AUTHOR = 3
TRENDING = 3
EXCERPT = 110


def excerpt(text):
    text = " ".join((text or "").split())
    return text if len(text) <= EXCERPT else text[:EXCERPT].rstrip(" .,;:") + "..."


def story_card(story, title, cta="Read the story"):
    return {"title": title, "body": f"{story.title}: {excerpt(story.content)}",
            "href": f"/story/{story.id}", "cta": cta}


def public_stories(viewer):
    """The public stories ``viewer`` (None: a visitor) may read."""
    query = (Story
             .select(Story, User)
             .join(User, on=(Story.user == User.id))
             .where(Story.is_public == True))  # noqa: E712
    if viewer is None:
        return query.where(Story.is_mature == False)  # noqa: E712
    if viewer.show_mature or viewer.is_admin:
        return query
    return query.where((Story.is_mature == False) | (Story.user == viewer.id))  # noqa: E712


def author_cards(story, viewer):
    """Next to ``story``: its author's other public stories, most read first; and for the
    author, making a video from it."""
    cards = []
    if viewer is not None and viewer.id == story.user_id:
        cards.append({"title": "Make a video from this story",
                      "body": f"Turn \u201c{story.title}\u201d into a narrated horror video "
                              "with music and subtitles.",
                      "href": f"/create-video?from_story={story.id}", "cta": "Create a video"})
    others = (public_stories(viewer)
              .where((Story.user == story.user_id) & (Story.id != story.id))
              .order_by(Story.views.desc(), Story.id.desc())
              .limit(MORE_FROM_AUTHOR))
    name = story.user.first_name or "this author"
    cards.extend(story_card(other, f"More from {name}") for other in others)
    return cards


def trending_cards(viewer, exclude=None):
    query = public_stories(viewer).order_by(Story.views.desc(), Story.id.desc()).limit(TRENDING + 1)
    return [story_card(story, "Trending tonight") for story in query
            if story.id != exclude][:TRENDING]


def promotions(context):
    """Cards for the slot's context (``story``: the id of the story being read, ``viewer``: the
    signed-in user or None), most relevant first."""
    story_id, viewer = context.get("story"), context.get("viewer")
    story = (Story.select(Story, User).join(User, on=(Story.user == User.id))
             .where(Story.id == story_id).first()) if story_id else None
    cards = author_cards(story, viewer) if story and story.is_visible_to(viewer) else []
    return cards + trending_cards(viewer, exclude=story_id)
