"""A story's place in a series (``seriesId``, ``seriesPart``) goes only to who may see that
series: to anyone else a public story of a private series is a story on its own (the series' title,
its other parts and that they exist stay its owner's and the admins')."""
from core.models import Series, Story


def _hidden(series_ids, user):
    """The ids among ``series_ids`` of the series ``user`` may not see (one query, none when
    there is no series to check)."""
    series_ids = {series_id for series_id in series_ids if series_id}
    if not series_ids or (user is not None and user.is_admin):
        return set()
    query = Series.select(Series.id).where(Series.id.in_(sorted(series_ids))
                                           & (Series.is_public == False))  # noqa: E712
    if user is not None:
        query = query.where(Series.user != user.id)
    return {series_id for (series_id,) in query.tuples()}


def hide_items(items, user):
    """Dumped stories (dicts) for ``user``: a series they may not see is left out."""
    hidden = _hidden((item.get("seriesId") for item in items), user)
    for item in items:
        if item.get("seriesId") in hidden:
            item["seriesId"] = item["seriesPart"] = None
    return items


def hide_rows(rows, user):
    """The same on stories (model objects) about to be dumped."""
    hidden = _hidden((row.series_id for row in rows), user)
    for row in rows:
        if row.series_id in hidden:
            row.series_id = row.series_part = None
    return rows


def restore_items(items, user):
    """The visitors' story cards for ``user``: their own stories (every one for an admin) get
    back their place in a private series (one query, none when there is nothing to restore)."""
    if user is None:
        return items
    ids = [item["id"] for item in items if item.get("seriesId") is None
           and (user.is_admin or item.get("userId") == user.id)]
    if not ids:
        return items
    places = {story_id: (series_id, part) for story_id, series_id, part in
              Story.select(Story.id, Story.series, Story.series_part)
              .where(Story.id.in_(ids) & Story.series.is_null(False)).tuples()}
    for item in items:
        if item["id"] in places:
            item["seriesId"], item["seriesPart"] = places[item["id"]]
    return items
