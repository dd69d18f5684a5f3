"""Every hook Dreadforge calls, one function each.

A plugin implements any subset of these with ``@hookimpl`` (from ``core.hookspecs``) and may take
fewer arguments than the spec lists. The event hooks (``on_*``) get the plugin host as ``host``
(``host.settings("mysection")``, ``host.story_provider()``): a plugin never imports ``core.app``.
How the host calls them (pluggy's order and wrappers, one failing plugin contained) is told in
``core.plugins.calls``. Built-in behaviour is itself a set of plugins (see
``core.plugins.DEFAULT_PLUGINS``), registered exactly as a third-party package would be.
"""
import pluggy

hookspec = pluggy.HookspecMarker("dreadforge")
hookimpl = pluggy.HookimplMarker("dreadforge")


# --- content -------------------------------------------------------------------------------------


@hookspec
def register_story_providers():
    """Return a list of ``StoryProvider`` subclasses (story generate / suggest / enhance)."""


@hookspec
def register_video_providers():
    """Return a list of ``VideoProvider`` subclasses (video render)."""


# --- engagement ----------------------------------------------------------------------------------


@hookspec
def register_share_targets():
    """Return a list of ``ShareTarget`` objects offered in the share menu."""


@hookspec
def on_published(content, kind, host):
    """Called after a story or video is created public (or made public) and committed."""


@hookspec
def on_liked(content, kind, user, host):
    """Called after a like on a story or video is committed."""


@hookspec
def on_commented(comment, content, kind, host):
    """Called after a comment or reply is committed."""


@hookspec
def on_shared(content, kind, platform, share_type, user, host):
    """Called after a share is recorded and committed."""


@hookspec
def on_followed(follower, followed, host):
    """Called after a user starts following another and it is committed."""


@hookspec
def on_series_part(story, series, host):
    """Called after a public story already published joins a series (a story published into a
    series is told by ``on_published``, its ``series_id`` set), committed."""


@hookspec
def on_video_made(video, story, host):
    """Called after a video is made from someone else's story and committed."""


# --- moderation ----------------------------------------------------------------------------------


@hookspec
def register_moderation_filters():
    """Return a list of ``ModerationFilter`` subclasses that may be enabled in plugins.toml."""


@hookspec
def on_moderated(action, content, kind, reason, host):
    """Called after a moderator hides, restores or deletes a story or video, committed."""


@hookspec
def on_report_closed(report, host):
    """Called after a moderator resolves or dismisses a report and it is committed."""


# --- ads -----------------------------------------------------------------------------------------


@hookspec
def register_ad_providers():
    """Return a list of ``AdProvider`` subclasses that may fill the ad slots."""


# --- the web app and the CLI -------------------------------------------------------------------


@hookspec
def register_blueprints(app):
    """Return a list of flask-smorest Blueprints (or plain Flask ones) to mount on the app."""


@hookspec
def register_jobs():
    """Return a dict ``{kind: callable or JobHandler}`` of the jobs a plugin runs on the queue."""
