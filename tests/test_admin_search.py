"""Admin searches on the trigram indexes of migration 0004 (FTS5 on SQLite, pg_trgm on PostgreSQL):
the same rows, order and totals as a plain substring scan; kept in step with inserts, renames and
deletions; a database upgraded from 0003 finds the rows it already had. And exact figures."""
import datetime as dt
import importlib

import pytest

from core import migrations
from tests.test_admin_helpers import make_story, make_video, models, update_user


def make_user(app, email, first_name="", last_name="", **fields):
    from core.models import User
    with models(app):
        return User.create(email=email, password_hash="x", first_name=first_name,
                           last_name=last_name, **fields).id


def lister(admin, kind="users"):
    def ids(query):
        response = admin.get(f"/api/admin/{kind}?search={query}&limit=100")
        assert response.status_code == 200, (query, response.get_json())
        rows = [row["id"] for row in response.get_json()]
        assert response.headers["X-Total-Count"] == str(len(rows)), query
        return rows
    return ids


def test_users_search_name_email_any_case_short_words_and_literal_characters(app, users):
    admin, admin_json = users.signed_in(role="admin", first_name="Ada", last_name="Root")
    theo = make_user(app, "t.quill@crypt.example", "Theodora", "Ravenscroft")
    under = make_user(app, "under_score@crypt.example", "Una", "Dee")
    underx = make_user(app, "underxscore@crypt.example", "Una", "Dee")
    percent = make_user(app, "pct@crypt.example", "Hundred100%", "Pct")
    thousand = make_user(app, "thousand@crypt.example", "Hundred1000", "Pct")
    quote = make_user(app, "dee.arcy@crypt.example", 'D"Arcy', "O'Hara")
    slash = make_user(app, "slash@crypt.example", "Back\\Slash", "Sl")
    accent = make_user(app, "accent@crypt.example", "Zoë", "Ölund")
    ids = lister(admin)

    # part of the first name, the last name, the e-mail; any case; every word somewhere
    assert ids("eodor") == [theo]
    assert ids("EODOR") == ids("eOdOr") == [theo]
    assert ids("VENSC") == [theo]
    assert ids("quill%40cry") == [theo]
    assert ids("T.QUILL%40CRYPT.EXAMPLE") == [theo]
    assert ids("theo%20RAVEN") == ids("raven%20%20theo") == [theo]
    assert ids("theo%20nobody") == []
    assert ids("crypt") == [accent, slash, quote, thousand, percent, underx, under, theo]
    # 1-2 character words (no trigram: a scan) alone and with longer ones
    assert ids("q") == [theo]
    assert ids("QU") == [theo]
    assert ids("qu%20ravenscroft") == [theo]
    assert ids("a") == ids("crypt") + [admin_json["id"]]  # every user has an 'a' somewhere
    # %, _, quotes and backslashes are plain characters, in short and long words
    assert ids("_") == [under]
    assert ids("r_s") == [under]
    assert ids("r_score") == [under]
    assert ids("%25") == [percent]
    assert ids("0%25") == [percent]
    assert ids("100%25") == [percent]
    assert ids("d%22arc") == [quote]
    assert ids("%22") == [quote]
    assert ids("%22%22") == []
    assert ids("o'h") == ids("'") == [quote]
    assert ids("k%5Cs") == ids("%5C") == [slash]
    assert ids("%25%25%25") == [] and ids("___") == []
    assert ids("NEAR%20OR%20AND") == []  # FTS5 keywords are plain words too
    # pagination of a search: the same order, the full total on every page
    response = admin.get("/api/admin/users?search=crypt&limit=3&page=3")
    assert response.headers["X-Total-Count"] == "8"
    assert [u["id"] for u in response.get_json()] == [under, theo]
    assert ids("zo%C3%AB") == [accent]  # non-ASCII in a long word
    assert ids("crypt%20ada") == []


def test_search_finds_new_renamed_and_not_deleted_rows(app, users):
    """The FTS tables follow the rows (triggers): insert, rename, delete."""
    admin, _ = users.signed_in(role="super_admin")
    user_ids = lister(admin)
    story_ids = lister(admin, "stories")
    video_ids = lister(admin, "videos")

    author, author_json = users.signed_in(first_name="Morwenna", last_name="Blackthorn")
    assert user_ids("morwen") == [author_json["id"]]
    assert user_ids("kthor") == [author_json["id"]]
    update_user(app, author_json["id"], first_name="Isolde", last_name="Greaves")
    assert user_ids("morwen") == [] and user_ids("kthor") == []
    assert user_ids("isold") == user_ids("reave") == [author_json["id"]]
    update_user(app, author_json["id"], email="new.address@crypt.example")
    assert user_ids(author_json["email"]) == []
    assert user_ids("new.addr") == [author_json["id"]]

    story = make_story(author, title="The Obsidian Lighthouse")
    assert story_ids("obsidian") == [story["id"]]
    assert story_ids("LIGHTHOUSE") == [story["id"]]
    response = author.put(f"/api/stories/{story['id']}", json={"title": "Salt and Bone"})
    assert response.status_code == 200, response.get_json()
    assert story_ids("obsidian") == []
    assert story_ids("and%20bone") == [story["id"]]
    assert story_ids("new.address%40crypt.example") == [story["id"]]  # the author's e-mail

    video = make_video(app, author_json["id"], title="Ossuary Choir")
    assert video_ids("ossuary") == [video]
    from core.models import Video
    with models(app):
        Video.update(title="Bellows").where(Video.id == video).execute()
    assert video_ids("ossuary") == [] and video_ids("bellow") == [video]

    assert admin.delete(f"/api/admin/stories/{story['id']}").status_code == 200
    assert story_ids("bone") == []
    assert admin.delete(f"/api/admin/videos/{video}").status_code == 200
    assert video_ids("bellow") == []
    assert admin.delete(f"/api/admin/users/{author_json['id']}").status_code == 200
    assert user_ids("isold") == [] and user_ids("new.addr") == []


def test_many_matches_walk_the_index_with_the_same_rows_order_and_totals(app, users,
                                                                          monkeypatch):
    """A search with more than SORT_LIMIT matches pages through the newest-first index: the same
    pages as sorting every match, with the other filters and short words too."""
    from core.models import Story, User
    from core.services.admin import paging as admin_service
    admin, author_json = users.signed_in(role="admin", first_name="Ada", last_name="Lantern")
    now = dt.datetime(2026, 1, 1)
    with models(app):
        User.insert_many([{"email": f"lamp{i}@crypt.example", "password_hash": "x",
                           "first_name": "Lantern" if i % 3 else "Candle", "last_name": "Keeper",
                           "is_active": i % 7 != 0,
                           "created_at": now - dt.timedelta(hours=i % 5)}  # ties on created_at
                          for i in range(40)]).execute()
        Story.insert_many([{"user": author_json["id"], "title": f"The Lantern {i}",
                            "content": "x", "genre": "Gothic Horror", "mood": "Eerie",
                            "is_public": i % 4 != 0, "created_at": now - dt.timedelta(hours=i % 6)}
                           for i in range(30)]).execute()

    queries = ["/api/admin/users?search=lantern", "/api/admin/users?search=lantern&limit=7&page=3",
               "/api/admin/users?search=LANTERN&status=active&limit=5&page=2",
               "/api/admin/users?search=lantern%20ke&limit=4&page=5",
               "/api/admin/users?search=keeper%20lamp1&limit=3&page=2",
               "/api/admin/users?search=lantern&page=99",
               "/api/admin/stories?search=lantern&limit=6&page=2",
               "/api/admin/stories?search=lantern&filter=private",
               "/api/admin/stories?search=the%20lantern%201&limit=2&page=2",
               f"/api/admin/stories?search={author_json['email']}&limit=4&page=3"]

    def answers():
        found = []
        for query in queries:
            response = admin.get(query)
            assert response.status_code == 200, (query, response.get_json())
            found.append(([row["id"] for row in response.get_json()],
                          response.headers["X-Total-Count"]))
        return found

    def expected_users(words, active_only=False):
        """The search done in Python: every word in the e-mail or a name, any case."""
        with models(app):
            rows = list(User.select())
        hits = [u for u in rows
                if all(any(w.lower() in c.lower() for c in (u.email, u.first_name, u.last_name))
                       for w in words) and (u.is_active or not active_only)]
        hits.sort(key=lambda u: (u.created_at, u.id), reverse=True)
        return [u.id for u in hits]

    sorted_answers = answers()
    everyone = expected_users(["lantern"])
    assert len(everyone) == 27  # 26 lamp keepers named Lantern, and Ada Lantern
    assert sorted_answers[0] == (everyone[:20], "27")
    assert sorted_answers[1] == (everyone[14:21], "27")
    active = expected_users(["lantern"], active_only=True)
    assert sorted_answers[2] == (active[5:10], str(len(active)))
    short = expected_users(["lantern", "ke"])
    assert sorted_answers[3] == (short[16:20], str(len(short)))
    assert sorted_answers[5] == ([], "27")
    assert sorted_answers[7][1] == "8"
    assert sorted_answers[9][1] == "30"  # every story of the author with that e-mail
    monkeypatch.setattr(admin_service, "SORT_LIMIT", 3)
    for share in (2.0, 0.0):  # the walk tests each entry against the ids, then with LIKE
        monkeypatch.setattr(admin_service, "SCAN_SHARE", share)
        assert answers() == sorted_answers, share


def test_postgres_search_uses_the_trigram_indexes(app, db):
    """The query shape matches the indexes' expression (``lower(column)``) and operator class."""
    if app.config["DATABASE_URL"].startswith("sqlite"):
        from core.models import Story, User
        from core.search import Match
        assert Match(User, "mara").ids is not None  # answered by users_search (FTS5)
        assert Match(Story, "lantern").ids is not None
        assert Match(User, "ma").ids is None  # 2 characters: a scan
        return
    installed = db.execute_sql("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'").fetchone()
    if installed is None:
        pytest.skip("pg_trgm is not installed here")
    from core.models import Story, User
    from core.search import matching
    with db.atomic():
        db.execute_sql("SET LOCAL enable_seqscan = off")
        for model, index in ((User, "users_lower_email_trgm"), (Story, "stories_lower_title_trgm")):
            sql, params = model.select(model.id).where(matching(model, "mara").condition()).sql()
            plan = "\n".join(row[0] for row in db.execute_sql("EXPLAIN " + sql, params))
            assert index in plan, plan


# --- a database upgraded from 0003 -----------------------------------------------------------


def test_upgrade_from_0003_indexes_the_rows_already_there(blank_database):
    from core.models import Story, User, Video
    from core.services.admin import content as admin_content
    from core.services.admin import users as admin_users
    assert migrations.upgrade(target="0003_admin_indexes")[-1] == "0003_admin_indexes"
    # the rows as a database at 0003 holds them (its tables: those 0001 made)
    old_user, old_story, old_video, *_ = importlib.import_module(
        "core.migrations.0001_initial").tables(blank_database)
    old = old_user.create(email="old.timer@crypt.example", password_hash="x",
                          first_name="Barnaby", last_name="Cobbleworth")
    other = old_user.create(email="other@crypt.example", password_hash="x", first_name="Ann")
    story = old_story.create(user=old, title="The Drowned Bellfounder", content="x",
                             genre="Gothic Horror", mood="Eerie")
    video = old_video.create(user=old, title="Bellfounder's Night")

    def users(search, **args):
        page = admin_users.list_users({"search": search, **args})
        return [u.id for u in page.items], page.total

    def content(model, search):
        page = admin_content.list_content(model, {"search": search})
        return [row.id for row in page.items], page.total

    assert migrations.upgrade()[0] == "0004_search_indexes"
    if blank_database.__class__.__name__.startswith("Sqlite"):
        tables = set(blank_database.get_tables())
        assert {"users_search", "stories_search", "videos_search"} <= tables
    assert users("cobble") == ([old.id], 1)
    assert users("BARNA") == ([old.id], 1)
    assert users("old.timer@") == ([old.id], 1)
    assert users("crypt") == ([other.id, old.id], 2)
    assert users("crypt", limit=1, page=2) == ([old.id], 2)
    assert content(Story, "bellfound") == ([story.id], 1)
    assert content(Story, "OLD.TIMER@CRYPT.EXAMPLE") == ([story.id], 1)
    assert content(Video, "bellfound") == ([video.id], 1)
    # and the triggers made by the migration follow the rows from now on
    newcomer = User.create(email="new@crypt.example", password_hash="x", first_name="Hepzibah")
    User.update(first_name="Bartholomew").where(User.id == old.id).execute()
    assert users("hepzib") == ([newcomer.id], 1)
    assert users("barna") == ([], 0) and users("tholom") == ([old.id], 1)
    Story.delete().where(Story.id == story.id).execute()
    assert content(Story, "bellfound") == ([], 0)
    assert migrations.upgrade() == []


# --- figures -----------------------------------------------------------------------------------


def test_stats_are_exact(app, users):
    """Every kind of user and item, checked against a count of the rows one by one."""
    from core.models import Report, Story, User, Video
    admin, _ = users.signed_in(role="admin")
    now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    day = dt.timedelta(days=1)
    kinds = [{}, {"is_active": False}, {"is_banned": True},
             {"is_banned": True, "ban_expires_at": now + day},
             {"is_banned": True, "ban_expires_at": now - day},  # expired: active again
             {"is_banned": True, "is_active": False}, {"role": "super_admin"},
             {"role": "admin", "is_active": False},
             {"role": "admin", "is_banned": True, "ban_expires_at": now - day}]
    ids = [make_user(app, f"kind{i}@crypt.example", **fields) for i, fields in enumerate(kinds)]
    with models(app):
        for i, user_id in enumerate(ids):
            for j in range(i % 3):
                story = Story.create(user=user_id, title=f"S{i}{j}", content="x",
                                     genre="Gothic Horror", mood="Eerie",
                                     is_public=(i + j) % 2 == 0, views=i * 10 + j)
                if j == 1:
                    Report.create(reporter=ids[0], story=story, reason="r",
                                  status="open" if i % 2 else "dismissed")
            if i % 2:
                Video.create(user=user_id, title=f"V{i}", is_public=i % 4 == 1, views=i)

    def expected():
        with models(app):
            everyone = list(User.select())
            stories, videos = list(Story.select()), list(Video.select())
            open_reports = Report.select().where(Report.status == "open").count()
        banned = [u for u in everyone if u.ban_in_force(now)]
        return {"totalUsers": len(everyone),
                "activeUsers": sum(1 for u in everyone if u.is_active and not u.ban_in_force(now)),
                "inactiveUsers": sum(1 for u in everyone if not u.is_active),
                "bannedUsers": len(banned),
                "adminUsers": sum(1 for u in everyone if u.role in ("admin", "super_admin")),
                "totalStories": len(stories), "publicStories": sum(s.is_public for s in stories),
                "totalVideos": len(videos), "publicVideos": sum(v.is_public for v in videos),
                "totalViews": sum(s.views for s in stories) + sum(v.views for v in videos),
                "openReports": open_reports}

    stats = admin.get("/api/admin/stats").get_json()
    assert stats == expected()
    assert stats["activeUsers"] == 5 and stats["bannedUsers"] == 3 and stats["inactiveUsers"] == 3
    # the lists agree with the figures
    for status, figure in (("active", "activeUsers"), ("inactive", "inactiveUsers"),
                           ("banned", "bannedUsers"), ("admin", "adminUsers"),
                           ("all", "totalUsers")):
        response = admin.get(f"/api/admin/users?status={status}&limit=100")
        assert response.headers["X-Total-Count"] == str(stats[figure]), status
        assert len(response.get_json()) == stats[figure], status
    with models(app):
        User.delete().where(User.id == ids[1]).execute()
        Story.update(views=Story.views + 5).execute()
    assert admin.get("/api/admin/stats").get_json() == expected()
