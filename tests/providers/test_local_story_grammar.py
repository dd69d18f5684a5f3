"""Sentence-level glitches a reader stops at, found mechanically over stories from held-out field
sets: a doubled word ("and and"), a modal with a past ("could had"), "a" before a vowel sound,
a subject pronoun as an object ("followed she"), a possessive with no noun ("was not my."), a
noun modifier left as the head ("the drug" for "the drug round trolley"), a sentence ending on an
article ("toward the."), a lower-case word after "Dr.", and a field phrase's present-tense
relative clause inside past narration ("a satellite phone that only gets … back bought")."""
import json
import re
from pathlib import Path

import pytest

#: "had had", "that that" are English; every other word said twice in a row is a slip
_DOUBLE_OK = {"had", "that", "very", "no", "far", "so", "again", "on", "out", "closer",
              "nearer", "knock", "tap", "drip", "tick", "step", "one", "two", "away", "down", "yes"}
_MODALS = r"could|would|should|might|must|can|will|may|shall|cannot|couldn't|wouldn't|shouldn't|can't|won't"
_PASTS = ("had was were went did ran saw came took gave made knew found kept held left stood sat "
          "told thought felt got began brought bought heard said seen done gone been taken given "
          "wrote spoke broke chose drove rose fell lay").split()
_DETERMINERS = {"the", "a", "an", "my", "his", "her", "their", "your", "our", "its", "this", "that"}
_ED_OK = {"need", "feed", "bleed", "speed", "shed", "wed", "proceed", "succeed", "exceed", "heed",
          "breed", "seed", "weed", "embed", "red", "bed"}
#: words that take "a" though they open with a vowel letter, and "an" though with a consonant
_A_VOWEL = re.compile(r"^(?:one|once|uni|use|usu|uti|ura|ure|euro|eu|ewe|u[bcfgklmnprst][aeiou])", re.I)
_AN_CONS = re.compile(r"^(?:[Hh]our|[Hh]onest|[Hh]onou?r|[Hh]eir|[FHLMNRSX](?:$|-|[A-Z]))")
_OBJECT_SLOT = (r"to|at|with|from|by|about|of|behind|toward|towards|beside|near|around|into|onto|upon|"
                r"against|between|among|without|followed|watched|touched|met|helped|reached|"
                r"passed|grabbed|pushed|pulled|held|hugged|warned|thanked|told|showed|gave")
_SENTENCES = re.compile(r"[^.!?]+[.!?]+[\"”’]?")
_QUOTE = re.compile(r"\"[^\"]*\"|“[^”]*”")


def _prose(text):
    """Narration only: dialogue may say a field phrase in the present."""
    return _QUOTE.sub(" ", text)


def _field_phrases(fields):
    phrases = [fields.get("antagonist", "")]
    phrases += re.split(r",\s*(?![^()]*\))|;\s*", fields.get("keyElements", ""))
    return [p.strip() for p in phrases if p and p.strip()]


def _article_less(phrase):
    return re.sub(r"^(?:a|an|the|some|one)\s+", "", phrase.strip(), flags=re.I)


#: where a field phrase's noun ends: a relative clause or a preposition after it
_PHRASE_ENDS = {"that", "who", "whose", "which", "nobody", "no", "in", "by", "to", "on", "of", "with", "from", "at",
                "for", "under"}
#: a verb right after a bare modifier shows the modifier is the head ("The drug cracked")
_VERBISH = re.compile(r"^(?:was|were|had|is|has|lay|sat|stood|bought|gave|kept|held|went|did|"
                      r"made|took|showed|said|knew|[a-z]+ed)$")


#: nouns a story says for their own sake ("the hand was cold", "the hull ticking under the pressure")
_THINGS_OF_ITS_OWN = {"hand", "pressure", "night", "door", "room", "light", "back", "water", "house", "bolt"}


def _other_fields(fields, phrase):
    """The form's other words: a modifier that is a thing of the story there is one here too."""
    keys = ("setting", "antagonist", "characters", "plotTwist", "keyElements")
    return " ".join(str(fields.get(k, "")) for k in keys).replace(phrase, " ")


def _modifier_heads(text, fields):
    """'the drug' where the phrase was 'a drug round trolley': a modifier said as if it were the
    noun, before a verb or the end of a clause."""
    found = []
    for phrase in _field_phrases(fields):
        words = _article_less(phrase).split()
        # the noun phrase before a relative clause or preposition: "satellite phone that …"
        stop = next((i for i, w in enumerate(words) if w.lower() in _PHRASE_ENDS), len(words))
        stop = next((i for i, w in enumerate(words[:stop]) if i and w.endswith("ed")), stop)  # "miner carved in salt"
        nominal = words[:stop]
        for i, mod in enumerate(nominal[:-1]):
            if not mod.isalpha() or mod[:1].isupper() or len(mod) < 3 or mod.lower() in _THINGS_OF_ITS_OWN:
                continue
            if re.search(rf"\b{re.escape(mod)}\b", _other_fields(fields, phrase), re.I):
                continue  # "the maze" of "a paper maze map" in a corn maze is the maze
            following = nominal[i + 1]
            pattern = re.compile(rf"\bthe {re.escape(mod)}\b(?!-)(?:\s*([,.;:!?])|\s+(\w+))", re.I)
            for m in pattern.finditer(text):
                nxt = m.group(2) or ""
                if nxt.lower() == following.lower():
                    continue
                if m.group(1) or _VERBISH.match(nxt.lower()):
                    found.append(("modifier as head", m.group(0)))
    return found


def _present_clauses(text, fields):
    """A field phrase with a present-tense relative clause ("that lights itself", "who is never
    seen") said whole in past narration."""
    found = []
    prose = _prose(text)
    for phrase in _field_phrases(fields):
        m = re.search(r"\b(?:that|who|which)\s+(?:\w+\s+)?(is|are|has|have|does|\w+s)\b", phrase)
        if not m or m.group(1).endswith("ss"):
            continue
        clause = _article_less(phrase)[:]
        for hit in re.finditer(re.escape(clause), prose, re.I):
            found.append(("present clause in past narration", prose[max(0, hit.start() - 20):hit.end() + 20]))
    return found


#: words in -ed that are nouns or stand as one ("the shed", "the dead", "the wounded")
_ED_WORDS = {"bed", "shed", "red", "sled", "seed", "reed", "weed", "speed", "hundred", "naked", "wicked", "sacred",
             "wretched", "beloved", "accused", "deceased", "wounded", "damned", "unexplained", "bled"}


def _open_appositives(text, fields):
    """"the okami, Mrs. Sugimoto met Haruka": a person the form names with an appositive, left
    open where the sentence goes on."""
    found = []
    for person in re.split(r"\s*;\s*", str(fields.get("characters", ""))):
        if re.match(r"the [a-z]+, [A-Z]", person):
            for m in re.finditer(re.escape(person) + r" [a-z]+", text):
                found.append(("appositive left open", m.group(0)))
    return found


def _name_again(text, fields):
    """"Haruka got a door shut between Haruka and the guest": the protagonist named again after a
    preposition in the sentence that named them (third person), where "her" was wanted."""
    if "third" not in str(fields.get("narrativePerspective", "")).lower():
        return []
    name = re.escape(str(fields.get("protagonist", "")).split()[0]) if fields.get("protagonist") else ""
    if not name:
        return []
    found = []
    for sentence in _SENTENCES.findall(_prose(text)):
        m = re.search(rf"\b{name}\b.*\bbetween\s+{name}\s+and\b", sentence)
        if m:
            found.append(("name again after a preposition", sentence.strip()[:120]))
    return found


def glitches(text, fields=None):
    """Every glitch of the kinds above in ``text``: (kind, excerpt)."""
    found = []
    for m in re.finditer(r"\b(\w+)\s+\1\b", text, re.I):
        if m.group(1).lower() not in _DOUBLE_OK:
            found.append(("doubled word", m.group(0)))
    for m in re.finditer(rf"\b(?:{_MODALS})\s+(?:not\s+|never\s+|only\s+|just\s+|still\s+)?(\w+)\b", text, re.I):
        w = m.group(1).lower()
        before = text[max(0, m.start() - 40):m.start()].lower().split()[-2:]
        if any(b in _DETERMINERS for b in before):
            continue  # "the pebbling can went cold": a can, no modal
        if w in _PASTS or (w.endswith("ed") and w not in _ED_OK and not w.endswith("eed")):
            found.append(("modal + past", m.group(0)))
    for m in re.finditer(r"\b([Aa])\s+([A-Za-z][\w'-]*)", text):
        w = m.group(2)
        if w[0] in "aeiouAEIOU" and not _A_VOWEL.match(w) and not (len(w) == 1):
            found.append(("a before a vowel", m.group(0)))
    for m in re.finditer(r"\b([Aa]n)\s+([A-Za-z][\w'-]*)", text):
        w = m.group(2)
        if w[0] not in "aeiouAEIOU" and not _AN_CONS.match(w):
            found.append(("an before a consonant", m.group(0)))
        elif re.match(r"(?i)^(?:uni|use|usu|one|eu)", w):
            found.append(("an before a consonant", m.group(0)))
    for m in re.finditer(rf"\b(?:{_OBJECT_SLOT})\s+(he|she|we|they)\b(?!'|’)", text):
        found.append(("subject pronoun as object", m.group(0)))
    subject = r"(?:^|[.;:!?]\s+)(them|him|me|us)\s+(?:would|will|was|were|had|did|could|is|are)\b"
    for m in re.finditer(subject, text, re.I):
        found.append(("object pronoun as subject", m.group(0).strip()))
    for m in re.finditer(r"\b(my|your|their|our)\s*[.,;!?]", text, re.I):
        found.append(("possessive without noun", m.group(0)))
    for m in re.finditer(r"\b(the|a|an|(?<!out )of|toward|towards|with|into|and|or|but)\s*[.!?]", text):
        found.append(("sentence ending on a function word", m.group(0)))
    for m in re.finditer(r"\b(?:Mr|Mrs|Ms|Dr|St)\.\s+[a-z]\w*", text):
        found.append(("lower case after a title", m.group(0)))
    lowered = r"(?<![\"”])[.!?]\s+[a-z]\w*|\b(?:Then|And|But|So|When|While)\s+[a-zà-ÿ]+[^\x00-\x7f]\w*"
    for m in re.finditer(lowered, text):
        found.append(("lower case opens a sentence", m.group(0)))
    for m in re.finditer(r"\b[Tt]he ([a-z]{3,}ed)\b(?=\s*[,.;:!?]|\s+exactly)", text):
        if m.group(1) not in _ED_WORDS:
            found.append(("participle as head", m.group(0)))
    if fields:
        found += _open_appositives(text, fields)
        found += _name_again(text, fields)
        found += _modifier_heads(text, fields)
        found += _present_clauses(text, fields)
    return found


# --- the checker can fail -------------------------------------------------------------------------
#: glitches seen in generated stories, each of which the checker must find
SEEN = [
    ("Afterwards, by the door Haruka could had run through, the place was dark.", {}),
    ("She fended the second set off long enough to think, and and then no more.", {}),
    ("Eli did not look up, and their eyes followed she a moment late.", {}),
    ("Slowly, she walked around the drug. The drug cracked.", {"keyElements": "a drug round trolley"}),
    ("A satellite phone that only gets their own voice back bought one instant.",
     {"keyElements": "an ice-core sample tube, a satellite phone that only gets their own voice back"}),
    ("The yukata fit the marks on the folded exactly.", {}),
    ("The hand was warm, and the hand was not my.", {}),
    ("She walked toward the. Nothing moved.", {}),
    ("It was an cold night, and a old man waited.", {}),
    ("Dr. helen Marsh had left.", {}),
    ("By then the tag had trembled when the patient came near; them would let you out.", {}),
    ("By the sill, the okami, Mrs. Sugimoto went still.", {"characters": "Haruka Ito; the okami, Mrs. Sugimoto"}),
    ("Haruka got a door shut between Haruka and the guest, and it held.",
     {"protagonist": "Haruka Ito", "narrativePerspective": "Third Person"}),
]
#: sentences a reader passes without a stop, which the checker must leave alone
CLEAN = [
    "She had had enough. I could have run through the door, and would have, had it opened.",
    "An hour later an X-ray film lay by a one-way sign and a uniform.",
    "The pebbling can went cold in her hands.",
    "He told her the drug round trolley was gone; she saw he was right.",
    '"Don\'t touch the satellite phone that only gets their own voice back," she said.',
]


@pytest.mark.parametrize("text, fields", SEEN)
def test_the_checker_finds_each_glitch_seen(text, fields):
    assert glitches(text, dict(fields)), text


@pytest.mark.parametrize("text", CLEAN)
def test_the_checker_passes_plain_english(text):
    fields = {"keyElements": "a drug round trolley, a satellite phone that only gets their own voice back"}
    assert not glitches(text, fields)


# --- the engine's stories -------------------------------------------------------------------------
HELD_OUT = json.loads((Path(__file__).resolve().parent / "grammar_field_sets.json").read_text())


def _story(fields, seed):
    from core.schemas.stories import GenerateSchema
    from core.services.story_ai import story_request
    from providers.local_story import LocalStoryProvider
    return LocalStoryProvider().generate(story_request(GenerateSchema().load(dict(fields, seed=seed)))).content


@pytest.mark.parametrize("n", range(len(HELD_OUT)))
def test_a_held_out_story_has_no_glitch_a_reader_stops_at(n):
    """Stories of field sets the engine was not tuned on (countries, trades and eras it has no table
    for; all three perspectives; 700 to 3,000 words), each with two seeds."""
    fields = HELD_OUT[n]
    for seed in (n + 1, n + 101):
        found = glitches(_story(fields, seed), fields)
        assert not found, (fields["setting"], seed, found)


# --- the causes ----------------------------------------------------------------------------------
def test_a_modal_keeps_its_have_in_the_past():
    from providers.local_story.grammar import narrative_past
    assert narrative_past("Elin walks out, by the door Elin could have run through") == \
        "Elin walked out, by the door Elin could have run through"
    assert narrative_past("the dryer that always finishes one minute late") == \
        "the dryer that always finished one minute late"
    assert narrative_past("the okami, Mrs. Sugimoto waits") == "the okami, Mrs. Sugimoto waited"


def test_a_compound_with_round_is_no_drug():
    from providers.local_story.prose.vary import short_handle
    from providers.local_story.reading import handles_for
    assert short_handle("the drug round trolley") == "the trolley"
    assert short_handle("the rocks round the pool") == "the rocks"
    assert short_handle("the bedding folded in the cupboard") == "the bedding"
    assert "the round trolley" not in handles_for("a drug round trolley")


def test_a_field_phrase_is_told_in_the_past_outside_quotes():
    from providers.local_story.revise.tense import settle
    told = settle(['Low on the sill: a print the lamp that lights itself at low tide had left. "It is the lamp '
                   'that lights itself at low tide," Elin said. Later a cracked barometer pointed at the door.'],
                  ["the lamp that lights itself at low tide"], [("a cracked barometer", "the barometer")])[0]
    assert "a print the lamp that lit itself at low tide had left" in told
    assert '"It is the lamp that lights itself at low tide,"' in told
    told = settle(["I found the barometer. Later a cracked barometer pointed at the door."], [],
                  [("a cracked barometer", "the barometer")])[0]
    assert "Later the cracked barometer pointed" in told
