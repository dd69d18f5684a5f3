"""`dreadforge voices`: which voice speaks for each SPEC voice, and pulling more Piper voices."""
import click


@click.group()
def voices():
    """Narration voices: list what speaks, pull more neural (Piper) voices."""


@voices.command("list")
def list_voices():
    """Each SPEC voice and what speaks it; the neural voices known and whether installed."""
    from providers.video.audio import piper_voice
    from providers.video.audio.voices import (
        NEURAL_VOICES,
        describe,
        installed,
        neural_enabled,
        voices_dir,
    )

    ready = installed()
    click.echo("SPEC voice          speaks with")
    for voice in describe(ready):
        click.echo(f"{voice['name']:<19} {voice['speaker']}" + _fallback_note(voice))
    click.echo("")
    if not neural_enabled():
        click.echo("Neural voices are off (DREADFORGE_NEURAL_VOICES=0): eSpeak NG speaks.")
    elif not piper_voice.available():
        click.echo("Neural voices need piper-tts (pip install piper-tts): eSpeak NG speaks.")
    click.echo(f"Neural voices (pulled into {voices_dir()}):")
    for voice in NEURAL_VOICES.values():
        where = ready.get(voice.name)
        state = "installed" if where else f"not installed: dreadforge voices pull {voice.name}"
        click.echo(f"  {voice.name:<22} {'/'.join(voice.tags):<12} {voice.size_mb:>3} MB  "
                   f"{voice.licence}  [{state}]")


def _fallback_note(voice):
    if not voice["fallback"]:
        return ""
    if not voice["pull"]:
        return "  (eSpeak NG stands in)"
    return (f"  (eSpeak NG stands in; `dreadforge voices pull {voice['pull']}` would speak it, "
            f"licence {voice['licence']})")


def _what_to_pull():
    """Which SPEC voices fall back to eSpeak NG and the Piper voice that would speak each."""
    from providers.video.audio.voices import describe

    falling = [v for v in describe() if v["fallback"]]
    if not falling:
        click.echo("Every voice is spoken by an installed neural voice: nothing to pull.")
        return
    click.echo("These voices fall back to eSpeak NG; the Piper voice that would speak each:")
    for voice in falling:
        if voice["pull"]:
            click.echo(f"  {voice['name']:<19} dreadforge voices pull {voice['pull']:<22} "
                       f"licence: {voice['licence']}")
        else:
            click.echo(f"  {voice['name']:<19} (no neural voice: Piper is off or missing)")


@voices.command()
@click.argument("name", required=False)
def pull(name):
    """Download the Piper voice NAME (see `voices list`) from the model hub; without NAME, list
    the voices that fall back to eSpeak NG and the Piper voice that would speak each."""
    if not name:
        _what_to_pull()
        return
    from providers.video.audio.voice_store import PullError
    from providers.video.audio.voice_store import pull as pull_voice
    from providers.video.audio.voices import NEURAL_VOICES, STYLES, choose, model_path

    known = NEURAL_VOICES.get(name)
    if known is not None and known.bundled and model_path(known) is not None:
        click.echo(f"{name} comes installed with Dreadforge ({model_path(known)}).")
        return
    try:
        voice, model = pull_voice(name)
    except PullError as err:
        raise click.ClickException(str(err)) from None
    click.echo(f"Pulled {voice.name} into {model} (licence: {voice.licence}).")
    card = model.with_name(model.name[:-5] + ".MODEL_CARD")
    stated = [line.strip(" *-") for line in card.read_text(errors="replace").splitlines()
              if "licen" in line.lower()]
    if stated:
        click.echo(f"Its model card says: {'; '.join(stated)}")
    speaking = [spec for spec in STYLES if choose(spec).neural == voice]
    if speaking:
        click.echo(f"It now speaks: {', '.join(speaking)}.")
