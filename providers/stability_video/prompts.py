"""Text-to-image prompts for one scene, from its paragraph and the render settings."""
import re

STYLE_WORDS = {
    "Cinematic": ("cinematic film still, anamorphic, dramatic lighting, shallow depth of field", "cinematic"),
    "Horror Classic": ("1930s black and white horror film still, high contrast, film grain", "analog-film"),
    "Dark Gothic": ("dark gothic painting, cathedral arches, candlelight, crimson and violet", "fantasy-art"),
    "Psychological": ("surreal psychological horror, distorted perspective, double exposure", "digital-art"),
    "Supernatural": ("supernatural, spectral glow, ghostly apparitions, ethereal mist", "fantasy-art"),
    "Retro Horror": ("1980s VHS horror movie still, neon, chromatic aberration, grainy", "analog-film"),
    "Minimalist": ("minimalist horror illustration, flat shapes, negative space, limited palette", "line-art"),
    "Abstract Horror": ("abstract horror art, ink blots, unsettling organic forms", "digital-art"),
    "Motion Graphics": ("bold flat motion graphics, geometric shapes, vector art", "digital-art"),
    "3D Animation": ("3D animated film still, volumetric lighting, octane render", "3d-model"),
    "Stop Motion": ("stop motion claymation set, handmade miniatures, practical lighting", "modeling-compound"),
    "Horror Style": ("horror movie poster style, blood red accents, deep shadows", "cinematic"),
}
NEGATIVE = "text, watermark, signature, logo, gore, blurry, deformed hands"


def scene_prompt(paragraph, request, max_words=60):
    """(prompt, style_preset) for one scene."""
    words = re.sub(r"\s+", " ", str(paragraph or request.title or "")).strip().split(" ")
    story = " ".join(words[:max_words])
    style, preset = STYLE_WORDS.get(request.animation_style, STYLE_WORDS["Cinematic"])
    details = []
    if request.genre:
        details.append(f"{request.genre.lower()} atmosphere")
    if request.mood:
        details.append(f"{request.mood.lower()} mood")
    if request.setting:
        details.append(f"setting: {request.setting}")
    if request.time_of_day:
        details.append(f"at {request.time_of_day.lower()}")
    if request.weather and request.weather != "Clear":
        details.append(f"{request.weather.lower()} weather")
    parts = [story, style] + details + ["no text"]
    return ", ".join(p for p in parts if p), preset
