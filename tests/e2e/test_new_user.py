"""What a new user met: Escape in a comment's edit and reply modes, the like button's label
("1 like"), the video editor's tabs on a phone, the title placeholder of /create and the edit
page's title after saving it empty."""

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import shot
from tests.e2e.helpers import (
    T,
    assert_clean_console,
    fill_story_form,
    new_page,
    toast,
    unique_email,
)
from tests.e2e.test_journey import api_call

STORY = {"title": "The Flooded Chapel", "content": "The water rose past the pews.",
         "genre": "Gothic Horror", "mood": ["Eerie"], "setting": "a flooded chapel",
         "characters": "a verger", "isPublic": True, "allowComments": True}
VIDEO = {"creationMode": "direct", "title": "The Flooded Chapel", "genre": "Gothic Horror",
         "mood": "Eerie", "setting": "a flooded chapel", "characters": "a verger",
         "animationStyle": "Cinematic", "narrationVoice": "Deep Male", "isPublic": True}


@pytest.fixture
def story(member):
    """A public story of the member's, deleted afterwards."""
    story = api_call(member, "POST", "/api/stories", STORY)
    yield story
    api_call(member, "DELETE", f"/api/stories/{story['id']}")


@pytest.fixture
def video(member):
    """A public (not rendered) video of the member's, deleted afterwards."""
    video = api_call(member, "POST", "/api/videos", VIDEO)
    yield video
    api_call(member, "DELETE", f"/api/videos/{video['id']}")


# --- 1. Escape cancels a comment's edit or reply ---------------------------------------------------


def test_escape_cancels_editing_or_replying_to_a_comment(member, story):
    page = member
    api_call(page, "POST", f"/api/stories/{story['id']}/comments", {"content": "The pews float."})
    page.goto(f"/story/{story['id']}")
    comment = page.locator(".comment-list .comment")  # the only one
    edit_button = comment.get_by_role("button", name="Edit")
    edit_button.click()
    editor = comment.get_by_role("textbox", name="Edit comment")
    expect(editor).to_be_focused(timeout=T)
    editor.fill("An edit to throw away")
    editor.press("Escape")
    expect(editor).to_be_hidden()
    expect(comment.locator(".comment-text")).to_have_text("The pews float.")
    expect(edit_button).to_be_focused()  # the keyboard is back where it was
    edit_button.click()  # the edit starts again from the saved text
    expect(editor).to_have_value("The pews float.")
    comment.get_by_role("button", name="Cancel").click()

    reply_button = comment.get_by_role("button", name="Reply")
    reply_button.click()
    reply = comment.get_by_role("textbox", name="Write a reply")
    reply.fill("A reply to throw away")
    reply.press("Escape")
    expect(reply).to_be_hidden()
    expect(reply_button).to_be_focused()
    assert [c["content"] for c in api_call(page, "GET", f"/api/stories/{story['id']}/comments")] == [
        "The pews float."]
    assert_clean_console(page)


# --- 2. "1 like", "2 likes" ------------------------------------------------------------------------


def like_from_another_account(browser, site, path):
    page = new_page(browser, site)
    try:
        page.request.get("/api/auth/user")  # sets the csrf_token cookie
        api_call(page, "POST", "/api/auth/register", {"email": unique_email("liker"),
                                                      "password": "nightmare-123",
                                                      "firstName": "Ada", "lastName": "Reed"})
        api_call(page, "POST", f"{path}/like")
    finally:
        page.context.close()


@pytest.mark.parametrize("kind", ["story", "video"])
def test_the_like_button_says_1_like_and_2_likes(member, browser, seeded, request, kind):
    page = member
    item = request.getfixturevalue(kind)
    path = f"/api/{'stories' if kind == 'story' else 'videos'}/{item['id']}"
    page.goto(f"/{kind}/{item['id']}")
    like = page.locator(".like-btn").first
    expect(like).to_have_accessible_name(f"Like {kind} (0 likes)", timeout=T)
    like.click()
    expect(like).to_have_accessible_name(f"Unlike {kind} (1 like)", timeout=T)
    like_from_another_account(browser, seeded, path)
    page.reload()
    expect(like).to_have_accessible_name(f"Unlike {kind} (2 likes)", timeout=T)
    assert_clean_console(page)


# --- 3. the video forms' tabs on a phone -----------------------------------------------------------

VIDEO_FORMS = {  # path, tab list and tabs of the editor and of the creation form (same tab row)
    "editor": ("/video-editor/{id}", "Editor sections", ["Video", "Script", "Audio", "Effects", "Publish"]),
    "create": ("/create-video?from_video={id}", "Video settings", ["Content", "Video Settings", "Audio", "Publish"]),
}


@pytest.mark.parametrize("width", [360, 390, 1280])
@pytest.mark.parametrize("form", ["editor", "create"])
def test_the_video_form_tabs_are_all_in_sight(member, video, form, width):
    page = member
    path, label, names = VIDEO_FORMS[form]
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(path.format(id=video["id"]))
    tablist = page.get_by_role("tablist", name=label)
    tabs = tablist.get_by_role("tab")
    expect(tabs.last).to_be_visible(timeout=T)
    assert tabs.all_inner_texts() == names
    boxes = [tab.bounding_box() for tab in tabs.all()]
    for name, box in zip(names, boxes):
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (name, box, width)
    assert tablist.evaluate("el => el.scrollWidth <= el.clientWidth"), "the tabs scroll sideways"
    assert len({round(box["y"]) for box in boxes}) == 1, boxes  # one row
    if width >= 1280:  # each tab as wide as its label
        assert boxes[-1]["x"] + boxes[-1]["width"] < width * 0.6, boxes
    tabs.last.click()
    expect(tabs.last).to_have_attribute("aria-selected", "true")
    tabs.last.press("Home")
    expect(tabs.first).to_be_focused()
    shot(page, f"video-{form}-tabs-{width}")
    assert_clean_console(page)


# --- 4. the title placeholders of /create -----------------------------------------------------------


def test_the_title_placeholders_say_what_title_one_gets(member):
    """The settings' title is a suggestion to the AI (which names the story when it is empty);
    the title of the story to save, when left empty, is the server's '{genre} Story in {setting}'."""
    page = member
    page.goto("/create")
    suggestion = page.get_by_role("textbox", name="Title (optional)")
    expect(suggestion).to_have_attribute("placeholder", "Leave empty to let the AI name it", timeout=T)
    fill_story_form(page, setting="a flooded chapel ", characters="a verger", length=100)
    page.get_by_role("button", name="Generate Story").click()
    title = page.get_by_role("textbox", name="Title", exact=True)
    expect(title).not_to_have_value("", timeout=60_000)  # the AI's title
    title.fill("")
    expected = "Gothic Horror Story in a flooded chapel"
    expect(title).to_have_attribute("placeholder", f"Leave empty to get '{expected}'")
    page.get_by_role("button", name="Save Story").click()
    expect(page.get_by_role("heading", name=expected, level=1)).to_be_visible(timeout=T)
    story_id = page.url.rsplit("/", 1)[-1]
    assert_clean_console(page)
    page.goto("/")  # not on the story's page when it goes (its next refresh would be a 404)
    api_call(page, "DELETE", f"/api/stories/{story_id}")


# --- 5. the edit page shows the saved story ---------------------------------------------------------


def test_an_emptied_title_is_asked_for_not_made_up(member, story):
    """Only a new story gets a made-up title: the editor asks for one and holds Save meanwhile
    (the server refuses a blank title too), then saves the title given."""
    page = member
    page.goto(f"/story/{story['id']}/edit")
    title = page.get_by_role("textbox", name="Title", exact=True)
    expect(title).to_have_value(STORY["title"], timeout=T)
    save = page.get_by_role("button", name="Save Changes")
    title.fill("  ")
    expect(page.get_by_text("Give your story a title to save your changes.")).to_be_visible()
    expect(title).to_have_attribute("aria-invalid", "true")
    expect(save).to_be_disabled()
    title.fill("The Flooded Chapel")
    with page.expect_response(lambda r: r.request.method == "PUT"
                              and r.url.endswith(f"/api/stories/{story['id']}")) as response:
        save.click()
    assert response.value.json()["title"] == "The Flooded Chapel"
    expect(toast(page, "Story Updated")).to_be_visible(timeout=T)
    page.get_by_role("link", name="Back to Story").click()
    expect(page.get_by_role("heading", name="The Flooded Chapel", level=1)).to_be_visible(timeout=T)
    assert_clean_console(page)


def test_a_text_field_stops_at_what_the_server_accepts(member):
    """A 5,000-character setting failed on the server as 'Generation Failed'; the field now stops
    at 2,000 characters, the server's limit, as the user types."""
    page = member
    page.goto("/create")
    setting = page.get_by_role("textbox", name="Setting")
    setting.fill("a flooded chapel " + "x" * 1978)
    setting.press_sequentially("on the Fens")
    assert len(setting.input_value()) == 2000
