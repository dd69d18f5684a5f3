"""/create's "Outline first" (issue 40 item 1): the plan's beats edited, added, deleted and
reordered, the cast corrected, then "Write story"; the story is saved with the edited plan."""
import re

from playwright.sync_api import expect

from tests.e2e.conftest import shot
from tests.e2e.helpers import (
    T,
    assert_clean_console,
    fill_story_form,
    open_screen,
    toast,
)
from tests.e2e.test_journey import api_call

CHANGED = "The bell ringer climbs the tower alone and does not answer when the novice calls"
ADDED = "The novice finds the abbey's burial register under the altar cloth, its last page still wet"



def beat_texts(beats):
    return [beats.nth(i).get_by_role("textbox").input_value() for i in range(beats.count())]


def test_outline_first_edit_the_beats_and_cast_then_write_and_save(writer):
    page = writer
    open_screen(page, "/create", "Create a Horror Story")
    fill_story_form(page, length=600)
    page.get_by_role("button", name="Outline first").click()

    beats = page.locator("ol.plan-beats > li")
    expect(beats.first).to_be_visible(timeout=60_000)
    expect(toast(page, "Outline Ready")).to_be_visible(timeout=T)
    count = beats.count()
    assert count >= 4
    before = beat_texts(beats)
    assert all(before), before

    # edit beat 2, add a beat after beat 2, delete beat 4 (an engine beat), move the new beat up
    beats.nth(1).get_by_role("textbox", name="Beat 2: what happens").fill(CHANGED)
    page.get_by_role("button", name="Add a beat after beat 2").click()
    expect(beats).to_have_count(count + 1)
    new = page.get_by_role("textbox", name="Beat 3: what happens")
    expect(new).to_have_value("")
    new.fill(ADDED)
    page.get_by_role("button", name="Delete beat 4").click()
    expect(beats).to_have_count(count)
    page.get_by_role("button", name="Move beat 3 up").focus()
    page.keyboard.press("Enter")  # keyboard works as well as the mouse
    expect(page.get_by_role("textbox", name="Beat 2: what happens")).to_have_value(ADDED)
    expect(page.get_by_role("textbox", name="Beat 3: what happens")).to_have_value(CHANGED)
    expect(page.locator(".plan-beat.is-edited")).to_have_count(2)
    expected = [before[0], ADDED, CHANGED] + before[3:]
    assert beat_texts(beats) == expected

    # the cast: rename the first member, give them pronouns
    person = page.locator(".plan-person").first
    renamed = [person.get_by_role("textbox", name=label).input_value() for label in ("Name", "Then called")]
    person.get_by_role("textbox", name="Name").fill("Sister Agathe")
    person.get_by_role("combobox", name="Pronouns").select_option("she")
    shot(page, "create-outline")

    page.get_by_role("button", name="Write story").click()
    editor = page.get_by_role("textbox", name="Story text")
    expect(editor).to_be_visible(timeout=60_000)
    expect(toast(page, "Story Generated Successfully!")).to_be_visible(timeout=T)
    content = editor.input_value()
    # told in the story's own tense, the author's words kept
    told = content.lower()  # a beat may follow a connective ("Because of that, the novice found")
    assert "the novice found the abbey's burial register under the altar cloth, its last page still wet" in told
    assert "the bell ringer climbed the tower alone and did not answer when the novice call" in told
    assert "Sister Agathe" in content  # the name the author gave on the outline, said in full
    assert len(content.split()) > 200

    page.get_by_role("button", name="Save Story").click()
    expect(page).to_have_url(re.compile(r"/story/\d+$"), timeout=T)
    story_id = int(page.url.rsplit("/", 1)[1])
    plan = api_call(page, "GET", f"/api/stories/{story_id}/plan")
    # the author's beats as they wrote them; the engine's own beats name the renamed person anew
    old = "|".join(re.escape(n) for n in sorted(filter(None, renamed), key=len, reverse=True))
    saved = [text if k in (1, 2) else re.sub(rf"(?i)\b(?:{old})\b", "Sister Agathe", text)
             for k, text in enumerate(expected)]
    assert [b["text"] for b in plan["beats"]] == saved
    assert [b["edited"] for b in plan["beats"][:3]] == [False, True, True]
    assert plan["cast"][0]["name"] == "Sister Agathe" and plan["cast"][0]["pronouns"] == "she"
    assert_clean_console(page)
