"""The video's script and storyboard in the browser (issue 13), the editor's Close that asks before
discarding edits and a video made from someone else's story (issue 16 items 8 and 4).

The site here renders with the tests' fake video provider (instant, with a scene per line of the
script and a thumbnail each), so the storyboard can be looked at without a real render."""
import re

import pytest
from playwright.sync_api import expect

from tests.conftest import ROOT
from tests.e2e.conftest import shot
from tests.e2e.helpers import T, assert_clean_console, new_page, toast, unique_email
from tests.e2e.test_journey import api_call
from tests.helpers import standalone_env, start_site, stop_site

PASSWORD = "nightmare-123"
STORY = {"title": "The Lighthouse Keeper",
         "content": "The lamp went out at midnight.\n\nSomething climbed the stairs.",
         "genre": "Supernatural", "mood": "Eerie", "setting": "a lighthouse",
         "characters": "the keeper", "isPublic": True}


@pytest.fixture(scope="module")
def fake_site(tmp_path_factory):
    data = tmp_path_factory.mktemp("e2e-storyboard")
    env = standalone_env(data, DREADFORGE_RATELIMIT="0",
                         DREADFORGE_PLUGIN_MODULES="tests.fake_video_provider",
                         DREADFORGE_PLUGINS=str(ROOT / "tests" / "plugins.fake-video.toml"))
    proc, base = start_site(env, "--workers", "1")
    yield type("Site", (), {"url": base, "data": data, "env": env})
    stop_site(proc)


@pytest.fixture
def author(browser, fake_site):
    """A signed-in page of a new user (Edgar Thorne) who has a public story."""
    page = new_page(browser, fake_site)
    page.request.get("/api/auth/user")  # issues the csrf_token cookie
    api_call(page, "POST", "/api/auth/register", {"email": unique_email("board"),
                                                  "password": PASSWORD,
                                                  "firstName": "Edgar", "lastName": "Thorne"})
    page.story = api_call(page, "POST", "/api/stories", STORY)
    yield page
    page.context.close()


def rendered_video(page, **fields):
    """A video of the page user's story, rendered by the fake provider."""
    video = api_call(page, "POST", "/api/videos", {
        "creationMode": "from_story", "storyId": page.story["id"], "title": "Keeper's Last Night",
        "animationStyle": "Cinematic", "narrationVoice": "Deep Male", "duration": 15, **fields})
    api_call(page, "POST", f"/api/videos/{video['id']}/generate")
    for _ in range(300):
        video = api_call(page, "GET", f"/api/videos/{video['id']}/community")
        if video["status"] in ("completed", "failed"):
            break
        page.wait_for_timeout(100)
    assert video["status"] == "completed", video
    return video


def test_video_page_shows_the_script_and_storyboard(author):
    page = author
    video = rendered_video(page)
    page.goto(f"/video/{video['id']}")
    board = page.get_by_role("list", name="Storyboard")
    expect(board).to_be_visible(timeout=T)
    scenes = board.get_by_role("listitem")
    expect(scenes).to_have_count(2)
    first, second = scenes.nth(0), scenes.nth(1)
    expect(first).to_contain_text("0:00")
    expect(first).to_contain_text("Retold: The lamp went out at midnight.")
    expect(first.get_by_label("Scene 1 shows")).to_contain_text("lighthouse")
    expect(second).to_contain_text("0:08")  # starts at 7.5 s
    expect(second.get_by_label("Scene 2 shows")).to_contain_text("music box")
    thumbnail = first.get_by_role("img")
    expect(thumbnail).to_have_attribute("src", re.compile(rf"/media/videos/{video['id']}/scenes/1"))
    page.wait_for_function("img => img.complete && img.naturalWidth > 0",
                           arg=thumbnail.element_handle(), timeout=T)
    script = page.locator("section.video-script")
    expect(script.get_by_role("listitem")).to_have_text(
        ["Retold: The lamp went out at midnight.", "Retold: Something climbed the stairs."])
    shot(page, "video-storyboard")
    assert_clean_console(page)


def test_editing_a_scene_line_in_the_editor_and_saving(author):
    page = author
    video = rendered_video(page)
    page.goto(f"/video-editor/{video['id']}")
    page.get_by_role("tab", name="Script").click()
    board = page.get_by_role("list", name="Storyboard")
    expect(board.get_by_role("listitem")).to_have_count(2, timeout=T)
    line = page.get_by_label("Scene 2 line")
    expect(line).to_have_value("Retold: Something climbed the stairs.")
    line.fill("The stairs climbed back.")
    expect(page.get_by_label("Whole script")).to_have_value(
        "Retold: The lamp went out at midnight.\nThe stairs climbed back.")
    shot(page, "video-editor-script")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(toast(page, "Video Updated")).to_be_visible(timeout=T)
    saved = api_call(page, "GET", f"/api/videos/{video['id']}/community")
    assert saved["script"] == ["Retold: The lamp went out at midnight.", "The stairs climbed back."]
    page.goto(f"/video/{video['id']}")
    expect(page.locator("section.video-script").get_by_role("listitem").nth(1)).to_have_text(
        "The stairs climbed back.", timeout=T)
    assert_clean_console(page)


def test_close_asks_before_discarding_unsaved_edits(author):
    page = author
    video = api_call(page, "POST", "/api/videos", {
        "creationMode": "from_story", "storyId": page.story["id"], "title": "Unsaved",
        "animationStyle": "Cinematic", "narrationVoice": "Deep Male"})
    editor = f"/video-editor/{video['id']}"
    page.goto(editor)
    # nothing changed: Close just closes
    page.get_by_role("button", name="Close", exact=True).click()
    expect(page).to_have_url(re.compile(rf"/video/{video['id']}$"), timeout=T)

    page.goto(editor)
    page.get_by_label("Title *").fill("Unsaved, renamed")
    page.get_by_role("button", name="Close", exact=True).click()
    dialog = page.get_by_role("dialog", name="Discard unsaved changes?")
    expect(dialog).to_be_visible(timeout=T)
    shot(page, "video-editor-close-dialog")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    expect(page).to_have_url(re.compile(rf"{editor}$"))
    expect(page.get_by_label("Title *")).to_have_value("Unsaved, renamed")

    # closing the tab asks too (the browser's own prompt; dismissed, the page stays)
    asked = []
    page.on("dialog", lambda d: (asked.append(d.type), d.dismiss()))
    page.close(run_before_unload=True)
    page.wait_for_timeout(500)
    assert asked == ["beforeunload"]

    page.get_by_role("button", name="Close", exact=True).click()
    page.get_by_role("dialog").get_by_role("button", name="Discard changes").click()
    expect(page).to_have_url(re.compile(rf"/video/{video['id']}$"), timeout=T)
    assert api_call(page, "GET", f"/api/videos/{video['id']}/community")["title"] == "Unsaved"


def test_video_from_someone_elses_story_names_and_credits_it(author, browser, fake_site):
    story = author.story
    page = new_page(browser, fake_site)
    try:
        page.request.get("/api/auth/user")  # issues the csrf_token cookie
        api_call(page, "POST", "/api/auth/register", {"email": unique_email("fan"),
                                                      "password": PASSWORD,
                                                      "firstName": "Iris", "lastName": "Kell"})
        page.goto(f"/link-story/{story['id']}")
        page.get_by_role("link", name="Make a video from it").click()
        select = page.get_by_label("Story *")
        expect(select).to_be_visible(timeout=T)
        selected = select.locator("option:checked")
        expect(selected).to_have_text("The Lighthouse Keeper — by Edgar Thorne")
        expect(page.get_by_role("note")).to_contain_text(
            "the video will credit “The Lighthouse Keeper” by Edgar Thorne")
        page.get_by_role("button", name="Create Horror Video").click()
        expect(page).to_have_url(re.compile(r"/video/\d+$"), timeout=T)
        credit = page.locator(".story-credit")
        expect(credit).to_have_text(re.compile(r"Based on “The Lighthouse Keeper” by Edgar Thorne"),
                                    timeout=T)
        expect(credit.get_by_role("link", name="“The Lighthouse Keeper”")).to_have_attribute(
            "href", f"/story/{story['id']}")
        shot(page, "video-story-credit")
        assert_clean_console(page)
    finally:
        page.context.close()


def test_correcting_who_where_and_what_a_scene_shows_in_the_editor(author):
    """The creator says who is in scene 2, where it is and what it shows, each in its own field;
    it is saved (marked corrected) for the next render, and scene 1 is left as it was."""
    page = author
    video = rendered_video(page)
    page.goto(f"/video-editor/{video['id']}")
    page.get_by_role("tab", name="Script").click()
    shows = page.get_by_label("Scene 2 shows")
    expect(shows).to_be_visible(timeout=T)
    page.get_by_label("Scene 2 who").fill("the keeper, the drowned man")
    page.get_by_label("Scene 2 where").fill("the lamp room")
    shows.fill("the broken lens")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(toast(page, "Video Updated")).to_be_visible(timeout=T)
    saved = api_call(page, "GET", f"/api/videos/{video['id']}/community")
    second = saved["scenes"][1]
    assert (second["who"], second["where"], second["shows"]) == (
        ["the keeper", "the drowned man"], "the lamp room", ["the broken lens"])
    assert [s["edited"] for s in saved["scenes"]] == [False, True]
    page.reload()
    page.get_by_role("tab", name="Script").click()
    scene = page.get_by_role("list", name="Storyboard").get_by_role("listitem").nth(1)
    expect(scene).to_contain_text("Scene 2 (corrected)", timeout=T)
    expect(page.get_by_label("Scene 2 who")).to_have_value("the keeper, the drowned man")
    expect(page.get_by_label("Scene 2 where")).to_have_value("the lamp room")
    expect(page.get_by_label("Scene 2 shows")).to_have_value("the broken lens")
    shot(page, "video-storyboard-who-where")
    page.goto(f"/video/{video['id']}")
    board = page.get_by_role("list", name="Storyboard")
    expect(board.get_by_label("Scene 2 where")).to_contain_text("the lamp room", timeout=T)
    expect(board.get_by_label("Scene 2 who")).to_contain_text("the keeper, the drowned man")
    assert_clean_console(page)


def test_the_creator_is_told_on_the_video_page_when_its_voice_falls_back_to_espeak(author, browser,
                                                                                   fake_site):
    # the server here has no neural voice for Mysterious Female: its voices list says so
    fallback = [{"name": "Mysterious Female", "speaker": "eSpeak NG en-us+f2", "engine": "espeak",
                 "fallback": True, "pull": "hfc_female", "licence": "CC0"}]
    page = author
    video = rendered_video(page, narrationVoice="Mysterious Female")
    page.route("**/api/videos/voices", lambda route: route.fulfill(json=fallback))
    page.goto(f"/video/{video['id']}")
    notice = page.get_by_role("status").filter(has_text="falls back to eSpeak NG")
    expect(notice).to_be_visible(timeout=T)
    expect(notice).to_contain_text("dreadforge voices pull hfc_female")
    # a reader of the video sees which voice speaks, not the administrator's notice
    other = new_page(browser, fake_site)
    try:
        other.route("**/api/videos/voices", lambda route: route.fulfill(json=fallback))
        other.goto(f"/video/{video['id']}")
        expect(other.get_by_text("Mysterious Female · eSpeak NG en-us+f2")).to_be_visible(timeout=T)
        expect(other.get_by_text("falls back to eSpeak NG")).to_have_count(0)
    finally:
        other.context.close()
