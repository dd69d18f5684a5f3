"""The provider factory: which provider classes the plugins offer, which one plugins.toml makes
active, and its one instance per process, built from its validated options."""
import logging

from core.providers import AdProvider, JobHandler, StoryProvider, VideoProvider

log = logging.getLogger(__name__)

# capability -> (hook that registers classes, base class, fallback provider)
CAPABILITIES = {
    "story": ("register_story_providers", StoryProvider, "local"),
    "video": ("register_video_providers", VideoProvider, "local"),
    "ads": ("register_ad_providers", AdProvider, "none"),
}
#: what ``provider`` is when plugins.toml does not say; else the capability's fallback
DEFAULT_CHOICE = {"story": "auto"}


class ProviderFactory:
    """The part of ``PluginHost`` that finds and builds providers (it needs the host's
    ``collect``, ``section``, ``section_classes`` and ``base_dir``)."""

    # --- what the plugins offer ----------------------------------------------------------------

    def _registered(self, hook_name):
        """The items of every plugin's ``register_*`` hook, one flat list."""
        return [item for items in self.collect(hook_name) for item in items or []]

    def available(self, capability):
        hook_name, _base, _default = CAPABILITIES[capability]
        return {cls.name: cls for cls in self._registered(hook_name)}

    def moderation_filter_classes(self):
        return {cls.name: cls for cls in self._registered("register_moderation_filters")}

    def all_share_targets(self):
        return {target.id: target for target in self._registered("register_share_targets")}

    def job_handlers(self):
        """``{kind: JobHandler}`` from the ``register_jobs`` hook (a plain function is wrapped in
        a ``JobHandler``); a kind registered twice keeps the first plugin pluggy calls."""
        if self._job_handlers is None:
            found = {}
            for handlers in self.collect("register_jobs"):
                for kind, run in handlers.items():
                    if kind in found:
                        log.warning("job kind %s registered twice: the second is ignored", kind)
                        continue
                    found[kind] = run if isinstance(run, JobHandler) else JobHandler(run)
            self._job_handlers = found
        return self._job_handlers

    # --- which one is active -------------------------------------------------------------------

    def chosen(self, capability):
        """What plugins.toml says ``provider`` is (its default when it says nothing)."""
        return self.section(capability).get(
            "provider", DEFAULT_CHOICE.get(capability, CAPABILITIES[capability][2]))

    def active_name(self, capability):
        name = self.chosen(capability)
        return self.auto_choice(capability) if name == "auto" else name

    def auto_choice(self, capability):
        """``provider = "auto"``: the first provider (by name) whose ``auto_ready(options,
        base_dir)`` says it can run here (a pulled model), else the capability's default."""
        for name, cls in sorted(self.available(capability).items()):
            ready = getattr(cls, "auto_ready", None)
            if ready is not None and ready(self.provider_options(capability, name), self.base_dir):
                return name
        return CAPABILITIES[capability][2]

    def provider_options(self, section, name):
        options = self.section(section).get(name, {})
        return options if isinstance(options, dict) else {}

    # --- the instances -------------------------------------------------------------------------

    def _instance(self, key, cls, options):
        if key not in self._instances:
            instance = cls(cls.Options().load(options))
            instance.base_dir = self.base_dir
            self._instances[key] = instance
        return self._instances[key]

    def settings(self, section):
        """The validated options of a plugin-owned section (defaults filled in), as a dict."""
        cls = self.section_classes()[section]
        return self._instance(("section", section), cls, self.section(section)).options

    def provider(self, capability):
        name = self.active_name(capability)
        cls = self.available(capability)[name]
        key = (capability, name)
        fresh = key not in self._instances
        instance = self._instance(key, cls, self.provider_options(capability, name))
        if fresh:
            how = "chosen by auto" if self.chosen(capability) == "auto" else "set in plugins.toml"
            log.info("%s provider: %s (%s), %s", capability, name,
                     getattr(instance, "writer", cls.label or name), how)
        return instance

    def story_provider(self) -> StoryProvider:
        return self.provider("story")

    def default_provider(self, capability):
        """The capability's default provider (the offline one for stories), whichever is active:
        what a call the active provider cannot answer falls back to."""
        name = CAPABILITIES[capability][2]
        cls = self.available(capability)[name]
        return self._instance((capability, name), cls, self.provider_options(capability, name))

    def video_provider(self) -> VideoProvider:
        """The active video provider, told where its scene pictures come from (``[video] images``:
        "local", "stability" or "openai", with the options of ``[video.<images>]``)."""
        provider = self.provider("video")
        images = self.section("video").get("images", "local")
        provider.images = (images, self.provider_options("video", images) if images != "local" else {})
        return provider

    def ad_provider(self) -> AdProvider:
        return self.provider("ads")

    def moderation_filters(self) -> list:
        section = self.section("moderation")
        classes = self.moderation_filter_classes()
        names = section.get("filters", [])
        return [self._instance(("moderation", name), classes[name], section.get(name, {}))
                for name in names if name in classes]

    def share_targets(self):
        known = self.all_share_targets()
        enabled = self.section("share").get("targets")
        if enabled is None:
            return list(known.values())
        return [known[target_id] for target_id in enabled if target_id in known]

    def moderate(self, text, kind):
        """The strongest verdict of the enabled filters: a reject beats a flag; None if clean."""
        verdicts = []
        for moderation_filter in self.moderation_filters():
            try:
                verdict = moderation_filter.check(text, kind)
            except Exception:
                log.exception("moderation filter %s failed", moderation_filter.name)
                continue
            if verdict is not None:
                verdicts.append(verdict)
        verdicts.sort(key=lambda verdict: verdict.action != "reject")
        return verdicts[0] if verdicts else None
