"""Grammar helpers: people parsed from free text, their likely pronouns, noun phrases."""
import re
from dataclasses import dataclass

FEMALE_NAMES = set("""
maya aria isla nadia zoey aurora savannah brooklyn bella paisley everly kinsley madelyn imani
keisha tamika signe
mary sarah emma olivia ava sophia isabella mia amelia harper evelyn abigail emily elizabeth
ella grace chloe victoria lily hannah zoe nora clara lucy anna alice eleanor ruby violet
rose iris ivy jane margaret helen laura rachel rebecca julia diana ellen martha agnes edith
mara lena elena maria sofia nina tess tessa jessica jennifer amanda ashley megan lauren kate
katherine catherine kathleen claire beth bethany lisa linda susan karen nancy betty dorothy
sandra carol ruth sharon michelle amy anne annie molly maggie hazel esther judith vera wendy
eliza beatrice cora delia ada ophelia lucia mina selene morgana luna willow autumn scarlett
sadie stella naomi leah sara samantha sam alexis riley jordan madison natalie audrey piper
jenny jenna kayla kaylee kelly kelsey brittany britney tiffany heather crystal amber april
stephanie melissa nicole rebekah kimberly christina angela tina tara erin erica monica
vanessa veronica priya aisha fatima yasmin leila layla mei yuki hana sakura ingrid astrid
freya greta heidi marta marie sophie charlotte josephine harriet florence mabel maud edna
ethel mildred gertrude winifred constance prudence agatha imogen phoebe penelope rosalind
evie ellie maisie daisy poppy holly jade gemma kirsty shona fiona moira siobhan niamh
aoife bridget maeve colleen deirdre carmen rosa gabriela valentina isadora ines
beatrix clementine eloise genevieve juliet lillian louisa lydia marian miriam nell nellie
paige sylvia theresa ursula wren yvonne zara jessie becky cassie cass june
ana anya eva eve irina katya olga tanya elise adele alma bianca camila dana della elsa
""".split())
MALE_NAMES = set("""
levi jackson asher aiden wyatt hudson grayson carter jayden luca lincoln josiah christopher
ezekiel miles jaxon isaiah nolan adrian santiago waylon easton landon colton roman axel jameson
ian everett greyson leonardo jose bennett weston carson dominic xavier jaxson jace emmett micah
kayden gael ryder kingston damian luka evan myles harrison bryson amir giovanni brayden cole
nathaniel lorenzo zion archer enzo thiago ayden calvin braxton ashton rhett bentley ryker
jayce elliot kaiden maxwell juan matteo malachi elliott emiliano maddox camden antonio tucker
judah brody xander nicolas arlo emmanuel barrett alan beckett karter abraham zayden alejandro
dawson tristan joel andres emilio colt knox beckham adriel kaleb
james john robert michael william david richard joseph thomas charles daniel matthew anthony
mark paul steven andrew joshua kevin brian george edward ronald timothy jason jeffrey ryan
jacob gary nicholas eric jonathan stephen larry justin scott brandon benjamin samuel frank
gregory raymond alexander patrick jack dennis jerry tyler aaron henry adam peter nathan
zachary douglas harold kyle carl arthur gerald roger keith jeremy terry lawrence sean
christian albert joe ethan austin noah liam lucas oliver elijah logan mason leo max oscar
hugo felix victor vincent simon owen caleb isaac luke gabriel elias jonah silas abel cain
tom tim ben sam will bill bob dan dave mike nick rick tony jake josh luke eli finn declan
dorian damien lucien viktor ivan dmitri marcus julian sebastian edgar ambrose edmund
derek travis cody dustin shane wade chad brett todd craig glen glenn neil ross grant
dylan connor aidan ciaran seamus rory callum fergus angus hamish duncan malcolm
ahmed omar yusuf tariq rahul raj arjun kenji hiroshi jin wei kofi kwame mateo diego
carlos javier luis miguel pablo rafael hans klaus lars sven erik magnus otto ezra
jasper milo theo theodore reuben rufus walter wallace warren wesley wilfred alfred
bernard cecil clarence clifford horace howard percy ralph stanley basil giles hector
ignatius jeremiah mordecai obadiah thaddeus bartholomew barnaby cyril desmond graham
nigel rupert tobias toby colin gavin martin norman roy ray leon dean drew
""".split())
FEMALE_WORDS = set("""woman girl lady mother mom mum widow bride nun sister wife queen witch
daughter aunt grandmother granny niece actress waitress priestess hostess heiress governess
matron madam mrs ms miss duchess countess princess maid landlady housekeeper she her""".split())
MALE_WORDS = set("""man boy father dad husband priest brother son uncle king widower monk lord
sir mr grandfather nephew prince duke count baron butler landlord he him his""".split())
_PRONOUN_WORDS = {"she", "her", "he", "him", "his"}
TITLES = {"dr", "mr", "mrs", "ms", "miss", "detective", "father", "sister", "brother", "mother", "professor",
          "captain", "coach", "uncle", "aunt", "nurse", "officer", "sheriff", "agent", "reverend", "pastor",
          "lord", "lady", "sir", "madam", "count", "countess", "baron", "doctor", "inspector", "judge", "saint",
          "grandma", "grandpa", "granny", "old", "young", "little", "big", "king", "queen", "prince", "princess",
          "sergeant", "sgt", "deputy", "constable", "lieutenant", "lt", "private", "corporal", "major",
          "colonel", "general", "chief", "principal", "dame", "mister", "mistress", "nanny", "auntie"}
ARTICLES = ("a ", "an ", "the ", "some ", "my ", "his ", "her ", "their ", "our ", "one ")

PRONOUNS = {
    "she": ("she", "her", "her", "herself", "was"),
    "he": ("he", "him", "his", "himself", "was"),
    "they": ("they", "them", "their", "themselves", "were"),
    "it": ("it", "it", "its", "itself", "was"),
}


def split_list(text):
    """Items of a comma/semicolon/'and'-separated list, trimmed, without empties or duplicates."""
    if not text:
        return []
    parts = re.split(r"\s*[,;\n]\s*|\s+and\s+|\s*&\s*", str(text))
    return _unique(p.strip(" .\t\"'") for p in parts)


def split_cast(text):
    """The people of a characters field, each as the user described them: ``split_list``'s items,
    except that a description set after a name stays with it ("Edith, a widowed lighthouse
    keeper"): every comma's, when semicolons or lines separate the people ("Edith, the keeper;
    Tom, her son"), else an "a"/"an" one's ("Mara, a nurse, Elias": two people)."""
    if not text:
        return []
    text = str(text)
    if re.search(r"[;\n]", text):
        return _unique(c.strip(" .,\t\"'") for c in re.split(r"\s*[;\n]\s*", text))
    people = []
    for item in split_list(text):
        named = people and not people[-1].lower().startswith(ARTICLES) and "," not in people[-1]
        if named and re.match(r"(?i)(a|an)\s", item):
            people[-1] = f"{people[-1]}, {item}"
        else:
            people.append(item)
    return people


def _unique(items):
    """The non-empty ``items``, each once (whatever its case), in their order."""
    seen, out = set(), []
    for item in items:
        if item and item.lower() not in seen:
            seen.add(item.lower())
            out.append(item)
    return out


def _named_last(phrase):
    """Whether a described person ends in their name: 'her silent son Tom' (not 'the Pale
    Nurse', a name in itself)."""
    words = phrase.split()
    return len(words) > 2 and words[-1][:1].isupper() and not any(
        w[:1].isupper() for w in words[1:-1])


def guess_gender(text, default="they"):
    """'she', 'he' or ``default`` from a first name or a describing word."""
    words = re.findall(r"[A-Za-z]+", (text or "").lower())
    if not words:
        return default
    first = words[0] if words[0] not in ("dr", "doctor", "professor", "detective", "officer", "captain",
                                        "father", "sister", "brother", "mother") else None
    if words[0] in ("mrs", "ms", "miss", "lady", "madam"):
        return "she"
    if words[0] in ("mr", "sir", "lord"):
        return "he"
    # what the person is, said before the name or at the head of the description ("her brother
    # Sam", "Sam, her younger brother"), outweighs the name (Sam) and other people's pronouns
    name_part, _, description = text.lower().partition(",")
    head = re.split(r"\b(?:who|whose|whom|with|of|and|that|from)\b", description)[0]
    for w in re.findall(r"[a-z]+", name_part) + re.findall(r"[a-z]+", head)[:4]:
        if w in FEMALE_WORDS - _PRONOUN_WORDS:
            return "she"
        if w in MALE_WORDS - _PRONOUN_WORDS:
            return "he"
    for w in ([first] if first else []) + words[1:]:
        if w in FEMALE_NAMES:
            return "she"
        if w in MALE_NAMES:
            return "he"
    # a pronoun in the description may still tell ("Ash, who keeps her head down"); one before
    # the name is its owner's ("her friend Jules": Jules is not thereby a she)
    for w in re.findall(r"[a-z]+", description):
        if w in FEMALE_WORDS:
            return "she"
        if w in MALE_WORDS:
            return "he"
    return default


def definite(np):
    """'a shadowy figure' -> 'the shadowy figure'; names and 'the ...' unchanged."""
    low = np.lower()
    for art in ("a ", "an ", "some ", "one "):
        if low.startswith(art):
            return "the " + np[len(art):]
    return np


#: the narration is in the past: a clause the user wrote in the present, moved back one tense
_BACKSHIFT = {"is": "was", "are": "were", "am": "was", "has": "had", "have": "had", "does": "did",
              "isn't": "wasn't", "aren't": "weren't", "hasn't": "hadn't", "haven't": "hadn't",
              "doesn't": "didn't", "don't": "didn't", "will": "would", "won't": "wouldn't",
              "can": "could", "can't": "couldn't", "cannot": "could not", "shall": "should"}
#: present-tense verbs (third person) whose past is not made with -ed
_IRREGULAR_PAST = {
    "becomes": "became", "winds": "wound", "brings": "brought", "builds": "built", "comes": "came", "eats": "ate",
    "feels": "felt", "finds": "found", "gets": "got", "gives": "gave", "goes": "went", "hides": "hid",
    "holds": "held", "keeps": "kept", "knows": "knew", "leaves": "left", "lies": "lay", "lays": "laid", "pays": "paid", "makes": "made",
    "means": "meant", "runs": "ran", "says": "said", "sees": "saw", "sits": "sat", "sleeps": "slept",
    "speaks": "spoke", "stands": "stood", "takes": "took", "tells": "told", "thinks": "thought",
    "wears": "wore", "writes": "wrote", "feeds": "fed", "sends": "sent", "spends": "spent",
    "buys": "bought", "sells": "sold", "hears": "heard", "loses": "lost", "wins": "won",
    "meets": "met", "leads": "led", "reads": "read", "fights": "fought", "catches": "caught",
    "teaches": "taught", "seeks": "sought", "begins": "began", "forgets": "forgot",
    "forgives": "forgave", "rises": "rose", "drives": "drove", "wakes": "woke", "breaks": "broke",
    "steals": "stole", "chooses": "chose", "bites": "bit", "hangs": "hung", "digs": "dug",
    "shoots": "shot", "bears": "bore", "swears": "swore", "grows": "grew", "draws": "drew",
    "throws": "threw", "flies": "flew", "falls": "fell", "bleeds": "bled",
    "dwells": "dwelt", "sings": "sang", "drinks": "drank", "understands": "understood",
    "rings": "rang", "swims": "swam", "sinks": "sank", "shakes": "shook", "creeps": "crept",
    "weeps": "wept", "sweeps": "swept", "freezes": "froze", "strikes": "struck", "puts": "put",
    "lets": "let", "cuts": "cut", "shuts": "shut", "hurts": "hurt", "sets": "set", "spins": "spun",
    "clings": "clung", "swings": "swung", "blows": "blew", "shines": "shone", "slides": "slid",
    "lights": "lit", "binds": "bound", "bends": "bent", "lends": "lent", "spreads": "spread", "sheds": "shed",
}
#: contractions of "is", "are", "am", "have" and "has": what each is in the narration's past
_CONTRACTED = {"it's": "it was", "that's": "that was", "there's": "there was", "he's": "he was",
               "she's": "she was", "what's": "what was", "who's": "who was", "i'm": "I was",
               "you're": "you were", "we're": "we were", "they're": "they were",
               "everything's": "everything was", "nobody's": "nobody was", "i've": "I had",
               "you've": "you had", "we've": "we had", "they've": "they had"}
_CLAUSE_WORD = re.compile(r"[A-Za-z']+")
#: contractions that are also possessives ("nobody's clothes", not "nobody was clothes")
_OWNERS = {"nobody's", "everything's", "he's", "she's"}
#: what follows "nobody's" when it is "nobody is/has": a participle, a place word, an article
_AFTER_IS = {"been", "here", "there", "home", "in", "at", "on", "a", "an", "the", "not", "never", "still",
             "ever", "gone", "left", "seen", "safe", "alone", "awake", "asleep", "dead", "fine", "right"}


def _owned_next(low, i):
    """Whether the word after ``low[i]`` ("nobody's ...") is owned by it: not a participle, an
    article or a word "is" goes with."""
    after = low[i + 1] if i + 1 < len(low) else ""
    return bool(after) and after not in _AFTER_IS and not after.endswith(("ing", "ed"))


def narrative_past(clause):
    """A clause written in the present moved into the narration's past: 'the keeper has been dead
    for years' -> 'the keeper had been dead for years', 'the house wants them' -> 'the house wanted
    them'. Auxiliaries anywhere; a lexical verb only as the clause's first present-tense verb
    after its subject, when the clause has no other finite verb. Past clauses stay as they are."""
    words = list(_CLAUSE_WORD.finditer(clause))
    low = [m.group(0).lower() for m in words]
    out, last = [], 0
    shifted = False
    for i, (m, w) in enumerate(zip(words, low)):
        if i and re.search(r"[,;:]", clause[words[i - 1].end():m.start()]):
            shifted = False  # "…, and Edith talks to him": each clause has its own verb
        elif i and low[i - 1] in _SUBORDINATORS:
            shifted = False  # "did not answer when Elena calls": the subordinate clause has its own
        if w in ("am", "pm") and clause[:m.start()].rstrip()[-1:].isdigit():
            continue  # "at 3 am", "3am": a time, not a verb
        new = _BACKSHIFT.get(w)
        if w == "have" and _after_modal(low, i):
            new = None  # "could have run" stays: its modal carries the tense
        if w.endswith("'s") and i + 1 < len(low) and low[i + 1] == "been":
            new = m.group(0)[:-2] + " had"  # the keeper's been -> the keeper had been
        elif w in _CONTRACTED and not (w in _OWNERS and _owned_next(low, i)):
            new = _CONTRACTED[w]
        if new is None and not shifted and i > 0 and m.group(0)[:1].islower() and _present_verb(
                w, low, i, named=words[i - 1].group(0)[:1].isupper()):
            # (a capital is a name or a title: "the okami, Mrs. Sugimoto" has no verb "Mrs")
            new = _IRREGULAR_PAST.get(w) or _regular_past(w)
        if new:
            shifted = True
            if m.group(0)[:1].isupper() and not new.startswith("I "):
                new = new[:1].upper() + new[1:]
            out.append(clause[last:m.start()] + new)
            last = m.end()
        elif w in _PAST_MARKERS or (w.endswith("ed") and i > 0 and w not in _ED_NOUNS) or (i > 0 and w in _PAST_FORMS):
            shifted = True
    return "".join(out) + clause[last:]


#: words that end in -ed and are no past tense ("something under the bed breathes")
_ED_NOUNS = {"bed", "beds", "shed", "red", "sled", "seed", "need", "weed", "speed", "reed", "steed", "creed",
             "greed", "deed", "hundred", "naked", "wicked", "sacred", "ragged", "rugged", "wretched"}
#: words that open a clause of its own, whose verb moves to the past too
_SUBORDINATORS = {"when", "whenever", "while", "until", "till", "before", "after", "because", "once", "unless"}
_PAST_MARKERS = {"was", "were", "had", "did", "would", "could", "should", "might", "must"}
_NOT_VERBS = {"this", "his", "hers", "its", "us", "yours", "ours", "theirs", "always", "years",
              "months", "days", "weeks", "hours", "nights", "sometimes", "perhaps", "towards",
              "afterwards", "was", "as", "less", "unless", "yes", "across", "thus", "alas", "bus",
              "lens", "twins", "parents", "others"}
_ADVERBS = {"never", "always", "still", "all", "both", "also", "only", "just", "really", "often"}
_DETERMINERS = {"the", "a", "an", "my", "his", "her", "their", "our", "your", "its", "this", "that",
                "these", "those", "every", "all", "some", "no", "two", "three"}


def _after_modal(low, i):
    """Whether the word at ``i`` follows a modal ("could have", "would not have")."""
    before = [w for w in low[max(0, i - 3):i] if w not in _ADVERBS and w not in ("not", "n't")]
    return bool(before) and before[-1] in _MODALS


_MODALS = {"could", "would", "should", "might", "must", "may", "can", "will", "shall", "couldn't",
           "wouldn't", "shouldn't", "mustn't", "can't", "won't"}


def _present_verb(word, low, i, named=False):
    """Whether ``word`` (at ``i`` in ``low``) reads as a third-person present verb: it ends in -s,
    is not a plural noun after a determiner or adjective run, and follows a subject (``named``:
    the word before it is capitalized, a name: "Agnes carries", never a plural noun's -s)."""
    if not word.endswith("s") or word.endswith(("ss", "us", "is", "'s", "wards", "ways")) or word in _NOT_VERBS:
        return False
    if low[i - 1] in ("he", "she", "it", "who", "that", "which", "everyone", "someone", "nobody"):
        return True
    after = low[i + 1:i + 3]
    if after and (after[0] in _BACKSHIFT or after[0] in _PAST_MARKERS or (
            after[0] in _ADVERBS and len(after) > 1 and not after[1].endswith(("s", "ed")))):
        return False  # "the guests are …", "the guests never check out": the subject, a plural
    if word in _IRREGULAR_PAST:
        return low[i - 1] not in _DETERMINERS
    prev = low[i - 1]
    if named and prev not in _DETERMINERS:
        return True
    if prev in _ADVERBS and i > 1 and low[i - 2] in ("that", "who", "which"):
        return True  # "the dryer that always finishes"
    return prev not in _DETERMINERS and prev != "whose" and not prev.endswith("s") and prev not in _BACKSHIFT \
        and prev not in ("to", "of", "in", "on", "at", "for", "with", "and", "or", "not")


def _regular_past(word):
    stem = word[:-1]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "ied"
    if word.endswith(("ches", "shes", "sses", "xes", "zes")):
        stem = word[:-2]
    if stem.endswith("e"):
        return stem + "d"
    if _DOUBLES.match(stem):  # one syllable ending vowel-consonant: stops -> stopped
        return stem + stem[-1] + "ed"
    return stem + "ed"


_DOUBLES = re.compile(r"^[^aeiou]*[aeiou][bdgklmnprt]$")


_QUIET = re.compile(r"(?i)\b(silent|mute|wordless|speechless|never speaks)\b")


_ANIMAL = re.compile(
    r"(?i)\b(dog|dogs|puppy|pup|hound|mutt|mongrel|terrier|spaniel|retriever|labrador|collie|beagle|"
    r"husky|dachshund|poodle|greyhound|whippet|lurcher|mastiff|rottweiler|alsatian|cat|kitten|tomcat|"
    r"horse|pony|mare|stallion|donkey|goat|parrot|raven|crow|owl|ferret|rabbit|hamster)\b")


def is_animal(description):
    """Whether a character is an animal ("her dog Buster", "Buster (a collie)")."""
    return bool(_ANIMAL.search(description))


def is_quiet(description):
    """Whether a character does not speak: the description says so ("her silent son Tom"), or
    they are an animal."""
    return bool(_QUIET.search(description)) or is_animal(description)


def capitalize_first(s):
    """Upper-case the first letter of a sentence (skipping an opening quote)."""
    for i, ch in enumerate(s):
        if ch.isalpha():
            return s[:i] + ch.upper() + s[i + 1:]
        if ch not in "\"'“‘(":
            return s
    return s


@dataclass
class Person:
    """Someone in the cast: ``full`` as the user wrote it, ``short`` for later mentions."""

    full: str
    short: str
    gender: str
    introduced: bool = False

    @classmethod
    def parse(cls, text, default_gender="they"):
        # a description after a dash or in brackets is one after a comma: "Mr. O'Rourke — the
        # supply-boat man", "Dr. Helen Cho (night-shift psychiatrist)", "her son Tom (14)"
        text = re.sub(r"\s+[—–-]+\s+", ", ", text.strip(), count=1)
        text = re.sub(r"\s*\(([^)]*)\)?", lambda m: ", " + m.group(1).strip(), text).strip(" ,")
        name, _, desc = text.partition(",")
        name = name.strip()
        m = re.match(r"(?i)^(?:a|an|the)\s+.*?\b(?:named|called)\s+(.+)$", name)
        if m:
            short = m.group(1).strip()
        elif name.lower().startswith(ARTICLES) and not _named_last(name):
            short = definite(name)
        else:
            words = name.split()
            caps = [i for i, w in enumerate(words) if w[:1].isupper()]
            if caps and caps[0] > 0:  # 'old Jonah' -> 'Jonah'
                words = words[caps[0]:]
            titled = words[0].rstrip(".").lower() in TITLES
            if titled and len(words) > 2:
                short = f"{words[0]} {words[-1]}"  # 'Detective Ray Cole' -> 'Detective Cole'
            else:
                short = " ".join(words[:2]) if titled else words[0] if words else name
        return cls(full=text if not desc else f"{name}, {desc.strip()}", short=short,
                   gender=guess_gender(text, default_gender))

    @property
    def pron(self):
        return PRONOUNS[self.gender]


#: irregular past forms ("kept", "went"): a clause that has one has its verb ("kept to the dark places")
_PAST_FORMS = {v for v in _IRREGULAR_PAST.values() if " " not in v} - {"read", "put", "set", "cut", "let", "hit", "shut", "cost"}
