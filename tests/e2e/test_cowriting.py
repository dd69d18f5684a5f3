"""Writing with a model in the browser: the story appears in /create as the model writes it, and
Cancel stops it; the story page and the editor say which writer wrote it; in the editor, Continue
writes on from the end and Rewrite offers three rewritings of a paragraph to pick from (Undo puts
it back). The model is the fake OpenAI-compatible server on a real socket; the site is
`dreadforge run` with `provider = "openai"` pointed at it."""
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import shot
from tests.e2e.helpers import T, assert_clean_console, fill_story_form, new_member, toast
from tests.fakes.openai_server import FakeOpenAIServer, ok, trickle
from tests.helpers import standalone_env, start_site, stop_site

PASSWORD = "nightmare-123"
PART = "The lamp at Raven Point burned all night. Nobody had lit it."


@pytest.fixture(scope="module")
def model():
    with FakeOpenAIServer() as server:
        yield server


@pytest.fixture(scope="module")
def model_site(tmp_path_factory, model):
    data = tmp_path_factory.mktemp("e2e-model-site")
    config = data / "plugins.toml"
    config.write_text(f"""
[story]
provider = "openai"
[story.openai]
base_url = "{model.base_url}"
model = "fake-horror"
api_key_env = "FAKE_OPENAI_KEY"
max_retries = 0
timeout = 20
plan = "engine"
[video]
provider = "local"
[ads]
provider = "none"
""")
    env = standalone_env(data, DREADFORGE_RATELIMIT="0", DREADFORGE_PLUGINS=str(config),
                         FAKE_OPENAI_KEY="sk-fake")
    proc, base = start_site(env, "--workers", "2")
    yield type("Site", (), {"url": base, "data": data, "env": env})
    stop_site(proc)


def test_the_story_streams_into_create_and_cancel_stops_it(browser, model_site, model):
    model.reset()
    model.script(trickle(" ".join([PART] * 30), pace=0.25), sticky=True)
    page = new_member(browser, model_site, "Ines", "Roth", "stream", PASSWORD)
    page.goto("/create")
    fill_story_form(page, setting="a lighthouse on Raven Point", characters="Mara", length=300)
    page.get_by_role("button", name="Generate Story").click()

    stream = page.get_by_role("log", name="The story as it is written")
    expect(stream).to_contain_text("The lamp at Raven Point", timeout=30_000)
    first = stream.inner_text()
    shot(page, "create-streaming")
    expect(stream).not_to_have_text(first, timeout=T)  # it grows as the model writes
    assert stream.inner_text().startswith(first[:40])
    page.get_by_role("button", name="Cancel").click()

    expect(toast(page, "Generation Cancelled")).to_be_visible(timeout=T)
    expect(stream).to_be_hidden()
    expect(page.get_by_role("heading", name="Your nightmare awaits")).to_be_visible()
    asked = len(model.requests)
    page.wait_for_timeout(1500)
    assert len(model.requests) == asked  # the worker stopped asking the model
    assert_clean_console(page)
    page.context.close()


def test_continue_and_rewrite_in_the_editor(browser, model_site, model):
    model.reset()
    model.script(ok(PART), sticky=True)
    page = new_member(browser, model_site, "Ines", "Roth", "cowrite", PASSWORD)
    page.goto("/create")
    fill_story_form(page, setting="a lighthouse on Raven Point", characters="Mara", length=100)
    page.get_by_role("button", name="Generate Story").click()
    editor = page.get_by_role("textbox", name="Story text")
    expect(editor).to_be_visible(timeout=60_000)
    expect(page.get_by_text("Written with fake-horror (OpenAI-compatible)")).to_be_visible()
    page.get_by_role("button", name="Save Story").click()
    expect(page).to_have_url(re.compile(r"/story/\d+$"), timeout=T)
    expect(page.get_by_text("Written with fake-horror (OpenAI-compatible)")).to_be_visible(timeout=T)

    page.goto(page.url + "/edit")
    expect(page.get_by_role("heading", name="Edit Story")).to_be_visible(timeout=T)
    expect(page.get_by_text("Written with fake-horror (OpenAI-compatible)")).to_be_visible()
    editor = page.get_by_role("textbox", name="Story text")
    editor.fill("Mara climbed the cliff path.\n\nThe door stood open and the stairs were wet."
                "\n\nAt the top the lamp was lit.")
    model.reset()
    model.script(ok("The tide came in under the door, and it was warm."))
    page.get_by_role("button", name="Continue").click()
    expect(toast(page, "Story Continued")).to_be_visible(timeout=30_000)
    assert editor.input_value().endswith(
        "At the top the lamp was lit.\n\nThe tide came in under the door, and it was warm.")

    before = editor.input_value()
    model.script(ok("The door hung open; water stood on every stair."),
                 ok("The door gaped, and the stairs ran wet with a rain that never fell."),
                 ok("Open door. Wet stairs. No rain."))
    page.get_by_role("combobox", name="Paragraph to rewrite").select_option("1")
    page.get_by_role("button", name="Rewrite", exact=True).click()
    offer = page.get_by_role("group", name="Rewritings of paragraph 2")
    expect(offer).to_be_visible(timeout=30_000)
    expect(offer.locator(".rewrite-option")).to_have_count(3)
    shot(page, "editor-rewritings")
    page.get_by_role("button", name="Use rewriting 2").click()
    after = editor.input_value().split("\n\n")
    assert after[1] == "The door gaped, and the stairs ran wet with a rain that never fell."
    assert after[0] == "Mara climbed the cliff path." and after[2] == "At the top the lamp was lit."
    expect(offer).to_be_hidden()
    rewritten = toast(page, "Paragraph Rewritten")
    rewritten.get_by_role("button", name="Undo").click()
    expect(editor).to_have_value(before)
    assert_clean_console(page)
    page.context.close()
