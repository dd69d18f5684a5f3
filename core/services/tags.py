"""Tags and warnings of stories and videos: keeping the tag index in step, the feeds' ``?tag=``
and ``?hideWarnings=`` conditions, and the suggestions as you type."""
from peewee import SQL, NodeList, Select, fn

from core import content_tags, db
from core.models import Story, StoryTag, Video, VideoTag
from core.search import contains

TAG_MODELS = {Story: (StoryTag, StoryTag.story), Video: (VideoTag, VideoTag.video)}


def sync(item):
    """Make the tag index hold exactly ``item``'s tags (after it was saved)."""
    tag_model, fk = TAG_MODELS[type(item)]
    tags = list(item.tags or [])
    with db.write_transaction():
        tag_model.delete().where((fk == item.id) & tag_model.tag.not_in(tags or [""])).execute()
        if tags:
            rows = [{fk.name: item.id, "tag": tag} for tag in tags]
            tag_model.insert_many(rows).on_conflict_ignore().execute()


def filter_tag(args):
    """The ``?tag=`` of a feed, as stored (None without one): one no tag can be finds nothing."""
    return content_tags.normal_tag(args.get("tag") or "") or None


def conditions(model, args):
    """The feed conditions of ``?tag=`` (items with the tag) and ``?hideWarnings=`` (items with
    none of those warnings) for ``model`` (Story or Video)."""
    found = []
    tag = filter_tag(args)
    if tag:
        tag_model, fk = TAG_MODELS[model]
        found.append(model.id.in_(tag_model.select(fk).where(tag_model.tag == tag)))
    for key in args.get("hideWarnings") or ():
        # the column holds a JSON list of keys from a fixed list (no LIKE wildcard in any)
        found.append(~contains(model.content_warnings, f'"{key}"'))
    return found


def filtered(args):
    """True when the feed has a tag or warnings filter (the fast path has neither)."""
    return bool((args.get("tag") or "").strip() or args.get("hideWarnings"))


def suggest(prefix, limit):
    """The tags beginning with ``prefix`` and how many public stories and videos have each, the
    most used first."""
    query = suggestions(prefix, limit)
    return [] if query is None else [{"tag": tag, "count": n} for tag, n in query]


def suggestions(prefix, limit):
    """The query of ``suggest`` (rows of tag and count), None for a prefix no tag can begin
    with."""
    prefix = content_tags.normal_tag(prefix)
    if prefix and not content_tags.TAG.match(prefix.rstrip(" -")):
        return None
    parts = []
    for model, (tag_model, fk) in TAG_MODELS.items():
        query = (tag_model.select(tag_model.tag.alias("tag")).join(model, on=(fk == model.id))
                 .where(model.is_public == True))  # noqa: E712
        if prefix:  # letters, digits, spaces and hyphens only: nothing to escape
            # LIKE, not ILIKE: tags are stored lower-cased, and PostgreSQL's prefix index
            # (text_pattern_ops, migration 0024) serves LIKE only
            query = query.where(NodeList((tag_model.tag, SQL("LIKE"), f"{prefix}%")))
        parts.append(query)
    both = parts[0].union_all(parts[1]).alias("tagged")
    count = fn.COUNT(SQL("*"))
    return (Select([both], [both.c.tag, count.alias("n")]).group_by(both.c.tag)
            .order_by(count.desc(), both.c.tag).limit(limit).bind(db.database).tuples())


def warning_list():
    return [{"key": key, "label": label} for key, label in content_tags.warnings().items()]
