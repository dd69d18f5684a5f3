"""Writing is never lost (issue 42 point 8): Regenerate asks before replacing edited text and can
be undone; leaving /create or the story editor with unsaved text asks (the site's dialog inside
the app, the browser's own prompt for the tab); the story on /create is kept as a draft to resume."""
import re

from playwright.sync_api import expect

from tests.e2e.conftest import shot
from tests.e2e.helpers import (
    T,
    assert_clean_console,
    fill_story_form,
    open_screen,
    toast,
    watch,
)
from tests.e2e.test_journey import api_call

EDIT = "The bell rang once more, though no one had climbed the tower since the flood."



def leave_by_link(page, name):
    page.get_by_role("navigation").get_by_role("link", name=name, exact=True).first.click()


def test_edited_writing_is_guarded_undone_and_kept_as_a_draft(writer):
    page = writer
    open_screen(page, "/create", "Create a Horror Story")
    fill_story_form(page, length=300)
    page.get_by_role("button", name="Generate Story").click()
    editor = page.get_by_role("textbox", name="Story text")
    expect(editor).to_be_visible(timeout=60_000)
    edited = f"{editor.input_value()}\n\n{EDIT}"
    editor.fill(edited)
    expect(page.get_by_role("status").filter(has_text="Draft saved")).to_be_visible(timeout=T)
    assert EDIT in api_call(page, "GET", "/api/drafts/current")["content"]

    # Regenerate asks before replacing the edited text; Cancel keeps it
    page.get_by_role("button", name="Regenerate Story").click()
    ask = page.get_by_role("dialog", name="Replace your edited story?")
    expect(ask).to_be_visible(timeout=T)
    shot(page, "create-regenerate-confirm")
    ask.get_by_role("button", name="Cancel").click()
    expect(ask).to_be_hidden()
    expect(editor).to_have_value(edited)
    # confirmed, a new story replaces it, and Undo puts the edited text back
    page.get_by_role("button", name="Regenerate Story").click()
    ask.get_by_role("button", name="Regenerate").click()
    expect(toast(page, "Story Regenerated")).to_be_visible(timeout=60_000)
    expect(editor).not_to_have_value(edited)
    toast(page, "Story Regenerated").get_by_role("button", name="Undo").click()
    expect(editor).to_have_value(edited, timeout=T)

    # leaving inside the app asks; Cancel keeps the page and the text
    leave_by_link(page, "Explore")
    leave = page.get_by_role("dialog", name="Leave without saving?")
    expect(leave).to_be_visible(timeout=T)
    expect(leave).to_contain_text("kept as your draft")
    shot(page, "create-leave-confirm")
    leave.get_by_role("button", name="Cancel").click()
    expect(leave).to_be_hidden()
    expect(page).to_have_url(re.compile(r"/create$"))
    expect(editor).to_have_value(edited)
    # closing the tab asks too (the browser's own prompt; dismissed, the page stays)
    asked = []
    page.on("dialog", lambda d: (asked.append(d.type), d.dismiss()))
    page.close(run_before_unload=True)
    page.wait_for_timeout(500)
    assert asked == ["beforeunload"]
    # confirmed, the app leaves
    leave_by_link(page, "Explore")
    leave.get_by_role("button", name="Leave").click()
    expect(page).to_have_url(re.compile(r"/explore$"), timeout=T)

    # back on /create the draft is offered; resumed, the edited story is there to save
    open_screen(page, "/create", "Create a Horror Story")
    page.get_by_role("button", name="Resume your draft").click()
    expect(editor).to_have_value(edited.strip(), timeout=T)
    page.get_by_role("button", name="Save Story").click()
    expect(page).to_have_url(re.compile(r"/story/\d+$"), timeout=T)  # saved: no question asked
    story_id = int(page.url.rsplit("/", 1)[1])
    assert api_call(page, "GET", "/api/drafts/current") is None  # the saved story took its draft

    # the story editor asks too ("Back to Story" with an unsaved edit)
    page.goto(f"/story/{story_id}/edit")
    text = page.get_by_role("textbox", name="Story text")
    expect(text).to_be_visible(timeout=T)
    text.fill(f"{text.input_value()} The water answered.")
    page.get_by_role("link", name="Back to Story").click()
    expect(leave).to_be_visible(timeout=T)
    leave.get_by_role("button", name="Cancel").click()
    expect(page).to_have_url(re.compile(rf"/story/{story_id}/edit$"))
    expect(text).to_have_value(re.compile("The water answered.$"))
    page.get_by_role("link", name="Back to Story").click()
    leave.get_by_role("button", name="Leave").click()
    expect(page).to_have_url(re.compile(rf"/story/{story_id}$"), timeout=T)
    assert_clean_console(page)


def generated_story(page):
    """/create with a generated story in its editor."""
    open_screen(page, "/create", "Create a Horror Story")
    fill_story_form(page, length=300)
    page.get_by_role("button", name="Generate Story").click()
    editor = page.get_by_role("textbox", name="Story text")
    expect(editor).to_be_visible(timeout=60_000)
    return editor


def test_undo_never_drops_what_was_typed_after_regenerate(writer):
    page = writer
    editor = generated_story(page)
    page.get_by_role("button", name="Regenerate Story").click()  # not edited: nothing to ask
    regenerated = toast(page, "Story Regenerated")
    expect(regenerated.get_by_role("button", name="Undo")).to_be_visible(timeout=60_000)
    typed = f"{editor.input_value()}\n\n{EDIT}"
    editor.fill(typed)
    # typing ends the offer at once (not when the toast's 12 s are up): the toast's Undo and the
    # one beside the text are gone
    expect(regenerated).to_be_hidden(timeout=3000)
    expect(page.get_by_text("The story you had was replaced.")).to_be_hidden()
    page.wait_for_timeout(500)
    expect(editor).to_have_value(typed)
    assert_clean_console(page)


def test_a_late_press_of_undo_restores_nothing(writer):
    page = writer
    editor = generated_story(page)
    page.get_by_role("button", name="Regenerate Story").click()
    regenerated = toast(page, "Story Regenerated")
    expect(regenerated.get_by_role("button", name="Undo")).to_be_visible(timeout=60_000)
    # the author types and presses the toast's Undo before it has gone from the screen
    typed = f"{editor.input_value()}\n\n{EDIT}"
    undo = regenerated.get_by_role("button", name="Undo").element_handle()
    editor.element_handle().evaluate(
        """(area, [text, undo]) => {
            const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set;
            set.call(area, text);
            area.dispatchEvent(new Event('input', { bubbles: true }));
            undo.click();
        }""",
        [typed, undo],
    )
    page.wait_for_timeout(500)
    expect(editor).to_have_value(typed)
    expect(toast(page, "Story Restored")).to_have_count(0)
    assert_clean_console(page)


def test_outline_first_never_loses_the_story(writer):
    page = writer
    editor = generated_story(page)
    edited = f"{editor.input_value()}\n\n{EDIT}"
    editor.fill(edited)
    beats = page.locator("ol.plan-beats > li")

    # Outline first asks before the edited story leaves the editor; Cancel keeps it
    page.get_by_role("button", name="Outline first").click()
    ask = page.get_by_role("dialog", name="Replace your edited story with an outline?")
    expect(ask).to_be_visible(timeout=T)
    ask.get_by_role("button", name="Cancel").click()
    expect(editor).to_have_value(edited)
    # confirmed, the outline shows with a way back: Discard outline puts the story back
    page.get_by_role("button", name="Outline first").click()
    ask.get_by_role("button", name="Outline").click()
    expect(beats.first).to_be_visible(timeout=60_000)
    expect(toast(page, "Outline Ready").get_by_role("button", name="Undo")).to_be_visible(timeout=T)
    expect(page.get_by_text("The outline took the place of your story.")).to_be_visible()
    page.get_by_role("button", name="Discard outline").click()
    expect(editor).to_have_value(edited, timeout=T)

    # outlined again and written from the outline: Undo still brings the edited story back
    page.get_by_role("button", name="Outline first").click()
    ask.get_by_role("button", name="Outline").click()
    expect(beats.first).to_be_visible(timeout=60_000)
    page.get_by_role("button", name="Write story").click()
    written = toast(page, "Story Regenerated")
    expect(written.get_by_role("button", name="Undo")).to_be_visible(timeout=60_000)
    expect(editor).not_to_have_value(edited)
    written.get_by_role("button", name="Undo").click()
    expect(editor).to_have_value(edited, timeout=T)
    assert_clean_console(page)


def test_an_old_undo_never_survives_the_next_story(writer):
    page = writer
    editor = generated_story(page)
    cleared = editor.input_value()
    page.get_by_role("button", name="Generate New").click()  # not edited: nothing to ask
    expect(toast(page, "Story Cleared").get_by_role("button", name="Undo")).to_be_visible(timeout=T)
    page.get_by_role("button", name="Generate Story").click()
    expect(toast(page, "Story Generated Successfully!")).to_be_visible(timeout=60_000)
    # the cleared story's Undo is gone: the new story cannot be swapped for it
    expect(toast(page, "Story Cleared")).to_be_hidden(timeout=3000)
    expect(page.get_by_text("The story you had was replaced.")).to_be_hidden()
    expect(editor).not_to_have_value(cleared)

    # an outline taking the place of the story: editing the outline ends the offer (Undo would
    # drop the edits)
    page.get_by_role("button", name="Outline first").click()
    outlined = toast(page, "Outline Ready")
    expect(outlined.get_by_role("button", name="Undo")).to_be_visible(timeout=60_000)
    page.get_by_role("textbox", name="Beat 1: what happens").fill("The novice counts the bells.")
    expect(outlined).to_be_hidden(timeout=3000)
    expect(page.get_by_text("The outline took the place of your story.")).to_be_hidden()
    expect(page.get_by_role("textbox", name="Beat 1: what happens")).to_have_value("The novice counts the bells.")
    assert_clean_console(page)


def test_two_tabs_on_create_never_overwrite_each_others_draft(writer):
    tab_a = writer
    editor_a = generated_story(tab_a)
    editor_a.fill(f"{editor_a.input_value()}\n\nTab A wrote this.")
    expect(tab_a.get_by_role("status").filter(has_text="Draft saved")).to_be_visible(timeout=T)

    tab_b = watch(tab_a.context.new_page())  # the same account in a second tab
    open_screen(tab_b, "/create", "Create a Horror Story")
    tab_b.get_by_role("button", name="Resume your draft").click()
    editor_b = tab_b.get_by_role("textbox", name="Story text")
    expect(editor_b).to_have_value(re.compile("Tab A wrote this.$"), timeout=T)

    editor_a.fill(f"{editor_a.input_value()} Then A went on.")  # A saves again
    expect(tab_a.get_by_role("status").filter(has_text="Draft saved")).to_be_visible(timeout=T)
    editor_b.fill(f"{editor_b.input_value()} B, behind, wrote this.")
    conflict = tab_b.get_by_role("alert").filter(has_text="changed in another tab or window")
    expect(conflict).to_be_visible(timeout=T)
    assert "Then A went on." in api_call(tab_a, "GET", "/api/drafts/current")["content"]
    shot(tab_b, "create-draft-conflict")

    # B loads the newer draft: A's text on its screen, and nothing sent back
    conflict.get_by_role("button", name="Load the newer draft").click()
    expect(editor_b).to_have_value(re.compile("Then A went on.$"), timeout=T)
    expect(conflict).to_be_hidden()
    # now B writes on from it; A, behind in turn, keeps its own text over B's
    editor_b.fill(f"{editor_b.input_value()} B took over.")
    expect(tab_b.get_by_role("status").filter(has_text="Draft saved")).to_be_visible(timeout=T)
    editor_a.fill(f"{editor_a.input_value()} A insists.")
    conflict_a = tab_a.get_by_role("alert").filter(has_text="changed in another tab or window")
    expect(conflict_a).to_be_visible(timeout=T)
    conflict_a.get_by_role("button", name="Keep this text").click()
    expect(tab_a.get_by_role("status").filter(has_text="Draft saved")).to_be_visible(timeout=T)
    kept = api_call(tab_a, "GET", "/api/drafts/current")["content"]
    assert kept.endswith("A insists.") and "B took over." not in kept
    # B, behind, saves its story: A's newer draft is not taken with it
    tab_b.get_by_role("button", name="Save Story").click()
    expect(tab_b).to_have_url(re.compile(r"/story/\d+$"), timeout=T)
    assert api_call(tab_a, "GET", "/api/drafts/current")["content"] == kept
    refused = [(409, "/api/drafts/current")]  # the saves behind the draft, as they should be
    assert_clean_console(tab_a, allow=refused)
    assert_clean_console(tab_b, allow=refused)
    tab_b.close()
