"""The form read into a typed plan (``core.story_plan``): cast, places, key elements, twist,
instructions, then the beats (``beats``) and a title from the plan's own nouns (``titles``)."""
import random
import re

from core.story_plan import PlanPart, dump_plan

from .. import reading
from ..beats import sequence
from ..fields import definite, target_words
from ..genres import DEFAULT_NAMES, GENRES, genre_key
from ..prose.things import head
from ..prose.voice import perspective_of
from ..world import world_for_setting
from .titles import plan_title


def rng_for(request):
    return random.Random(f"{request.seed}|{request.setting}|{request.characters}|{request.genre}")


def make_plan(request):
    rng = rng_for(request)
    words = target_words(request.length_words)
    world = world_for_setting(request.setting, request.weather, request.time_of_day)
    cast, twist = cast_and_twist(request, rng)
    plan = PlanPart(version=1, title="", logline="", premise="", setting=request.setting, world=world.kind,
                    weather=request.weather or "", time_of_day=request.time_of_day or "",
                    instructions=reading.read_instructions(request.custom_prompt), cast=cast,
                    places=list(world.places) + [_outside(world, len(world.places) + 1)],
                    elements=reading.read_elements(request.key_elements or _found_things(world, request)),
                    twist=twist, beats=[], ending="", method=_method(request))
    plan.setting_short = home_of(world)
    plan.has_sky = world.has_sky  # (read by the beats: no first light where there is no sky)
    plan.person = perspective_of(request, plan.instructions.format)  # (read by the beats: "she" only in the third)
    for element in plan.elements:  # a short name is its own best handle ("the brass porthole key")
        if len(element.name.split()) <= 4:
            element.handle = definite(element.name)
    plan.beats = sequence(plan, words, rng, plan.setting_short)
    hero = next(p for p in cast if p.role == "protagonist")
    villain = next((p for p in cast if p.role == "antagonist"), None)
    plan.logline = f"{hero.name} in {request.setting}" + (f", and {villain.name}." if villain else ".")
    plan.premise = plan.beats[0].text
    plan.ending = plan.beats[-1].text
    # drawn on its own: a change to what the beats can say does not reshuffle the titles
    plan.title = (request.suggested_title or "").strip() or plan_title(
        plan, random.Random(f"{request.seed}|title|{request.setting}"), turn=request.seed)
    used = {p for b in plan.beats for p in [b.place]}
    plan.places = [p for p in plan.places if p.id in used] or plan.places[:1]
    return plan


def cast_and_twist(request, rng):
    """The form's cast as the outline gives it (the narrator named, something unseen feared when
    no one is, a culprit masked) and its twist, drawn from ``rng`` first thing."""
    cast = reading.read_cast(request.characters, request.protagonist, request.antagonist, request.plot_twist)
    hero = next(p for p in cast if p.role == "protagonist")
    if hero.name.lower() in ("i", "me", "myself", "you", "the narrator", "narrator"):  # the narrator, named
        hero.name = rng.choice(DEFAULT_NAMES.get(hero.pronouns, DEFAULT_NAMES["they"]))
        hero.handle = ""
    if not any(p.role == "antagonist" for p in cast):  # the form fears no one: something in the place
        cast.insert(1, PlanPart(id=f"c{len(cast) + 1}", name="something unseen",
                                handle="the thing", pronouns="it", role="antagonist", look="", want=""))
    twist = reading.read_twist(request.plot_twist, cast)
    if twist.reveal and not twist.about:  # "the keeper has been dead" and "Edith, a widowed lighthouse keeper"
        noun = re.match(r"(?i)(?:the|her|his|their|my)\s+(?:[\w-]+\s+)?([\w-]+)\s+(?:is|was|has|had)\b", twist.reveal)
        who = next((p for p in cast if noun and re.search(r"\b" + re.escape(noun.group(1)) + r"\b", p.look or "", re.I)),
                   None)
        twist.about = who.id if who else ""
    _mask_the_culprit(cast, twist, request.antagonist, rng)
    return cast, twist


#: what the story calls the one it fears when a companion is unmasked as the killer
MASKS = ["the figure in the mask", "the one in the pig mask", "the one in the rubber mask", "the masked shape"]


def _mask_the_culprit(cast, twist, antagonist, rng):
    """"Jules is the killer" and no antagonist on the form: the one the story fears is masked until
    the twist (never a stock killer beside Jules), and has Jules's pronouns (a fair clue)."""
    about = next((p for p in cast if p.id == twist.about), None)
    villain = next((p for p in cast if p.role == "antagonist"), None)
    if twist.kind != "culprit" or about is None or about.role != "supporting" or villain is None \
            or (antagonist or "").strip():
        return
    mask = rng.choice(MASKS)
    villain.name, villain.handle, villain.pronouns = mask, mask, about.pronouns


def _found_things(world, request):
    """A form that names no key element: two things someone there might pick up and carry (the
    setting's own keepsakes), so the story has something to find, use and lose. Their own draw: the
    rest of the plan is drawn as before."""
    things = list(world.keepsakes)
    if len(things) < 2:
        return ""
    return ", ".join(random.Random(f"{request.seed}|things|{request.setting}").sample(things, 2))


def _method(request):
    """How the genre's antagonist works (its own draw: the beats' choices stay as they were)."""
    methods = GENRES.get(genre_key(request.genre), GENRES["default"]).get("methods") or [""]
    return random.Random(f"{request.seed}|method|{request.genre}").choice(methods)


def home_of(world):
    """The setting as the story says it after the first time ("the laundromat")."""
    return world.handles[0] if world.handles else definite(world.name)


def _outside(world, n):
    """Where the story ends: out of the setting, in what surrounds it."""
    name = world.outside[0] if world.outside else f"outside {home_of(world)}"
    return PlanPart(id=f"p{n}", name=name, handle=name, description="", fixtures=[], sounds=list(world.sounds[:2]),
                    outdoors=True, at="")


def renamed_elements(plan):
    """An author who renamed a key element on the outline ("a music box" -> "a tin whistle") left
    its handle and the beats they did not edit saying the old name: both say the new one."""
    for element in plan.elements:
        old, new = (element.handle or "").strip(), definite(element.name.strip())
        if not old or not new or head(old) == head(new) or head(old) in new.lower().split():
            continue
        element.handle = new if len(element.name.split()) <= 4 else new.split(",")[0]
        bare = re.sub(r"(?i)^the\s+", "", old)
        said = re.compile(r"(?i)\b(?:the|a|an)\s+" + re.escape(bare) + r"\b")
        for beat in plan.beats:
            if not beat.edited:
                beat.text = said.sub(element.handle, beat.text)
            beat.changes = said.sub(element.handle, beat.changes or "")  # the engine's words
    return plan


def renamed_cast(plan, request):
    """An author who renamed a cast member on the outline ("Mr Crane" -> "Mr Silas Vane", called
    "Vane") left the beats they did not edit saying the old name and handle: they say the new ones,
    and a handle the rename left behind ("Tom" of "Tomas") follows the new name. The form is read
    again only to know what the outline called each one (by id); what the story says is the plan's."""
    outlined = {p.id: p for p in cast_and_twist(request, rng_for(request))[0]}
    said = {}
    for person in plan.cast:
        before = outlined.get(person.id)
        if before is None or before.name == person.name and (before.handle or "") == (person.handle or ""):
            continue
        if before.name != person.name and (person.handle or "") == (before.handle or "") \
                and not _called_within(person.handle, person.name):
            person.handle = reading.read_cast(person.name)[0].handle if person.name.strip() else ""
        for old, new in ((before.name, person.name), (before.handle, person.handle or person.name)):
            if old and new and old != new:
                said.setdefault(old, new)
    if not said:
        return plan
    pattern = re.compile(r"(?i)\b(" + "|".join(re.escape(old) for old in sorted(said, key=len, reverse=True)) + r")\b")
    lowered = {old.lower(): new for old, new in said.items()}

    def swap(text):
        def new_for(match):
            old, new = match.group(1), lowered[match.group(1).lower()]
            start, end = match.span(1)
            before, after = new.lower().partition(old.lower())[::2] if old.lower() in new.lower() else (None, None)
            if before is not None and text[:start].lower().endswith(before) and text[end:].lower().startswith(after):
                return old  # "Crane" -> "Mr Crane" where the beat says "Mr Crane" already
            return new[:1].upper() + new[1:] if old[:1].isupper() else new
        return pattern.sub(new_for, text or "")

    for beat in plan.beats:
        if not beat.edited:
            beat.text, beat.clue, beat.cause = swap(beat.text), swap(beat.clue), swap(beat.cause)
            if beat.choice is not None:
                beat.choice.choice, beat.choice.taken, beat.choice.refused = (
                    swap(beat.choice.choice), swap(beat.choice.taken), swap(beat.choice.refused))
        beat.changes = swap(beat.changes)  # the engine's words
    plan.logline, plan.premise, plan.ending = swap(plan.logline), swap(plan.premise), swap(plan.ending)
    return plan


def _called_within(handle, name):
    """Whether a handle is still said in the name it stands for ("Crane" of "Mr Crane")."""
    words = set(re.findall(r"[\w'-]+", (name or "").lower()))
    return bool(handle) and set(re.findall(r"[\w'-]+", handle.lower())) <= words


def build_plan(request):
    """The plan as JSON, each beat also with ``summary`` (its text) and ``state_change`` (what it
    changes), the keys the model writer's prompts read."""
    plan = dump_plan(make_plan(request))
    for beat in plan["beats"]:
        beat["summary"], beat["state_change"], beat["purpose"] = beat["text"], beat["changes"], ""
    return plan
