"""The antagonist drawn as the story describes them, as a standing silhouette, and the
protagonist beside them in the same hand (``protagonist_look``).

A story that says "a thin woman in a nun's black habit" or "a man with a burlap sack for a face"
should not show the same hooded executioner as every other video. ``look_of(text)`` reads the
sentences of a story that describe someone ("It was a stooped figure in a keeper's oilskin coat,
a lantern in their hand …") for what a silhouette can show: a long dress or habit to the floor, a
coat, a veil, a hood, a hat, a helmet, a crown, a sack for a head with holes for eyes, long wet
hair, a stoop, a child's height, something held (a lantern, a blade, a doll), or something too tall
and thin to be a person. ``mask(look, size)`` draws it, feet at the bottom of a ``size`` square,
like the icons it stands in for (``icons.mask`` hands over names that begin ``drawn:``).
"""
import functools
import re

import numpy as np
from PIL import Image, ImageDraw

from providers.video.script import script

#: a sentence that describes someone: "a thin woman in …", "an old man with …", "something long …"
DESCRIBES = re.compile(r"(?i)\b(a|an)\s+(?:\w+\s+){0,2}?(woman|man|figure|child|girl|boy|shape|figures|children|"
                       r"people)\s+(in|with|holding|of)\b|\b(was|see|been) something\b|"
                       r"\ba (thin grey shape|shape on four legs)")
#: what a silhouette can show, by the words that describe it (all that match)
PARTS = [
    (r"\bhabit\b|\bnun\b", "skirt veil"),
    (r"wedding dress|\bveil\b", "skirt veil"),
    (r"\b(dress|gown|nightdress|housecoat|cassock|robe|skirt)\b", "skirt"),
    (r"\b(oilskin|long coat|overcoat|greatcoat|white coat|coat crusted|coat|raincoat|cloak)\b", "coat"),
    (r"\b(snowsuit|parka|anorak|down jacket|ski suit)\b", "bulky hood"),
    (r"\bold (man|woman)\b|\belderly\b|\bcrone\b|\bgrandmother\b|\bgrandfather\b", "stoop"),
    (r"\bhood\b|\bcowl", "hood"),
    (r"\bshawl\b", "veil"),
    (r"sack for a face|\bburlap\b", "sack"),
    (r"\bmask\b|pig's face", "eyeholes"),
    (r"sou'wester|driver's cap|\bhat in\b|\bhats\b", "hat"),
    (r"starched cap", "cap"),
    (r"\b(armour|armor|visor)\b", "helmet"),
    (r"\bcrown\b", "crown"),
    (r"\bhair (plastered|wet|long|loose)|long hair|wet hair", "hair"),
    (r"\bstooped\b|\bhunched\b", "stoop"),
    (r"hunched and heavy|bigger than a man", "heavy"),
    (r"\b(a child|a girl|a boy|children)\b", "child"),
    (r"\blantern\b", "lantern"),
    (r"something long and dull|\bknife\b|\bblade\b|\bshears\b|\bcleaver\b|ruler held", "blade"),
    (r"\bdoll\b", "doll"),
    (r"too tall|more joints|long and pale|four legs", "tall"),
    (r"\b(heavy|broad|big) (man|woman|figure)", "heavy"),
    (r"\bthin (man|woman|figure)", "thin"),
]


#: what someone's calling shows, by the words that name them ("the conductor": a cap)
CALLINGS = [
    (r"\b(conductor|guard|porter|driver|policeman|policewoman|soldier|sailor|captain|nurse|chauffeur)\b",
     "cap"),
    (r"\b(priest|monk|abbot|vicar)\b", "skirt"),
    (r"\b(nun|abbess|widow|bride)\b", "skirt veil"),
    (r"\b(herder|shepherd|hunter|farmer|fisherman|keeper|ferryman|boatman)\b", "hat"),
]

#: a protagonist who is a child, by the words the form uses for them ("Lily, a girl of nine")
_CHILD = re.compile(r"(?i)\b(girl|boy|child|kid|schoolgirl|schoolboy|toddler|little)\b")
_LIGHT = re.compile(r"(?i)\b(?:her|his|my|your|their)\s+(?:own\s+)?(?:lamp|lantern|torch|flashlight)\b")


def protagonist_look(name, described_as, text):
    """The parts of the protagonist's silhouette (drawn beside the antagonist in the same hand,
    not a stock pictogram): an ordinary figure in a coat; long hair when the story calls them
    "she", a child's height when the form calls them a child, a lantern when they carry a light.
    ``name``: how the story names them; ``described_as``: the form's words for them."""
    parts = ["child"] if _CHILD.search(described_as or "") else ["coat"]
    # their pronoun: the story's own, told mostly of the one it follows (in the first or second
    # person, "she" is someone else)
    she = len(re.findall(r"(?i)\b(she|her|herself)\b", text or ""))
    he = len(re.findall(r"(?i)\b(he|him|his|himself)\b", text or ""))
    told = len(re.findall(r"\b(I|my|me|[Yy]ou|[Yy]our)\b", text or ""))
    if name and she >= 2 * he and she >= 2 and told < she:
        parts.append("hair")
    if _LIGHT.search(text or ""):
        parts.append("lantern")
    return " ".join(parts)


def look_of(text):
    """The parts of the silhouette of whoever the story describes (a space-separated string,
    e.g. "skirt veil stoop"), or "" when it describes no one."""
    return described(text)[1]


#: the words that end the name of whoever is seen ("saw the grey lady for the first time")
_AFTER_NAME = set("for at in on standing quite only not watching was were had through across again once and "
                  "who that with by from to as just there came stepped leaned began".split())
_SEEN = re.compile(r"\b(saw|stood|sight of|heard|felt)\s+(.+)|\band ((?:the |[A-Z])[\w.' -]+?) (?:was|were) there\b")


def who_is_described(text):
    """The name of whoever the story's first description is of, from the sentence that shows
    them ("That was the first time I saw the night clerk: …" -> "the night clerk"), or ""."""
    return described(text)[0]


def described(text):
    """(who, look) of the story's first description of someone: ("the night clerk", "blade
    thin"), ("", "") when it describes no one; the story is read once for both."""
    sentences = script.sentences(text)
    at = next((i for i, s in enumerate(sentences) if DESCRIBES.search(s)), None)
    if at is None:
        return "", ""
    # the first description is the one the story introduces its figure with
    found = []
    for pattern, parts in PARTS:
        if re.search(pattern, sentences[at], re.I):
            found += [p for p in parts.split() if p not in found]
    return _name_shown(sentences[at - 1:at + 1] if at else []), " ".join(found)


def _name_shown(sentences):
    """The name in the sentence that shows someone ("saw the grey lady for the first time", "…
    and the grey lady was there"), or ""."""
    for sentence in sentences:
        for found in _SEEN.finditer(sentence):
            words = []
            for word in re.findall(r"[\w.'-]+|[,:;]", found.group(2) or found.group(3)):
                if word in ",:;" or word.lower() in _AFTER_NAME or len(words) == 5:
                    break
                words.append(word)
            name = " ".join(words)
            if name and name.lower() not in ("it", "him", "her", "them", "me", "you", "something", "someone"):
                return name
    return ""


SCALE = 4  # drawn this many times larger, then scaled down: smooth edges


@functools.lru_cache(maxsize=64)
def mask(look, size):
    """Coverage (size, size) in 0-1 of the silhouette ``look`` standing on the bottom edge."""
    parts = set(look.split())
    n = max(4, int(size)) * SCALE
    im = Image.new("L", (n, n), 0)
    d = ImageDraw.Draw(im)
    holes = Image.new("L", (n, n), 0)
    _figure(d, ImageDraw.Draw(holes), parts, n)
    im.paste(0, mask=holes)
    out = np.asarray(im.resize((n // SCALE, n // SCALE), Image.LANCZOS), np.float32) / 255
    out.setflags(write=False)
    return out


def _figure(d, holes, parts, n):
    tall = "tall" in parts
    height = 0.62 if "child" in parts else 1.0 if tall else 0.9
    build = 1.3 if "heavy" in parts else 1.18 if "bulky" in parts else 0.75 if ("thin" in parts or tall) else 1.0
    foot = 0.985 * n
    H = height * n * 0.97
    top = foot - H
    lean = 0.1 * H if "stoop" in parts else 0.0  # the head and shoulders come forward
    cx = n * 0.5
    r = H * (0.06 if tall else 0.075)  # the head's radius
    head_y = top + r + (0.06 * H if "stoop" in parts else 0)
    hx = cx + lean
    shoulder_y = head_y + r * 1.6
    sw = H * 0.12 * build
    waist_y = top + H * 0.52
    ww = H * 0.085 * build
    hem = H * (0.2 if "veil" in parts else 0.17) * build

    # the body: a torso with shoulders, chest and hips, smoothed; then a skirt or coat, or legs
    slope = r * 0.45  # shoulders slope down from the neck
    hip_y, hip = top + H * 0.55, H * 0.075 * build
    torso = [(hx - r * 0.55, shoulder_y - slope), (hx - sw * 0.92, shoulder_y), (hx - sw, shoulder_y + r * 0.7),
             (cx - sw * 0.86, shoulder_y + H * 0.11), (cx - ww, waist_y), (cx - hip, hip_y),
             (cx + hip, hip_y), (cx + ww, waist_y), (cx + sw * 0.86, shoulder_y + H * 0.11),
             (hx + sw, shoulder_y + r * 0.7), (hx + sw * 0.92, shoulder_y), (hx + r * 0.55, shoulder_y - slope)]
    d.polygon(_smooth(torso), fill=255)
    if "skirt" in parts:  # flared to the floor, the hem uneven, as cloth hangs
        ragged = [(cx + hem - 2 * hem * k / 8, foot - (H * 0.012 if k % 2 else 0)) for k in range(9)]
        d.polygon([(cx - ww, waist_y - 1), (cx + ww, waist_y - 1)] + ragged, fill=255)
    else:  # legs: thigh, knee, calf, ankle, tapering, the weight on one of them; feet turned out
        knee_y, ankle_y = foot - H * 0.26, foot - H * 0.035
        thigh, calf, ankle = H * 0.047 * build, H * 0.033 * build, H * 0.021 * build
        for side in (-1, 1):
            hip_x = cx + side * hip * 0.5
            knee_x = cx + side * (hip * 0.5 + (H * 0.012 if side == 1 else H * 0.002))
            ankle_x = cx + side * (hip * 0.5 + (H * 0.022 if side == 1 else H * 0.006))
            _limb(d, (hip_x, hip_y - hip * 0.3), (knee_x, knee_y), thigh, calf * 1.05)
            _limb(d, (knee_x, knee_y), (ankle_x, ankle_y), calf * 1.05, ankle)
            toe = ankle_x + side * H * 0.028  # a shoe: low, longer than it is high, turned out
            d.chord([min(ankle_x, toe) - ankle * 1.1, ankle_y - ankle * 0.9, max(ankle_x, toe) + ankle * 1.1,
                     foot + (foot - ankle_y) * 0.9], 180, 360, fill=255)
        if "coat" in parts:  # a long coat, open at the bottom: flared to the knees
            coat = H * 0.16 * build
            d.polygon([(cx - ww * 1.1, waist_y - 1), (cx + ww * 1.1, waist_y - 1), (cx + coat, knee_y),
                       (cx - coat, knee_y)], fill=255)
    # the arms: upper arm, elbow, forearm, a hand; long and thin on something too tall; one held
    # out when it holds something
    arm = H * 0.035 * build
    reach = H * (0.72 if tall else 0.56)
    holds = next((p for p in ("lantern", "blade", "doll") if p in parts), "")
    for side in (-1, 1):
        sx, sy = hx + side * (sw - arm * 0.9), shoulder_y + arm * 0.6
        out = 0.16 if (holds and side == 1) else 0.06
        hand = (cx + side * (sw + H * out * 0.6), top + reach)
        elbow = ((sx + hand[0]) / 2 + side * arm * 0.5, sy + (hand[1] - sy) * 0.48)
        _limb(d, (sx, sy), elbow, arm * 1.15, arm * 0.85)
        _limb(d, elbow, hand, arm * 0.85, arm * 0.6)
        fingers = arm * (3.2 if tall else 2.0)  # the hand: long fingers, together, pointing down
        d.ellipse([hand[0] - arm * 0.62, hand[1] - arm * 0.5, hand[0] + arm * 0.62, hand[1] + fingers], fill=255)
        if side == 1 and holds:
            _held(d, holds, hand, H)
    # the head and what is on it
    d.ellipse([hx - r * 0.86, head_y - r, hx + r * 0.86, head_y + r], fill=255)
    d.polygon([(hx - r * 0.42, head_y + r * 0.5), (hx + r * 0.42, head_y + r * 0.5),  # the neck, wider below
               (hx + r * 0.62, shoulder_y), (hx - r * 0.62, shoulder_y)], fill=255)
    if "sack" in parts:  # a lumpy sack, tied at the neck, two ragged holes
        d.polygon([(hx - r * 1.25, head_y - r * 0.6), (hx - r * 0.7, head_y - r * 1.45),
                   (hx + r * 0.2, head_y - r * 1.3),
                   (hx + r * 1.3, head_y - r * 0.9), (hx + r * 1.2, head_y + r * 0.9), (hx + r * 0.4, shoulder_y),
                   (hx - r * 0.5, shoulder_y), (hx - r * 1.2, head_y + r * 0.8)], fill=255)
    if "sack" in parts or "eyeholes" in parts:
        for side in (-1, 1):
            ex, ey = hx + side * r * 0.42, head_y - r * 0.1
            holes.ellipse([ex - r * 0.22, ey - r * 0.15, ex + r * 0.22, ey + r * 0.15], fill=255)
    if "hair" in parts:  # long hair hanging straight down past the shoulders
        d.polygon([(hx - r * 1.1, head_y - r * 0.2), (hx + r * 1.1, head_y - r * 0.2),
                   (hx + r * 1.2, shoulder_y + r * 2.2),
                   (hx - r * 1.2, shoulder_y + r * 2.2)], fill=255)
    if "veil" in parts or "hood" in parts:  # a veil or hood draped over the head to the shoulders
        peak = head_y - r * (1.5 if "bulky" in parts else 2.0 if "hood" in parts else 1.2)
        d.polygon([(hx, peak), (hx + r * 1.3, head_y - r * 0.4), (hx + sw * 1.05, shoulder_y + r * 1.5),
                   (hx - sw * 1.05, shoulder_y + r * 1.5), (hx - r * 1.3, head_y - r * 0.4)], fill=255)
    if "hat" in parts:  # a worn felt hat: a rounded crown, a brim that droops at its edges
        d.ellipse([hx - r * 1.05, head_y - r * 1.75, hx + r * 1.05, head_y - r * 0.35], fill=255)
        d.chord([hx - r * 1.75, head_y - r * 1.0, hx + r * 1.75, head_y - r * 0.2], 180, 360,
                fill=255)
        d.polygon([(hx - r * 1.75, head_y - r * 0.6), (hx - r * 1.9, head_y - r * 0.4),
                   (hx + r * 1.9, head_y - r * 0.4), (hx + r * 1.75, head_y - r * 0.6)], fill=255)
    if "cap" in parts:
        d.polygon([(hx - r * 1.1, head_y - r * 0.8), (hx + r * 1.1, head_y - r * 0.8), (hx + r * 0.8, head_y - r * 1.7),
                   (hx - r * 0.8, head_y - r * 1.7)], fill=255)
    if "helmet" in parts:  # a flat-topped helm, a slit for the eyes
        d.rectangle([hx - r * 1.1, head_y - r * 1.3, hx + r * 1.1, head_y + r * 1.2], fill=255)
        holes.rectangle([hx - r * 0.8, head_y - r * 0.25, hx + r * 0.8, head_y - r * 0.05], fill=255)
    if "crown" in parts:
        base = head_y - r * 0.8
        spikes = []
        for k in range(7):
            x = hx - r * 1.0 + k * r * 2.0 / 6
            spikes += [(x, base - (r * 0.9 if k % 2 == 0 else r * 0.3))]
        d.polygon([(hx - r * 1.0, base + r * 0.3)] + spikes + [(hx + r * 1.0, base + r * 0.3)], fill=255)


def _limb(d, start, end, w0, w1):
    """A limb from ``start`` to ``end``, ``w0`` and ``w1`` its half-widths there, rounded at both
    joints (a knee, an elbow)."""
    (x0, y0), (x1, y1) = start, end
    length = max(1e-6, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length  # across the limb
    d.polygon([(x0 + nx * w0, y0 + ny * w0), (x1 + nx * w1, y1 + ny * w1),
               (x1 - nx * w1, y1 - ny * w1), (x0 - nx * w0, y0 - ny * w0)], fill=255)
    d.ellipse([x0 - w0, y0 - w0, x0 + w0, y0 + w0], fill=255)
    d.ellipse([x1 - w1, y1 - w1, x1 + w1, y1 + w1], fill=255)


def _smooth(points, rounds=3):
    """A closed outline with its corners rounded off (Chaikin's cutting: a quarter from each end)."""
    for _ in range(rounds):
        out = []
        for k, (x0, y0) in enumerate(points):
            x1, y1 = points[(k + 1) % len(points)]
            out += [(0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1), (0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1)]
        points = out
    return points


def _held(d, what, hand, H):
    x, y = hand
    if what == "lantern":  # a storm lantern hanging from the hand
        w = H * 0.035
        d.line([(x, y), (x, y + w * 0.8)], fill=255, width=max(1, int(w * 0.25)))
        d.rectangle([x - w, y + w * 0.8, x + w, y + w * 2.8], fill=255)
        d.polygon([(x - w * 1.2, y + w * 0.8), (x + w * 1.2, y + w * 0.8), (x, y + w * 0.2)], fill=255)
    elif what == "blade":  # something long and dull, held down at the side
        d.line([(x, y), (x + H * 0.03, y + H * 0.28)], fill=255, width=max(1, int(H * 0.018)))
    elif what == "doll":  # a doll held by one arm
        r = H * 0.025
        d.ellipse([x - r, y + r * 0.5, x + r, y + r * 2.5], fill=255)
        d.polygon([(x - r * 1.2, y + r * 2.3), (x + r * 1.2, y + r * 2.3),
                   (x + r * 1.5, y + r * 6), (x - r * 1.5, y + r * 6)],
                  fill=255)
