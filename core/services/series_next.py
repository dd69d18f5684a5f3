"""Writing the next part of a series: the creation form filled from the last part, and the plan
the new part starts from (the previous part's cast, places and key elements, and what happened),
laid over the outline the writer makes from that form (``StoryProvider.outline``)."""
from core.models import Story
from core.schemas.content import CONTENT_FIELDS
from core.services import series as series_service
from core.story_plan import dump_plan, load_plan

#: the form's fields carried from the last part (the twist and the title are the new part's own)
CARRIED = tuple(name for name in CONTENT_FIELDS if name not in (
    "title", "content", "plotTwist", "isPublic", "allowComments")) + ("storyLength",)
ATTRIBUTES = {**CONTENT_FIELDS, "storyLength": "story_length"}


def last_part(series_id):
    return (Story.select().where(Story.series == series_id)
            .order_by(Story.series_part.desc(), Story.id.desc()).first())


def previous_plan(series_id):
    """The plan of the latest part written from one, or None."""
    story = (Story.select(Story.plan).where((Story.series == series_id) & Story.plan.is_null(False))
             .order_by(Story.series_part.desc(), Story.id.desc()).first())
    return story.plan if story is not None else None


def next_part(series_id, user):
    """``GET /api/series/{id}/next``: the new part's number and its form (the owner's only)."""
    series = series_service.owned(series_id, user, "You can only add parts to your own series.")
    last = last_part(series.id)
    form = {"suggestedTitle": f"{series.title}: Part {series_service.parts_count(series.id) + 1}"}
    if last is not None:
        form.update({name: getattr(last, ATTRIBUTES[name]) for name in CARRIED})
    plan = previous_plan(series.id)
    if plan:  # the cast as the last part named them (a narrator "I" was given a name there)
        form["characters"] = form.get("characters") or ", ".join(p["name"] for p in plan["cast"])
    return {"seriesId": series.id, "seriesTitle": series.title,
            "part": series_service.parts_count(series.id) + 1,
            "previousStoryId": last.id if last else None, "form": form}


def seed_for(series_id, user):
    """The previous part's plan for the outline or generation of the next part (checked: your
    own series), or None when no part was written from a plan."""
    if series_id is None:
        return None
    series = series_service.owned(series_id, user, "You can only add parts to your own series.")
    return previous_plan(series.id)


def _match(fresh_items, old_items, by_role=False):
    """Pairs (fresh, old) of the same thing: the same name; for the cast also the one
    protagonist, and the one antagonist, whatever the outline called them."""
    pairs, used = [], set()
    for item in fresh_items:
        old = next((o for o in old_items if id(o) not in used
                    and o["name"].strip().lower() == item["name"].strip().lower()), None)
        if old is None and by_role and item.get("role") in ("protagonist", "antagonist"):
            same = [o for o in old_items if o.get("role") == item["role"] and id(o) not in used]
            old = same[0] if len(same) == 1 else None
        if old is not None:
            used.add(id(old))
            pairs.append((item, old))
    return pairs, [o for o in old_items if id(o) not in used]


def _carry(fresh_items, old_items, keys, prefix, by_role=False, extra=None):
    """The outline's items given the previous part's names and details; the previous part's
    others added (fresh ids) so the writer and the author keep them at hand."""
    pairs, left = _match(fresh_items, old_items, by_role)
    for item, old in pairs:
        item.update({key: old[key] for key in keys if key in old})
    taken = {item["id"] for item in fresh_items}
    for number, old in enumerate(left, start=1):
        new_id = f"{prefix}{number}"
        while new_id in taken:
            new_id += "x"
        taken.add(new_id)
        fresh_items.append({**old, "id": new_id, **(extra or {})})
    return fresh_items


def continue_plan(previous, fresh):
    """The next part's plan: ``fresh`` (the outline of the new part's form) with the previous
    part's cast, places and key elements (same names, looks, pronouns …) and what happened in it
    as its premise. Both are plan JSON; so is the result."""
    previous, plan = dump_plan(load_plan(previous)), dump_plan(load_plan(fresh))
    plan["cast"] = _carry(plan["cast"], previous["cast"],
                          ("name", "handle", "pronouns", "look", "want"), "prev-c", by_role=True,
                          extra={"role": "supporting"})[:12]
    plan["places"] = _carry(plan["places"], previous["places"],
                            ("name", "handle", "description", "fixtures", "sounds", "outdoors"),
                            "prev-p")[:12]
    plan["elements"] = _carry(plan["elements"], previous["elements"],
                              ("name", "handle", "job", "portable"), "prev-e",
                              extra={"beats": []})[:12]
    before = previous.get("ending") or previous.get("premise") or ""
    if before:
        title = previous.get("title") or "the last part"
        plan["premise"] = f"After “{title}”: {before}"[:1000]
    plan["instructions"] = previous["instructions"]  # the same voice and format
    return dump_plan(load_plan(plan))

