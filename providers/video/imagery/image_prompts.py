"""Text-to-image prompts for the scenes of a video, built from the story's plan: one fixed
description per character and per place, worded the same in every scene (so an image model
draws the same face, the same ger, from scene to scene), the style from the animation style.

``PromptBook(plan, request)``: ``prompt(shot, line)`` for one scene (a ``plan_shots.PlanShot``);
``people[id]`` and ``places[id]`` are the fixed descriptions.
"""
import re

from providers.stability_video.prompts import NEGATIVE, STYLE_WORDS

__all__ = ["NEGATIVE", "PromptBook", "style_of"]
PRONOUN_NOUN = {"she": "a woman", "he": "a man", "i": "the narrator", "it": "a figure", "they": "a person"}


def style_of(animation_style):
    """(style words, Stability style preset) of an animation style."""
    return STYLE_WORDS.get(animation_style, STYLE_WORDS["Cinematic"])


def _clean(text, limit=240):
    return re.sub(r"\s+", " ", str(text or "")).strip()[:limit]


class PromptBook:
    def __init__(self, plan, request, weather=""):
        self.plan = plan
        self.request = request
        self.weather = weather or request.weather
        self.people = {}
        for person in plan.cast:
            who = person.name if person.name.lower() not in ("i", "the narrator") else "the narrator"
            kind = PRONOUN_NOUN.get(person.pronouns, "a person")
            look = _clean(person.look, 160)
            self.people[person.id] = _clean(f"{who}, {kind}" + (f", {look}" if look else "")
                                            + ", the same face and clothes in every picture")
        self.places = {}
        for place in plan.places:
            fixtures = ", ".join(place.fixtures[:4])
            where = _clean(place.description, 160) or _clean(plan.setting, 160)
            self.places[place.id] = _clean(
                f"{place.name}" + (f" ({where})" if where and where.lower() != place.name.lower() else "")
                + (f", with {fixtures}" if fixtures else "") + (", outdoors" if place.outdoors else ""), 300)
        self.by_label = {}
        for person in plan.cast:
            for label in (person.name, person.handle):
                if label:
                    self.by_label[label.lower()] = ("person", person.id)
        for place in plan.places:
            for label in (place.name, place.handle):
                if label:
                    self.by_label[label.lower()] = ("place", place.id)

    def prompt(self, shot, line=""):
        """The prompt of one scene: style, place, each person's fixed description, the key element,
        the weather and time, then what the line says."""
        style, _preset = style_of(self.request.animation_style)
        place, people, things = None, [], []
        for phrase in shot.shows:
            kind, ident = self.by_label.get(phrase.lower(), (None, None))
            if kind == "place" and place is None:
                place = self.places[ident]
            elif kind == "person" and self.people[ident] not in people:
                people.append(self.people[ident])
            elif kind is None:
                things.append(phrase)
        parts = [style, place or next(iter(self.places.values()))]
        parts += people
        if things:
            parts.append("showing " + ", ".join(things[:3]) + (" large in the foreground" if shot.large else ""))
        if self.weather and self.weather != "Clear":
            parts.append(f"{self.weather.lower()} weather")
        if self.request.time_of_day:
            parts.append(f"at {self.request.time_of_day.lower()}")
        if self.request.genre:
            parts.append(f"{self.request.genre.lower()} atmosphere")
        if line:
            parts.append("the moment: " + _clean(line, 200))
        parts.append("no text")
        return ", ".join(p for p in parts if p)
