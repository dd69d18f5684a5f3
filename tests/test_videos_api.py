"""The videos API without a worker: creation in both modes, the editor, every validation message,
permissions, feeds, engagement, the generate/regenerate state rules and deletion."""


import pytest  # noqa: E402

STORY = {"title": "The Hollow House", "content": "The door opened.\n\nNobody was there.",
         "genre": "Gothic Horror", "mood": "Eerie", "setting": "an abandoned manor",
         "characters": "Mara and her brother", "intensity": 7, "timeOfDay": "Midnight",
         "weatherCondition": "Foggy", "protagonist": "Mara", "antagonist": "The Tenant",
         "pacing": "Slow Burn", "plotTwist": "She was the ghost", "isPublic": True}
DIRECT = {"creationMode": "direct", "genre": "Cosmic Horror", "mood": "Ominous",
          "setting": "a lighthouse", "characters": "a keeper", "animationStyle": "Cinematic",
          "narrationVoice": "Deep Male"}
SPEC_DEFAULTS = {"animationStyle": "Cinematic", "narrationVoice": "Deep Male",
                 "musicAmbience": "Dark Atmospheric", "duration": 60, "aspectRatio": "16:9",
                 "resolution": "1080p", "frameRate": 30, "voiceSpeed": 1.0, "musicVolume": 50,
                 "narrationVolume": 80, "colorGrading": "Horror", "transitions": "Fade",
                 "subtitles": True, "watermark": False, "isPublic": True, "allowComments": True,
                 "allowDownload": False, "description": "Horror video created with AI"}


# --- helpers (also used by test_media.py and test_video_jobs.py) ---------------------------------


def make_story(client, **fields):
    response = client.post("/api/stories", json={**STORY, **fields})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def make_video(client, **fields):
    body = {**DIRECT, "title": "Signal from the Deep", **fields}
    response = client.post("/api/videos", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def db_update(app, video_id, **columns):
    from core.db import database
    from core.models import Video
    with app.app_context():
        database.connect(reuse_if_open=True)
        Video.update(**columns).where(Video.id == video_id).execute()


def put_media(app, video_id, render="r1", data=b"", poster=b"\xff\xd8poster", vtt=None):
    """Files of a finished render written through the storage, and the row pointing at them."""
    from core.storage import get_storage
    storage = get_storage(app)
    prefix = f"videos/{video_id}/{render}"
    folder = storage.workdir(prefix)
    (folder / "video.mp4").write_bytes(data)
    (folder / "poster.jpg").write_bytes(poster)
    (folder / "subtitles.vtt").write_text(vtt or "WEBVTT\n\n00:00.000 --> 00:01.000\nBoo\n")
    storage.publish(folder, prefix)
    db_update(app, video_id, status="completed", progress=100, video_file=f"{prefix}/video.mp4",
              poster_file=f"{prefix}/poster.jpg", subtitles_file=f"{prefix}/subtitles.vtt")
    return folder


def private_video_with_media(users, app, data, **fields):
    """A private video with its files, and three clients: its owner, another user, an admin."""
    owner, _ = users.signed_in()
    other, _ = users.signed_in(first_name="Eli")
    admin, _ = users.signed_in(role="super_admin")
    video = make_video(owner, isPublic=False, **fields)
    put_media(app, video["id"], data=data)
    return video, owner, other, admin


def message(response):
    return response.get_json()["message"]


@pytest.fixture(autouse=True)
def _no_leftover_jobs(queue_env):
    """Renders started here have no worker: drop them from this session's videos queue."""
    yield
    from rq import Queue

    from core import job_queues
    Queue(job_queues.queue_name("videos"), connection=job_queues.connection()).empty()


# --- creation ------------------------------------------------------------------------------------


def test_create_from_story_copies_the_story_and_applies_the_defaults(users):
    client, me = users.signed_in()
    story = make_story(client)
    response = client.post("/api/videos", json={
        "creationMode": "from_story", "storyId": story["id"], "title": "  Hollow  ",
        "animationStyle": "Cinematic", "narrationVoice": "Deep Male"})
    assert response.status_code == 201, response.get_json()
    video = response.get_json()
    assert video["status"] == "pending" and video["progress"] == 0
    assert video["creationMode"] == "from_story" and video["storyId"] == story["id"]
    assert video["title"] == "Hollow"
    for name in ("content", "genre", "mood", "setting", "characters", "intensity", "timeOfDay",
                 "weatherCondition", "protagonist", "antagonist", "pacing", "plotTwist"):
        assert video[name] == story[name], name
    for name, value in SPEC_DEFAULTS.items():
        assert video[name] == value, name
    assert video["user"]["id"] == me["id"] and video["user"]["firstName"] == "Mara"
    assert video["userId"] == me["id"]
    assert video["isLikedByUser"] is False
    assert video["error"] is None
    assert video["videoUrl"] is None and video["posterUrl"] is None
    assert video["subtitlesUrl"] is None and video["downloadUrl"] is None
    assert video["renderHeight"] == 1080
    assert {"views", "likesCount", "commentsCount", "sharesCount", "createdAt",
            "progressMessage"} <= set(video)


def test_create_from_story_fields_sent_win_and_the_story_must_be_readable(users):
    client, _ = users.signed_in()
    check_story_access(users, client)
    story = make_story(client)
    video = make_video(client, creationMode="from_story", storyId=story["id"], title="T",
                       genre="Slasher", mood="", setting=None, duration=300,
                       resolution="4K", musicAmbience="No Music", allowDownload=True)
    assert video["genre"] == "Slasher"
    assert video["mood"] == story["mood"] and video["setting"] == story["setting"]
    assert video["duration"] == 300 and video["resolution"] == "4K"
    assert video["renderHeight"] == 1080  # the local renderer caps at 1080p
    assert video["musicAmbience"] == "No Music" and video["allowDownload"] is True
    # deleting the story keeps the video (storyId cleared, its copy of the text kept)
    assert client.delete(f"/api/stories/{story['id']}").status_code == 200
    kept = client.get(f"/api/videos/{video['id']}").get_json()
    assert kept["storyId"] is None and kept["content"] == story["content"]


def test_create_direct_and_mode_inference(users):
    client, _ = users.signed_in()
    video = make_video(client, title="", resolution="720p")
    assert video["creationMode"] == "direct" and video["storyId"] is None
    assert video["title"] == "Cosmic Horror Video in a lighthouse"
    assert video["content"] == "" and video["renderHeight"] == 720
    # without creationMode: a storyId means from_story, none means direct
    story = make_story(client)
    body = {k: v for k, v in DIRECT.items() if k != "creationMode"}
    assert client.post("/api/videos", json=body).get_json()["creationMode"] == "direct"
    inferred = client.post("/api/videos", json={"storyId": story["id"], "title": "X"})
    assert inferred.status_code == 201
    assert inferred.get_json()["creationMode"] == "from_story"
    # the moderation filters apply to videos
    response = client.post("/api/videos", json={**DIRECT, "title": "a forbiddenword here"})
    assert response.status_code == 422


DIRECT_REQUIRED = [
    ("genre", "Genre is required"), ("mood", "Mood is required"),
    ("setting", "Setting is required"), ("characters", "Characters are required"),
    ("animationStyle", "Animation style is required"),
    ("narrationVoice", "Narration voice is required"),
]
UNKNOWN_VALUES = [
    ("creationMode", "both", "Unknown creation mode 'both'"),
    ("genre", "Romance", "Unknown genre 'Romance'"),
    ("mood", "Cheerful", "Unknown mood 'Cheerful'"),
    ("animationStyle", "Claymation", "Unknown animation style 'Claymation'"),
    ("narrationVoice", "Cartoon", "Unknown narration voice 'Cartoon'"),
    ("musicAmbience", "Polka", "Unknown music 'Polka'"),
    ("aspectRatio", "2:1", "Unknown aspect ratio '2:1'"),
    ("resolution", "2K", "Unknown resolution '2K'"),
    ("colorGrading", "Sepia", "Unknown color grading 'Sepia'"),
    ("transitions", "Spin", "Unknown transition 'Spin'"),
    ("frameRate", 25, "Unknown frame rate '25' (use 24, 30 or 60)"),
    ("timeOfDay", "Teatime", "Unknown time of day 'Teatime'"),
    ("weatherCondition", "Hail", "Unknown weather 'Hail'"),
    ("narrativePerspective", "Fourth Person", "Unknown narrative perspective 'Fourth Person'"),
    ("pacing", "Glacial", "Unknown pacing 'Glacial'"),
    ("voiceSpeed", 2.5, "Voice speed must be between 0.5 and 2"),
    ("musicVolume", 101, "Music volume must be between 0 and 100"),
    ("narrationVolume", -1, "Narration volume must be between 0 and 100"),
]
#: the title's messages, the same on creation and in the editor
TITLE_CASES = [
    ({"title": ""}, "title", "Title is required"),
    ({"title": "   "}, "title", "Title is required"),
    ({"title": "  "}, "title", "Title is required"),
    ({"title": None}, "title", "Title is required"),
    ({"title": "x" * 101}, "title", "Title must be under 100 characters"),
]
FROM_STORY_CASES = [
    ({}, "storyId", "Please select a story"),
    ({"storyId": None}, "storyId", "Please select a story"),
    ({"storyId": ""}, "storyId", "Please select a story"),
    ({"storyId": "abc"}, "storyId", "Please select a story"),
    *TITLE_CASES,
    ({"animationStyle": ""}, "animationStyle", "Animation style is required"),
    ({"animationStyle": None}, "animationStyle", "Animation style is required"),
    ({"narrationVoice": ""}, "narrationVoice", "Narration voice is required"),
    ({"duration": 14}, "duration", "Duration must be between 15 and 300 seconds"),
    ({"duration": 301}, "duration", "Duration must be between 15 and 300 seconds"),
    ({"duration": "long"}, "duration", "Duration must be between 15 and 300 seconds"),
    ({"intensity": 11}, "intensity", "Intensity must be between 1 and 10"),
]


def check_from_story_messages(client):
    story = make_story(client)
    for body, field, text in FROM_STORY_CASES:
        payload = {"creationMode": "from_story", "storyId": story["id"], "title": "Ok",
                   "animationStyle": "Cinematic", "narrationVoice": "Deep Male"}
        payload.update(body)
        if body == {}:
            del payload["storyId"]
        response = client.post("/api/videos", json=payload)
        assert response.status_code == 400, (body, response.get_json())
        assert response.get_json()["errors"] == {field: [text]}, body
        assert message(response) == text


def check_direct_messages(client):
    for field, text in DIRECT_REQUIRED:
        for blank in ("missing", "", "  ", None, []):
            body = dict(DIRECT)
            if blank == [] and field in ("setting", "characters"):
                continue  # free text: a list is not a valid string at all
            if blank == "missing":
                if field in ("animationStyle", "narrationVoice"):
                    continue  # left out, these take the spec's defaults (tested above)
                del body[field]
            else:
                body[field] = blank
            response = client.post("/api/videos", json=body)
            assert response.status_code == 400, (field, blank, response.get_json())
            assert response.get_json()["errors"] == {field: [text]}, (field, blank)
            assert message(response) == text
    # each mode reports all of its own missing fields, and none of the other mode's
    response = client.post("/api/videos", json={"creationMode": "direct", "title": ""})
    assert set(response.get_json()["errors"]) == {"genre", "mood", "setting", "characters"}
    response = client.post("/api/videos", json={"creationMode": "from_story",
                                                "animationStyle": "", "narrationVoice": ""})
    assert response.status_code == 400
    assert response.get_json()["errors"] == {
        "storyId": ["Please select a story"], "title": ["Title is required"],
        "animationStyle": ["Animation style is required"],
        "narrationVoice": ["Narration voice is required"]}


def check_unknown_values(client):
    for field, value, text in UNKNOWN_VALUES:
        response = client.post("/api/videos", json={**DIRECT, field: value})
        assert response.status_code == 400, (field, response.get_json())
        assert response.get_json()["errors"] == {field: [text]}, field


CHOICE_SETS = [
    # the creation form's lists
    {"animationStyle": "Abstract Horror", "narrationVoice": "Robotic",
     "musicAmbience": "Silent Film", "aspectRatio": "4:3", "resolution": "1440p",
     "genre": "Paranormal", "mood": "Dark"},
    # the editor's (and explore's) lists
    {"animationStyle": "3D Animation", "narrationVoice": "British Male",
     "musicAmbience": "Tension Builder", "aspectRatio": "21:9", "resolution": "8K",
     "frameRate": 60, "colorGrading": "Dark & Moody", "transitions": "Horror Effect",
     "genre": "Body Horror", "mood": "Sinister"},
]


def test_creation_validation_messages(users):
    """Every message of both modes, and unknown values named, as 400 with ``errors``."""
    client, _ = users.signed_in()
    check_from_story_messages(client)
    check_direct_messages(client)
    check_unknown_values(client)


def test_both_choice_lists_are_accepted(users):
    from core import choices
    client, _ = users.signed_in()
    for values in CHOICE_SETS:
        video = make_video(client, **values)
        for name, value in values.items():
            assert video[name] == value
    vid = video["id"]
    lists = {"animationStyle": choices.ANIMATION_STYLES,
             "narrationVoice": choices.NARRATION_VOICES, "musicAmbience": choices.MUSIC,
             "aspectRatio": choices.ASPECT_RATIOS, "resolution": choices.RESOLUTIONS,
             "frameRate": choices.FRAME_RATES, "colorGrading": choices.COLOR_GRADINGS,
             "transitions": choices.TRANSITIONS}
    for index in range(max(len(options) for options in lists.values())):
        body = {field: options[index % len(options)] for field, options in lists.items()}
        response = client.patch(f"/api/videos/{vid}", json=body)
        assert response.status_code == 200, (body, response.get_json())
        assert {field: response.get_json()[field] for field in body} == body


def check_story_access(users, owner):
    other, _ = users.signed_in(first_name="Eli")
    private = make_story(owner, isPublic=False)
    public = make_story(owner)
    body = {"creationMode": "from_story", "title": "Mine now", "animationStyle": "Cinematic",
            "narrationVoice": "Deep Male"}
    assert other.post("/api/videos", json={**body, "storyId": 999999}).status_code == 404
    response = other.post("/api/videos", json={**body, "storyId": private["id"]})
    assert response.status_code == 404 and message(response) == "Story not found"
    assert other.post("/api/videos", json={**body, "storyId": public["id"]}).status_code == 201
    assert owner.post("/api/videos", json={**body, "storyId": private["id"]}).status_code == 201


EDITOR_CASES = [
    *TITLE_CASES,
    ({"animationStyle": ""}, "animationStyle", "Animation style is required"),
    ({"narrationVoice": None}, "narrationVoice", "Narration voice is required"),
    ({"duration": 9}, "duration", "Duration must be between 10 and 300 seconds"),
    ({"duration": 301}, "duration", "Duration must be between 10 and 300 seconds"),
    ({"frameRate": 23}, "frameRate", "Unknown frame rate '23' (use 24, 30 or 60)"),
    ({"frameRate": 61}, "frameRate", "Unknown frame rate '61' (use 24, 30 or 60)"),
    ({"voiceSpeed": 0.4}, "voiceSpeed", "Voice speed must be between 0.5 and 2"),
    ({"voiceSpeed": 2.1}, "voiceSpeed", "Voice speed must be between 0.5 and 2"),
    ({"musicVolume": -5}, "musicVolume", "Music volume must be between 0 and 100"),
    ({"musicVolume": 105}, "musicVolume", "Music volume must be between 0 and 100"),
    ({"narrationVolume": 101}, "narrationVolume", "Narration volume must be between 0 and 100"),
    ({"resolution": "16K"}, "resolution", "Unknown resolution '16K'"),
]


def test_editor_validation_messages(users):
    client, _ = users.signed_in()
    video = make_video(client)
    for body, field, text in EDITOR_CASES:
        for method, path in ((client.patch, f"/api/videos/{video['id']}"),
                             (client.post, f"/api/videos/{video['id']}/regenerate")):
            response = method(path, json=body)
            assert response.status_code == 400, (path, body, response.get_json())
            assert response.get_json()["errors"] == {field: [text]}, (path, body)
            assert message(response) == text
    assert client.get(f"/api/videos/{video['id']}").get_json()["title"] == video["title"]


def test_editor_changes_only_what_is_sent_and_accepts_the_ranges(users):
    client, _ = users.signed_in()
    video = make_video(client, musicVolume=35, narrationVolume=90)
    response = client.patch(f"/api/videos/{video['id']}", json={
        "title": "x" * 100, "duration": 10, "frameRate": 24, "voiceSpeed": 0.5,
        "musicVolume": 0, "narrationVolume": 100, "aspectRatio": "9:16", "resolution": "8K",
        "colorGrading": "Vintage", "transitions": "Glitch", "subtitles": False,
        "watermark": True, "isPublic": False, "allowComments": False, "allowDownload": True,
        "musicAmbience": "", "animationStyle": "Stop Motion", "narrationVoice": "Whispery"})
    assert response.status_code == 200, response.get_json()
    edited = response.get_json()
    assert edited["title"] == "x" * 100 and edited["duration"] == 10
    assert edited["frameRate"] == 24 and edited["voiceSpeed"] == 0.5
    assert edited["musicVolume"] == 0 and edited["narrationVolume"] == 100
    assert edited["resolution"] == "8K" and edited["renderHeight"] == 1080
    assert edited["subtitles"] is False and edited["watermark"] is True
    assert edited["isPublic"] is False and edited["allowDownload"] is True
    assert edited["musicAmbience"] == "Dark Atmospheric"  # empty: unchanged (optional)
    assert edited["user"]["id"] == video["user"]["id"]
    again = client.patch(f"/api/videos/{video['id']}", json={"voiceSpeed": 2}).get_json()
    assert again["voiceSpeed"] == 2 and again["title"] == "x" * 100
    assert again["genre"] == video["genre"] and again["status"] == "pending"


# --- permissions ---------------------------------------------------------------------------------


def test_permission_matrix(users, client):
    owner, _ = users.signed_in()
    other, _ = users.signed_in(first_name="Eli")
    admin, _ = users.signed_in(role="admin", first_name="Ada")
    video = make_video(owner)
    vid = video["id"]
    writes = [("post", "/api/videos", DIRECT), ("patch", f"/api/videos/{vid}", {"title": "x"}),
              ("delete", f"/api/videos/{vid}", None), ("post", f"/api/videos/{vid}/generate", None),
              ("post", f"/api/videos/{vid}/regenerate", {}),
              ("post", f"/api/videos/{vid}/like", None),
              ("delete", f"/api/videos/{vid}/like", None),
              ("post", f"/api/videos/{vid}/comments", {"content": "hi"}),
              ("post", f"/api/videos/{vid}/report", {"reason": "spam"})]
    for method, path, body in writes:  # visitor
        response = getattr(client, method)(path, json=body)
        assert response.status_code == 401, (method, path)
        assert message(response) == "Unauthorized"
    for actor in (other, admin):  # not the owner
        assert actor.patch(f"/api/videos/{vid}", json={"title": "x"}).status_code == 403
        wrong = actor.patch(f"/api/videos/{vid}", json={"title": "x" * 5000})  # who, then what
        assert wrong.status_code == 403 and message(wrong) == "You can only edit your own videos."
        refused = actor.delete(f"/api/videos/{vid}")
        assert refused.status_code == 403
        assert message(refused) == "You can only delete your own videos."
        for action in ("generate", "regenerate"):
            response = actor.post(f"/api/videos/{vid}/{action}", json={})
            assert response.status_code == 403
            assert message(response) == "Only the creator can generate this video"
    assert owner.patch(f"/api/videos/{vid}", json={"title": "Mine"}).status_code == 200
    # private: owner and admins see it, the others get 404 everywhere
    owner.patch(f"/api/videos/{vid}", json={"isPublic": False})
    for actor in (other, client):
        assert actor.get(f"/api/videos/{vid}").status_code == 404
        assert actor.get(f"/api/videos/{vid}/community").status_code == 404
        assert actor.get(f"/api/videos/{vid}/comments").status_code == 404
    assert other.patch(f"/api/videos/{vid}", json={"title": "x"}).status_code == 404
    assert other.post(f"/api/videos/{vid}/generate").status_code == 404
    assert owner.get(f"/api/videos/{vid}").status_code == 200
    assert admin.get(f"/api/videos/{vid}").status_code == 200
    assert owner.delete(f"/api/videos/{vid}").get_json() == {
        "message": "Video deleted successfully"}
    assert owner.get(f"/api/videos/{vid}").status_code == 404



def test_views_engagement_and_media_urls(users, client, app):
    owner, _ = users.signed_in()
    fan, fan_user = users.signed_in(first_name="Eli")
    vid = make_video(owner)["id"]
    assert fan.get(f"/api/videos/{vid}").get_json()["views"] == 1
    assert fan.get(f"/api/videos/{vid}").get_json()["views"] == 1  # once per viewer per hour
    assert client.get(f"/api/videos/{vid}").get_json()["views"] == 2
    assert fan.get(f"/api/videos/{vid}/community").get_json()["views"] == 2  # no view counted
    assert fan.post(f"/api/videos/{vid}/like").get_json() == {"liked": True, "likesCount": 1}
    assert fan.post(f"/api/videos/{vid}/like").get_json()["likesCount"] == 1
    community = fan.get(f"/api/videos/{vid}/community").get_json()
    assert community["isLikedByUser"] is True and community["likesCount"] == 1
    assert owner.get(f"/api/videos/{vid}/community").get_json()["isLikedByUser"] is False
    comment = fan.post(f"/api/videos/{vid}/comments", json={"content": "  chilling  "})
    assert comment.status_code == 201 and comment.get_json()["videoId"] == vid
    assert comment.get_json()["content"] == "chilling"
    reply = owner.post(f"/api/videos/{vid}/comments",
                       json={"content": "thanks", "parentId": comment.get_json()["id"]})
    assert reply.get_json()["parentId"] == comment.get_json()["id"]
    edited = fan.put(f"/api/videos/comments/{comment.get_json()['id']}", json={"content": "brr"})
    assert edited.status_code == 200 and edited.get_json()["content"] == "brr"
    assert len(client.get(f"/api/videos/{vid}/comments").get_json()) == 2
    shared = fan.post(f"/api/videos/{vid}/share",
                      json={"platform": "clipboard", "shareType": "link"})
    assert shared.get_json() == {"recorded": True, "sharesCount": 1}
    shares = client.get(f"/api/videos/{vid}/shares").get_json()
    assert shares[0]["platform"] == "clipboard" and shares[0]["user"]["id"] == fan_user["id"]
    likes = client.get(f"/api/videos/{vid}/likes").get_json()
    assert [entry["user"]["id"] for entry in likes] == [fan_user["id"]]
    assert fan.post(f"/api/videos/{vid}/report", json={"reason": "too scary"}).status_code == 201
    video = client.get(f"/api/videos/{vid}/community").get_json()
    assert (video["likesCount"], video["commentsCount"], video["sharesCount"]) == (1, 2, 1)
    assert fan.delete(f"/api/videos/{vid}/like").get_json() == {"liked": False, "likesCount": 0}
    owner.patch(f"/api/videos/{vid}", json={"allowComments": False})
    assert fan.post(f"/api/videos/{vid}/comments", json={"content": "x"}).status_code == 403
    # media URLs once rendered; downloadUrl only when downloads are allowed, or for the owner
    put_media(app, vid, data=b"0123456789")
    mine = owner.get(f"/api/videos/{vid}").get_json()
    assert mine["downloadUrl"] == f"/api/videos/{vid}/download"
    assert mine["videoUrl"].startswith(f"/media/videos/{vid}/video.mp4?v=")
    assert mine["posterUrl"].startswith(f"/media/videos/{vid}/poster.jpg")
    assert mine["subtitlesUrl"].startswith(f"/media/videos/{vid}/subtitles.vtt")
    assert fan.get(f"/api/videos/{vid}").get_json()["downloadUrl"] is None
    assert client.get(f"/api/videos/{vid}").get_json()["downloadUrl"] is None
    owner.patch(f"/api/videos/{vid}", json={"allowDownload": True})
    assert fan.get(f"/api/videos/{vid}").get_json()["downloadUrl"] is not None


def test_community_and_user_feeds(users, app, client):
    owner, owner_user = users.signed_in()
    other, _ = users.signed_in(first_name="Eli")
    a = make_video(owner, title="Lighthouse keeper", genre="Cosmic Horror", mood="Eerie")
    b = make_video(owner, title="Basement", genre="Slasher", mood="Eerie",
                   characters="the twins")
    c = make_video(other, title="Attic", genre="Slasher", mood="Dark")
    make_video(owner, title="Hidden", genre="Slasher", isPublic=False)
    db_update(app, b["id"], status="completed", views=10)
    db_update(app, c["id"], views=5)

    def titles(path, **query):
        response = client.get(path, query_string=query)
        assert response.status_code == 200, response.get_json()
        return [video["title"] for video in response.get_json()]

    base = "/api/videos/community"
    assert titles(f"{base}/All Genres/All Moods/newest") == ["Attic", "Basement",
                                                             "Lighthouse keeper"]
    assert titles("/api/videos", limit=2) == ["Attic", "Basement"]
    assert titles("/api/videos", status="completed") == ["Basement"]
    first = client.get(f"{base}/All Genres/All Moods/newest").get_json()[0]
    assert first["user"]["firstName"] == "Eli" and first["isLikedByUser"] is False
    assert first["renderHeight"] == 1080 and first["videoUrl"] is None
    assert titles(f"{base}/All%20Genres/All%20Moods/oldest") == ["Lighthouse keeper", "Basement",
                                                                 "Attic"]
    assert titles(f"{base}/Slasher/All Moods/most_viewed") == ["Basement", "Attic"]
    assert titles(f"{base}/All Genres/Eerie/newest") == ["Basement", "Lighthouse keeper"]
    assert titles(f"{base}/All Genres/All Moods/newest", q="twins") == ["Basement"]
    assert titles(f"{base}/All Genres/All Moods/newest", status="completed") == ["Basement"]
    assert titles(f"{base}/All Genres/All Moods/newest", status="pending") == [
        "Attic", "Lighthouse keeper"]
    response = client.get(f"{base}/All Genres/All Moods/newest?limit=2&page=1")
    assert response.headers["X-Total-Count"] == "3" and len(response.get_json()) == 2
    response = client.get(f"{base}/All Genres/All Moods/newest?limit=2")
    cursor = response.headers["X-Next-Cursor"]
    rest = client.get(f"{base}/All Genres/All Moods/newest?limit=2&cursor={cursor}").get_json()
    assert [video["title"] for video in rest] == ["Lighthouse keeper"]
    for path, text in ((f"{base}/All Genres/All Moods/newest?status=done",
                        "Unknown status 'done'"),
                       (f"{base}/Romance/All Moods/newest", "Unknown genre 'Romance'"),
                       (f"{base}/All Genres/All Moods/loudest", "Unknown sort 'loudest'")):
        response = client.get(path)
        assert response.status_code == 400 and message(response).startswith(text)
    assert a["id"] in [video["id"] for video in
                       client.get(f"{base}/All Genres/All Moods/newest").get_json()]
    # a user's videos: private ones only for that user and admins
    admin, _ = users.signed_in(role="admin")
    path = f"/api/videos/user/{owner_user['id']}"
    assert [v["title"] for v in owner.get(path).get_json()] == ["Hidden", "Basement",
                                                                "Lighthouse keeper"]
    assert [v["title"] for v in admin.get(path).get_json()] == ["Hidden", "Basement",
                                                                "Lighthouse keeper"]
    response = other.get(path)
    assert [v["title"] for v in response.get_json()] == ["Basement", "Lighthouse keeper"]
    spec = client.get("/api/openapi.json").get_json()
    for path in ("/api/videos", "/api/videos/{video_id}", "/api/videos/{video_id}/generate",
                 "/api/videos/{video_id}/regenerate", "/api/videos/{video_id}/download",
                 "/api/videos/community/{genre}/{mood}/{sort}", "/media/videos/{video_id}/{name}"):
        assert path in spec["paths"], path



def test_generate_and_regenerate_state_rules(users, app):
    client, _ = users.signed_in()
    video = make_video(client)
    vid = video["id"]
    assert client.post(f"/api/videos/{vid}/regenerate", json={}).status_code == 409  # pending
    response = client.post(f"/api/videos/{vid}/generate")
    assert response.status_code == 202, response.get_json()
    started = response.get_json()
    assert started["status"] == "processing" and started["progress"] == 0
    assert started["progressMessage"] == "Waiting for a worker"
    job_id = _job_id(app, vid)
    assert job_id
    status = client.get(f"/api/jobs/{job_id}").get_json()
    assert status["kind"] == "video.render" and status["status"] == "queued"
    # while processing: no second render of either kind
    response = client.post(f"/api/videos/{vid}/generate")
    assert response.status_code == 409 and "already being generated" in message(response)
    assert client.post(f"/api/videos/{vid}/regenerate", json={}).status_code == 409
    assert client.get(f"/api/videos/{vid}").get_json()["status"] == "processing"  # queued is fine
    # completed: generate is a conflict, regenerate saves the fields and starts a new render
    db_update(app, vid, status="completed", progress=100)
    assert client.post(f"/api/videos/{vid}/generate").status_code == 409
    response = client.post(f"/api/videos/{vid}/regenerate",
                           json={"title": "Second take", "duration": 20})
    assert response.status_code == 202
    assert response.get_json()["status"] == "processing"
    assert response.get_json()["title"] == "Second take"
    assert response.get_json()["duration"] == 20
    assert _job_id(app, vid) != job_id
    # failed: generate again is allowed
    db_update(app, vid, status="failed", error="boom")
    response = client.post(f"/api/videos/{vid}/generate")
    assert response.status_code == 202 and response.get_json()["error"] is None
    # a render the queue lost (no worker will ever run it) is noticed on read: put on the queue
    # again once, then failed
    from rq import Queue

    from core import job_queues
    Queue(job_queues.queue_name("videos"), connection=job_queues.connection()).empty()
    assert client.get(f"/api/videos/{vid}").get_json()["status"] == "processing"
    Queue(job_queues.queue_name("videos"), connection=job_queues.connection()).empty()
    video = client.get(f"/api/videos/{vid}").get_json()
    assert video["status"] == "failed"
    assert video["error"] == "The job was lost by the queue. Please try again."



def _job_id(app, video_id):
    from core.db import database
    from core.models import Video
    with app.app_context():
        database.connect(reuse_if_open=True)
        return Video.get_by_id(video_id).job_id


# --- deletion ------------------------------------------------------------------------------------


def test_delete_removes_the_files_and_the_engagement(users, app):
    client, _ = users.signed_in()
    fan, _ = users.signed_in(first_name="Eli")
    vid = make_video(client)["id"]
    folder = put_media(app, vid, data=b"frames")
    fan.post(f"/api/videos/{vid}/like")
    fan.post(f"/api/videos/{vid}/comments", json={"content": "nice"})
    assert (folder / "video.mp4").exists()
    assert client.delete(f"/api/videos/{vid}").status_code == 200
    assert not folder.parent.exists()
    from core.db import database
    from core.models import Comment, Like
    with app.app_context():
        database.connect(reuse_if_open=True)
        assert Like.select().where(Like.video == vid).count() == 0
        assert Comment.select().where(Comment.video == vid).count() == 0
    assert client.get(f"/media/videos/{vid}/video.mp4").status_code == 404





# --- captions and voices -------------------------------------------------------------------------


def test_captions_option_on_create_edit_and_regenerate(users, app):
    """``captions``: phrase by default, word when asked; kept by the editor and regenerate, handed
    to the renderer; anything else is a 400 naming it."""
    from core.models import Video
    from core.services.video_render import render_request
    client, _ = users.signed_in()
    assert make_video(client)["captions"] == "phrase"
    video = make_video(client, captions="word")
    assert video["captions"] == "word"
    response = client.post("/api/videos", json={**DIRECT, "title": "Bad", "captions": "karaoke"})
    assert response.status_code == 400 and "karaoke" in str(response.get_json()["errors"])
    bad = client.patch(f"/api/videos/{video['id']}", json={"captions": "letters"})
    assert bad.status_code == 400
    edited = client.patch(f"/api/videos/{video['id']}", json={"captions": "phrase"}).get_json()
    assert edited["captions"] == "phrase"
    db_update(app, video["id"], status="completed", progress=100)
    response = client.post(f"/api/videos/{video['id']}/regenerate", json={"captions": "word"})
    assert response.status_code == 202 and response.get_json()["captions"] == "word"
    with app.app_context():
        row = Video.get_by_id(video["id"])
        assert row.captions == "word"
        assert render_request(row, ["The door opened."], 1).captions == "word"


def test_voices_say_what_speaks_each_and_when_espeak_stands_in(client):
    """A voice whose Piper model is not installed falls back to eSpeak NG, and says which neural
    voice would speak it; the installed default voice speaks Deep Male."""
    response = client.get("/api/videos/voices")
    assert response.status_code == 200
    voices = {v["name"]: v for v in response.get_json()}
    from core import choices
    assert set(voices) == set(choices.NARRATION_VOICES)
    deep = voices["Deep Male"]
    assert deep["engine"] == "piper" and not deep["fallback"] and deep["speaker"].startswith("Piper joe")
    female = voices["Mysterious Female"]  # no female Piper voice is installed with the app
    assert female["fallback"] and female["engine"] == "espeak"
    assert female["speaker"].startswith("eSpeak NG") and female["pull"] == "hfc_female"
    assert "CC-BY-4.0" in female["licence"]
