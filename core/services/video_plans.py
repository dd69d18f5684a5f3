"""The story's plan and its videos: a render draws its scenes from the plan of the story it was
made from (``stories.plan``), and a plan the render had to read out of a story that had none is
saved with that story, once. Until the ``plan`` column exists (migration 0015) both do nothing."""
from core.models import Story


def story_plan_of(video):
    """The plan of the story the video was made from (``stories.plan``), or None (no story, no
    plan yet, or a database without the column)."""
    column = getattr(Story, "plan", None)
    if not video.story_id or column is None:
        return None
    story = Story.select(Story.id, column).where(Story.id == video.story_id).first()
    return getattr(story, "plan", None) or None


def keep_plan(video, plan):
    """A plan the render read out of a story that had none is saved with the story, once (the
    creator corrects it from there); a story that has one keeps its own."""
    column = getattr(Story, "plan", None)
    if not plan or not video.story_id or column is None:
        return
    Story.update(plan=plan).where((Story.id == video.story_id) & column.is_null()).execute()
