"""Where a video's scene pictures come from (``[video] images``): ``local`` paints them offline
(``scenes``), ``stability`` and ``openai`` ask an image model, with prompts from the story's plan
(``image_prompts``: the same description of each character and place in every scene). Camera,
narration, music, captions and encoding stay the local pipeline's.

``painter_factory(source, request)`` gives the ``pipeline.render`` painter factory of a remote
source (``source`` has ``generate(prompt)`` -> PIL image); a long line spans several scenes and
gets one picture.
"""
import numpy as np
from PIL import Image

from providers.stability_video.prompts import scene_prompt
from providers.video.imagery import grading
from providers.video.imagery.image_prompts import PromptBook

SOURCES = ("local", "stability", "openai")
MAX_WIDTH = 1280


def fit(image, width, height, color_grading):
    """Centre-crop ``image`` to the frame's aspect, cap its size and colour-grade it (uint8)."""
    w, h = image.size
    target = width / height
    if w / h > target:
        new_w = int(h * target)
        image = image.crop(((w - new_w) // 2, 0, (w - new_w) // 2 + new_w, h))
    else:
        new_h = int(w / target)
        image = image.crop((0, (h - new_h) // 2, w, (h - new_h) // 2 + new_h))
    if image.width > MAX_WIDTH:
        image = image.resize((MAX_WIDTH, int(MAX_WIDTH / target)), Image.LANCZOS)
    img = grading.grade(np.asarray(image, np.float32) / 255, color_grading)
    return (np.clip(img, 0, 1) * 255).astype(np.uint8)


def prompt_for(ctx, request, scene):
    """The prompt of a scene: from the plan (its ``PlanShot``) when there is one, else from its line."""
    book = getattr(ctx, "prompt_book", None)
    if book is None and getattr(ctx, "plan", None) is not None:
        book = ctx.prompt_book = PromptBook(ctx.plan, request, ctx.weather)
    if book is not None and hasattr(scene.shot, "shows"):
        return book.prompt(scene.shot, scene.text)
    return scene_prompt(scene.text, request)[0]


def painter_factory(source, request):
    def factory(ctx):
        drawn = {}

        def paint(scene, width, height):
            if scene.text not in drawn:
                image = source.generate(prompt_for(ctx, request, scene))
                drawn[scene.text] = fit(image, width, height, request.color_grading)
            return drawn[scene.text]
        return paint
    return factory
