"""Which pictures a scene shows: free text (setting, key elements, a script line) -> named icons.

Each picture has a name (what the storyboard lists, e.g. "lighthouse"), the game-icons.net icon
that draws it, and the words that call it up. A phrase is matched word by word against the
synonym table first, then by string similarity (difflib) for spellings and word forms the
table lacks ("lighthouses", "cemetary", "hospitl").
"""
import difflib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from providers.video.imagery.figures import DESCRIBES

#: ``data/pictures.json``: settings and key elements (and figures): name -> (icon, synonyms)
_CATALOG = json.loads((Path(__file__).resolve().parents[1] / "data" / "pictures.json").read_text())
SETTINGS = {name: tuple(entry) for name, entry in _CATALOG["settings"].items()}
ELEMENTS = {name: tuple(entry) for name, entry in _CATALOG["elements"].items()}

#: a line that brings the antagonist up close ("… was near now, near enough to see properly",
#: "leaned in, close enough to kiss", "closer than she had ever let anything come")
CLOSE_UP = re.compile(r"(?i)\bnear enough to|\bclose enough to|\bleaned in\b|\bcloser than (?:\w+ )*?had ever|"
                      r"\bface to face\b|\binches from\b")
#: silhouettes for people: protagonist and antagonist
FIGURE_ICONS = {"figure": "executioner-hood", "person": "person"}
FIGURE_WORDS = ("he she they someone somebody man woman girl boy child stranger figure shadow "
                "keeper nurse doctor priest mother father sister brother daughter son wife husband "
                "killer thing creature silhouette").split()
ANTAGONIST_WORDS = "figure shadow stranger killer thing creature silhouette".split()

GENRE_SETTINGS = {
    "Gothic": "castle", "Cosmic": "observatory", "Slasher": "cabin", "Folk": "farmhouse",
    "Psychological": "hospital", "Body": "hospital", "Supernatural": "house", "Paranormal": "house",
    "Creature": "forest", "Survival": "forest", "Zombie": "village", "Vampire": "castle",
    "Urban": "city", "Sci-Fi": "observatory", "Haunted": "house", "Occult": "church",
}
DEFAULT_SETTING = "house"
#: settings a line names in passing ("the island", "the town") that do not replace the story's
LANDSCAPES = {"sea", "lake", "mountain", "village", "city", "forest", "desert", "bridge", "well",
              "village-huts", "ruins"}
#: rooms a line can name (its word -> the room the scene shows): the scene is painted inside
ROOMS = {w: w for w in (
    "room bedroom bathroom kitchen cellar basement attic hall hallway corridor passage office "
    "lobby parlour parlor library ward nursery dormitory classroom chamber stairwell "
    "staircase pantry cupboard closet vestry nave morgue quarters galley pharmacy darkroom study"
).split()}
ROOMS.update({"rooms": "room", "inside": "room", "indoors": "room", "desk": "office",
              "bed": "bedroom", "corridors": "corridor", "halls": "hall", "stairs": "staircase",
              "stair": "staircase", "crypt": "crypt", "vault": "vault", "cell": "cell", "lab": "lab",
              "laboratory": "lab", "compartment": "compartment", "store": "store", "pub": "pub",
              "laundry": "laundry", "vestibule": "vestibule", "studio": "studio", "foyer": "lobby",
              "auditorium": "auditorium", "barn": "barn", "hayloft": "hayloft", "infirmary": "ward",
              "storeroom": "store", "shed": "shed"})
#: rooms of two words, whose second word alone is something else ("a research station", "the bay")
ROOM_PAIRS = {"nurses station": "nurses' station", "medical bay": "medical bay", "sick bay": "sick bay",
              "sleeping module": "sleeping module", "operating theatre": "operating theatre",
              "operating room": "operating theatre", "mess hut": "mess hall", "radio shack": "radio room",
              "organ loft": "organ loft", "generator shed": "generator room", "cell block": "cell block",
              "shop floor": "shop floor", "loading bay": "loading bay", "boiler house": "boiler room",
              "projection booth": "projection booth", "transmitter hall": "transmitter room",
              "isolation wing": "corridor", "long gallery": "long gallery"}
#: a bed that is not a bedroom's
NOT_A_BED = set("creek river flower sea lake stream sick".split())
#: a hall people eat in ("the mess hall", "the dining hall"), not a passage
EATING_HALLS = {"mess", "dining"}
#: words before "room" that do not say which room it is
NOT_A_KIND = set("another every next same each one other any no whole".split())
#: words that take a scene back outside (a time jump included: "Months later, …")
#: ("locked from the outside", "outside, the rain kept on" are said inside)
OUTSIDE_WORDS = set("outdoors yard garden road street porch car parking field fields shore "
                    "beach rocks sky afterwards months years weeks".split())
LEAVING = set("left leave leaving fled escaped ran".split())  # with the place's name: out of it
GOING_OUTSIDE = re.compile(r"\b(?:went|ran|stepped|got|came|walked|stood|waited|back) outside\b"
                           r"|\boutside (?:the|in|into|under)\b")
SIMILARITY = 0.84
VERB_ENDINGS = {"ed", "d", "ing"}
STOP = set("a an the of in on at to and or but with by from into onto over under near old "
           "abandoned dark small little big large deep far remote lonely empty haunted ancient "
           "its his her their our my your this that these those for was were is are be been "
           "had has have it as up down out off".split())


def _table(catalog):
    out = {}
    for name, (_icon, words) in catalog.items():
        for w in [name.replace(" ", "-")] + words.split():
            out.setdefault(w, name)
    return out


SETTING_WORDS = _table(SETTINGS)
ELEMENT_WORDS = _table(ELEMENTS)


def words(text):
    return [w for w in re.findall(r"[a-z][a-z'-]*", str(text or "").lower()) if w not in STOP]


def _stem(word):
    for suffix in ("'s", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _lookup(word, table, fuzzy=True):
    for w in (word, _stem(word)):
        if w in table:
            return table[w]
    if fuzzy and len(word) >= 4:
        # a slip or another ending of the same word ("stair", "lanturn"), never another word that
        # happens to be close ("rain" is not "brain", "grain" not "grin"): the start is shared
        close = [c for c in difflib.get_close_matches(word, table.keys(), n=3, cutoff=SIMILARITY)
                 if len(os.path.commonprefix([word, c])) >= 3
                 and word[len(c):] not in VERB_ENDINGS]  # "hammered" is not a hammer
        if close:
            return table[close[0]]
    return None


def find_all(text, table, fuzzy=True):
    """Catalog names called up by ``text``, in the order they appear (also two-word phrases)."""
    ws = words(text)
    found = []
    i = 0
    while i < len(ws):
        w, hit, step = ws[i], None, 1
        if i + 1 < len(ws):
            hit = _lookup(f"{w}-{ws[i + 1]}", table, fuzzy=False) or _lookup(w + ws[i + 1], table, False)
            step = 2 if hit else 1  # "music box" is one picture, not a box too
        hit = hit or _lookup(w, table, fuzzy)
        if hit and hit not in found:
            found.append(hit)
        i += step
    return found


def match_setting(text, genre=""):
    """The setting picture for a free-text setting; the genre's picture when nothing matches."""
    hits = find_all(text, SETTING_WORDS)
    if hits:
        return hits[0]
    return genre_setting(genre)


def genre_setting(genre):
    for key, name in GENRE_SETTINGS.items():
        if key.lower() in str(genre or "").lower():
            return name
    return DEFAULT_SETTING


NAME = re.compile(r"(?<=[a-z,;:'’] )[A-Z][a-z'-]+(?: [A-Z][a-z'-]+)*")


def match_elements(text):
    return find_all(text, ELEMENT_WORDS)


def elements_in_line(line):
    """Elements a script line names; capitalised names inside a sentence ("Raven Point") are
    places or people, not things."""
    return find_all(NAME.sub(" ", str(line or "")), ELEMENT_WORDS)


@dataclass
class Shot:
    """What one scene shows: a setting, at most one foreground element, some figures."""
    setting: str
    element: str = ""
    figures: tuple = ()
    room: str = ""  # a room of the setting the scene is inside ("corridor"); "": outside
    figure_look: str = ""  # how the story describes its antagonist ("skirt veil"): drawn so
    person_look: str = ""  # how the protagonist is drawn ("coat hair lantern"); "": the stock icon
    close: bool = False  # the antagonist up close (the line says so): drawn looming in the foreground

    @property
    def shows(self):
        out = [self.setting] + ([self.room] if self.room else [])
        if self.element:
            out.append(self.element)
        out += list(self.figures)
        return out

    def icon_names(self):
        def icon(f):
            look = self.figure_look if f == "figure" else self.person_look
            return "drawn:" + look if look else FIGURE_ICONS[f]
        return (SETTINGS[self.setting][0], ELEMENTS[self.element][0] if self.element else None,
                [icon(f) for f in self.figures])


def _names(*fields):
    out = set()
    for field in fields:
        for part in re.split(r"[,;/]| and ", str(field or "")):
            ws = [w for w in re.findall(r"[A-Za-z][a-z'-]+", part) if w.lower() not in STOP]
            out.update(w.lower() for w in ws[:1])  # a character's first name
    return out


def _villain_names(antagonist):
    """The word a line names the antagonist by: a name's first word ("Mother Agnes": mother), a
    role's head noun ("the night clerk": clerk, "the witch of the fen": witch; not "night")."""
    out = set()
    for part in re.split(r"[,;/]| and ", str(antagonist or "")):
        words = re.findall(r"[A-Za-z][a-z'-]+", part)
        if words and words[0].lower() == "the":
            role = re.split(r"\s(?:of|in|on|under|beyond|behind|at|from|with)\s", part.strip() + " ")[0]
            words = [w for w in re.findall(r"[A-Za-z][a-z'-]+", role) if w.lower() not in STOP][-1:]
        out.update(w.lower() for w in [w for w in words if w.lower() not in STOP][:1])
    return out


class ShotPlanner:
    """Gives each scene line its ``Shot`` from the line and the story's fields."""

    def __init__(self, setting="", genre="", key_elements="", characters="", protagonist="",
                 antagonist="", plot_twist="", antagonist_look="", protagonist_look=""):
        lines_setting = find_all(setting, SETTING_WORDS)
        self.setting = lines_setting[0] if lines_setting else genre_setting(genre)
        self.story_elements = match_elements(key_elements)
        self.hero = _names(protagonist) or _names(characters)
        self.villain = _villain_names(antagonist)
        self.cast = _names(characters) | self.hero | self.villain
        self.villain_element = (match_elements(antagonist) or [""])[0]
        self.antagonist_look = antagonist_look  # figures.look_of the story: how the antagonist is drawn
        self.protagonist_look = protagonist_look  # figures.protagonist_look: how the protagonist is
        self._turn = 0
        self._inside = ""  # the room the last scene was in

    def room(self, ws, line, index, context="", names=()):
        """The room a line's scene is inside: the one the line names; else none when the line
        goes outside, names a landscape or jumps in time, or opens the video (the place seen
        from outside); else the one its paragraph (``context``) names; else the last scene's
        (the story goes on in there). ``names``: the settings the line names."""
        def named(text):
            ws = re.findall(r"[a-z]+", str(text or "").lower())
            for before, w, after in zip([""] + ws, ws, ws[1:] + [""]):
                if f"{before} {w}" in ROOM_PAIRS:
                    return ROOM_PAIRS[f"{before} {w}"]
                if f"{w} {after}" in ROOM_PAIRS:  # "the cell block": not the cell
                    return ROOM_PAIRS[f"{w} {after}"]
                if w == "bed" and before in NOT_A_BED:  # "the creek bed" is outside
                    continue
                if w in ROOMS:  # "the lamp room", "a waiting room"; not "another room"
                    kind = before not in STOP | NOT_A_KIND and w == "room"
                    if w == "hall" and before in EATING_HALLS:  # "the mess hall": tables, not a corridor
                        return f"{before} hall"
                    return f"{before} room" if kind else ROOMS[w]
            return ""
        own = named(line)
        if own:
            self._inside = own
        elif (index == 0 or ws & OUTSIDE_WORDS or GOING_OUTSIDE.search(str(line or "").lower())
              or (ws & LEAVING and self.setting in names)
              or set(names) & LANDSCAPES):
            self._inside = ""
        elif in_paragraph := named(context):
            self._inside = in_paragraph
        return self._inside

    def shot(self, line, index=0, context=""):
        """What the scene of ``line`` (the ``index``-th) shows; ``context``: the paragraph the
        line was taken from."""
        ws = set(re.findall(r"[a-z']+", str(line or "").lower()))
        ws |= {w[:-2] for w in ws if w.endswith("'s")}  # "the grey lady's hand" names the lady
        names = find_all(line, SETTING_WORDS, fuzzy=False)
        room = self.room(ws, line, index, context, names)
        # the line's own setting when it names one the story knows (e.g. the chapel of a village)
        setting = self.setting
        here = [h for h in names if h not in LANDSCAPES]
        if here and here[0] != self.setting and index % 2 and not room:
            setting = here[0]  # a building the line names (the chapel, the barn) for a change
        elements = elements_in_line(line)
        keyed = [e for e in elements if e in self.story_elements]
        element = (keyed or elements or [""])[0]
        if not element and self.story_elements and index % 3 == 0:
            element = self.story_elements[(index // 2) % len(self.story_elements)]
        figures = []
        if ws & self.hero or ws & set(FIGURE_WORDS[:8]):
            figures.append("person")
        if ws & self.villain or ws & set(ANTAGONIST_WORDS):
            if self.villain_element and not element:
                element = self.villain_element
            else:
                figures.append("figure")
        if "figure" not in figures and self.antagonist_look and DESCRIBES.search(str(line or "")):
            figures.append("figure")  # "It was an old woman in a nun's black habit": who that is
        if not element and not figures:
            figures.append("figure" if index % 3 == 2 else "person" if self.cast else "figure")
        close = "figure" in figures and bool(CLOSE_UP.search(str(line or "")))
        return Shot(setting, element, tuple(figures), room, self.antagonist_look, self.protagonist_look, close)
