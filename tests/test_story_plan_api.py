"""The plan as the story's spine through the API, on a real worker: the outline, a story written
from an edited plan, the plan kept with the saved story, read and corrected by its owner only."""
import copy
import re

from core.story_plan import load_plan
from tests.conftest import start_worker, stop_worker

FORM = {"genre": "Cosmic Horror", "mood": "Eerie", "setting": "the lighthouse on Raven Point",
        "characters": "Elena, Tom", "protagonist": "Elena", "storyLength": 600, "seed": 7,
        "keyElements": "a music box, a brass telescope", "plotTwist": "the keeper had been dead for years",
        "timeOfDay": "Midnight", "weatherCondition": "Foggy"}
NEW_BEAT = "Elena finds the keeper's logbook wedged under the lowest stair, its last page wet"
CHANGED_BEAT = "Tom climbs to the lamp room alone and does not answer when Elena calls"
#: how the story tells them: in its own tense, the author's words kept
NEW_TOLD = re.compile(r"Elena found the keeper's logbook wedged under the lowest stair, its last page wet")
CHANGED_TOLD = re.compile(r"Tom climbed to the lamp room alone and did not answer when Elena call")


def outlined(client):
    response = client.post("/api/stories/outline?wait=30", json=FORM)
    assert response.status_code == 200, response.get_json()
    assert list(response.get_json()) == ["plan"]  # a plan, no prose
    return response.get_json()["plan"]


def edited(plan):
    """The author's edits: a beat changed, one added, one deleted (with what pointed at it),
    two swapped, a cast member renamed."""
    plan = copy.deepcopy(plan)
    plan["beats"][1].update(text=CHANGED_BEAT, edited=True)
    gone = plan["beats"].pop(3)["id"]
    for element in plan["elements"]:
        element["beats"] = [b for b in element["beats"] if b != gone]
    plan["twist"]["clues"] = [b for b in plan["twist"]["clues"] if b != gone]
    plan["beats"].insert(2, {"id": "mine-1", "kind": "scene", "text": NEW_BEAT, "edited": True})
    plan["beats"][0], plan["beats"][1] = plan["beats"][1], plan["beats"][0]
    next(c for c in plan["cast"] if c["name"] == "Tom").update(name="Tomas", pronouns="he")
    plan["elements"][0]["name"] = "a tin whistle"
    return plan


def saved_story(client, **extra):
    body = {"title": "The Keeper", "content": "The lamp went out.", "genre": "Cosmic Horror",
            "mood": "Eerie", **extra}
    response = client.post("/api/stories", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def test_outline_then_write_from_the_edited_plan_and_keep_it(users, worker):
    client, _ = users.signed_in()
    plan = outlined(client)
    assert load_plan(plan)
    assert [c["name"] for c in plan["cast"] if c["role"] == "protagonist"] == ["Elena"]
    assert plan["beats"][0]["kind"] == "hook" and all(b["text"] and not b["edited"] for b in plan["beats"])
    assert plan["twist"]["reveal"] == FORM["plotTwist"]

    mine = edited(plan)
    response = client.post("/api/stories/generate?wait=30", json={**FORM, "plan": mine})
    assert response.status_code == 200, response.get_json()
    story = response.get_json()
    kept = story["plan"]
    assert [b["id"] for b in kept["beats"]] == [b["id"] for b in mine["beats"]]
    assert kept["beats"][0]["text"] == CHANGED_BEAT and kept["beats"][2]["text"] == NEW_BEAT
    assert kept["beats"][0]["edited"] and kept["beats"][2]["edited"]
    assert "Tomas" in [c["name"] for c in kept["cast"]]
    assert NEW_TOLD.search(story["content"]) and CHANGED_TOLD.search(story["content"])
    assert "tin whistle" in story["content"] and "music box" not in story["content"]
    assert len(story["content"].split()) > 300

    story_id = saved_story(client, title=story["title"], content=story["content"], plan=kept)
    got = client.get(f"/api/stories/{story_id}/plan")
    assert got.status_code == 200 and got.get_json() == kept


def test_generate_without_a_plan_returns_the_plan_it_wrote_from(users, worker):
    client, _ = users.signed_in()
    story = client.post("/api/stories/generate?wait=30", json=FORM).get_json()
    assert load_plan(story["plan"]).beats[-1].kind == "aftermath"
    assert sum(b["words"] for b in story["plan"]["beats"]) == FORM["storyLength"]


def test_owner_corrects_the_plan_others_are_refused(users, client, app):
    from core.providers import StoryRequest
    from providers.local_story import LocalStoryProvider
    plan = LocalStoryProvider().outline(StoryRequest(
        genre="Cosmic Horror", mood="Eerie", setting=FORM["setting"], characters=FORM["characters"],
        protagonist="Elena", length_words=600, seed=7))
    owner, _ = users.signed_in()
    other, _ = users.signed_in(first_name="Ivo")
    admin, _ = users.signed_in(role="admin", first_name="Ada")
    story_id = saved_story(owner, plan=plan)
    hidden_id = saved_story(owner, plan=plan, isPublic=False)
    bare_id = saved_story(owner)

    fixed = copy.deepcopy(plan)
    fixed["beats"][0].update(text="The fog comes in before Elena reaches the point", edited=True)
    response = owner.put(f"/api/stories/{story_id}/plan", json=fixed)
    assert response.status_code == 200 and response.get_json()["beats"][0]["edited"] is True
    assert owner.get(f"/api/stories/{story_id}/plan").get_json()["beats"][0]["text"] == fixed["beats"][0]["text"]
    assert admin.get(f"/api/stories/{story_id}/plan").status_code == 200

    assert other.get(f"/api/stories/{story_id}/plan").status_code == 403
    assert other.put(f"/api/stories/{story_id}/plan", json=fixed).status_code == 403
    refused = other.put(f"/api/stories/{story_id}/plan", json={})  # not theirs: before the body
    assert refused.status_code == 403
    assert refused.get_json()["message"] == "You can only edit your own stories."
    assert other.get(f"/api/stories/{hidden_id}/plan").status_code == 404  # as the story itself
    assert client.get(f"/api/stories/{story_id}/plan").status_code == 401
    assert owner.get(f"/api/stories/{story_id}").status_code == 200  # the plan does not change the story
    missing = owner.get(f"/api/stories/{bare_id}/plan")
    assert missing.status_code == 404 and "no plan" in missing.get_json()["message"]
    assert owner.get("/api/stories/999999/plan").status_code == 404
    assert owner.put("/api/stories/999999/plan", json=fixed).status_code == 404

    # PUT of the story keeps the plan unless one is sent; a sent plan replaces it
    owner.put(f"/api/stories/{story_id}", json={"title": "Renamed"})
    assert owner.get(f"/api/stories/{story_id}/plan").get_json()["beats"][0]["edited"] is True


def test_a_bad_plan_is_refused_naming_the_problem(users):
    client, _ = users.signed_in()
    plan = {"cast": [{"id": "c1", "name": "Elena", "role": "protagonist"}],
            "places": [{"id": "p1", "name": "the lighthouse"}],
            "beats": [{"id": "b1", "text": "Elena climbs", "place": "p1"}]}
    story_id = saved_story(client, plan=plan)
    cases = [
        ({**plan, "beats": [{"id": "b1", "text": ""}]}, "A beat's text must be 1 to 1,000 characters"),
        ({**plan, "beats": [{"id": "b1", "text": "x", "place": "nowhere"}]}, "Beat b1: unknown place nowhere"),
        ({**plan, "cast": [{"id": "c1", "name": "Elena", "role": "supporting"}]}, "A plan has exactly one protagonist"),
        ({**plan, "beats": []}, "A plan has 1 to 40 beats"),
        ({key: value for key, value in plan.items() if key != "cast"}, "Cast"),
        ("a plan", "A plan must be an object with its cast, places and beats"),
        ({**plan, "beats": [{"id": "b1", "text": "Elena\u0000climbs"}]}, "Text must not contain NUL characters"),
    ]
    for bad, message in cases:
        for call in (lambda b: client.post("/api/stories", json={"content": "x", "genre": "Cosmic Horror",
                                                                  "mood": "Eerie", "plan": b}),
                     lambda b: client.put(f"/api/stories/{story_id}", json={"plan": b}),
                     lambda b: client.post("/api/stories/generate", json={**FORM, "plan": b})):
            response = call(bad)
            body = response.get_json()
            assert response.status_code == 400, body
            assert message.lower() in body["message"].lower() or message.lower() in str(body["errors"]).lower(), body
            assert "plan" in body["errors"], body
        if isinstance(bad, dict):
            response = client.put(f"/api/stories/{story_id}/plan", json=bad)
            assert response.status_code == 400, response.get_json()
    assert client.get(f"/api/stories/{story_id}/plan").get_json()["beats"][0]["text"] == "Elena climbs"


def test_a_writer_without_plans_falls_back_to_the_engine(users, env, queue_env, tmp_path):
    """Its outline is the engine's; a story asked from a plan is written by the engine from
    it; a story without one is its own, kept without a plan."""
    config = tmp_path / "plugins.toml"
    config.write_text('[story]\nprovider = "planless"\n\n[video]\nprovider = "local"\n\n[ads]\nprovider = "none"\n')
    client, _ = users.signed_in()
    worker = start_worker(env, queue_env, DREADFORGE_PLUGINS=str(config),
                          DREADFORGE_PLUGIN_MODULES="tests.planless_story_provider")
    try:
        plan = outlined(client)
        mine = edited(plan)
        from_plan = client.post("/api/stories/generate?wait=30", json={**FORM, "plan": mine}).get_json()
        own = client.post("/api/stories/generate?wait=30", json=FORM).get_json()
    finally:
        stop_worker(worker)
    assert load_plan(plan).cast[0].name == "Elena"
    assert NEW_TOLD.search(from_plan["content"]) and from_plan["plan"]["beats"][2]["text"] == NEW_BEAT
    assert own == {"title": "Planless", "content": "Something waited in the lighthouse on Raven Point.",
                   "writer": "A writer without plans (tests)"}


HALL = {"genre": "Gothic Horror", "mood": "Dreadful", "setting": "Hollins Hall, a country house in 1890",
        "characters": "Agnes Pell, the under-housemaid (she); Mr Crane the butler", "protagonist": "Agnes Pell",
        "antagonist": "Mr Crane", "storyLength": 900, "seed": 3, "keyElements": "a child's shoe, a notebook",
        "timeOfDay": "Night", "weatherCondition": "Rainy"}


def test_a_cast_member_renamed_on_the_outline_is_called_by_the_new_name_only(users, worker):
    """"Mr Crane the butler" is Mr Crane (the butler is what he is, never "Mr butler"); renamed
    on the outline to Mr Silas Vane, called Vane, the story never says Crane again."""
    client, _ = users.signed_in()
    response = client.post("/api/stories/outline?wait=30", json=HALL)
    assert response.status_code == 200, response.get_json()
    plan = response.get_json()["plan"]
    butler = next(c for c in plan["cast"] if c["role"] == "antagonist")
    assert (butler["name"], butler["handle"]) == ("Mr Crane", "Mr Crane") and "butler" in butler["look"]
    assert any("Crane" in b["text"] for b in plan["beats"])  # the outline says the name the form gave
    mine = copy.deepcopy(plan)
    next(c for c in mine["cast"] if c["id"] == butler["id"]).update(name="Mr Silas Vane", handle="Vane")
    story = client.post("/api/stories/generate?wait=30", json={**HALL, "plan": mine}).get_json()
    assert "Crane" not in story["content"] and "Mr butler" not in story["content"]
    assert len(re.findall(r"\bVane\b", story["content"])) >= 3
    assert not [b["text"] for b in story["plan"]["beats"] if "Crane" in b["text"]]


def test_a_rename_that_leaves_the_old_handle_is_called_by_the_new_name(users, worker):
    """Tom renamed Tomas on the outline, his handle left as it was: the story says Tomas, never Tom."""
    client, _ = users.signed_in()
    plan = outlined(client)
    mine = copy.deepcopy(plan)
    next(c for c in mine["cast"] if c["name"] == "Tom").update(name="Tomas")
    story = client.post("/api/stories/generate?wait=30", json={**FORM, "plan": mine}).get_json()
    assert "Tomas" in story["content"] and not re.search(r"\bTom\b", story["content"])
