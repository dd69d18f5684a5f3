"""`dreadforge models pull NAME` / `models list`: local language models for the llama_cpp provider.

Models come from the Hugging Face hub (``HF_ENDPOINT`` selects another endpoint) through
``huggingface_hub``: an interrupted download resumes where it stopped, a progress bar shows it, and
the file's SHA-256 is checked against the hub's before it is kept. They land in the data folder's
``models`` folder, where ``provider = "llama_cpp"`` (with an empty ``model``) and ``"auto"`` find
them.
"""
import hashlib
import re

import click

from providers.llama_cpp_story.catalog import (
    CATALOG,
    RECOMMENDED,
    catalog_entry_for,
    models_dir,
    pulled_models,
)

_SHA256 = re.compile(r"^[0-9a-f]{64}$")


@click.group()
def models():
    """Local language models for the llama_cpp story provider."""


@models.command("list")
def list_models():
    """Show the models in the data folder, and the ones `models pull` offers."""
    pulled = pulled_models()
    if pulled:
        click.echo(f"Pulled into {models_dir()}:")
        for path in pulled:
            entry = catalog_entry_for(path)
            name = entry.name if entry else path.name
            licence = f"  ({entry.licence})" if entry else ""
            click.echo(f"  {name:<24} {path.stat().st_size / 1e9:6.2f} GB  {path.name}{licence}")
    else:
        click.echo(f"No model pulled yet (into {models_dir()}).")
    click.echo("\nAvailable with `dreadforge models pull NAME`:")
    for entry in CATALOG.values():
        mark = "  (recommended)" if entry is RECOMMENDED else ""
        click.echo(f"  {entry.name:<24} ~{entry.size_gb:.1f} GB  {entry.licence}: "
                   f"{entry.about}{mark}")
    click.echo(f"\nRecommended: {RECOMMENDED.name}, because {RECOMMENDED.why}.")


def _sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _short(exc):
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:200]


@models.command()
@click.argument("name")
@click.option("--yes", "-y", is_flag=True, help="Download without asking first.")
def pull(name, yes):
    """Download the model NAME (see `models list`) into the data folder."""
    entry = CATALOG.get(name)
    if entry is None:
        raise click.ClickException(f"unknown model '{name}' (choose from: {', '.join(CATALOG)})")
    try:
        from huggingface_hub import get_hf_file_metadata, hf_hub_download, hf_hub_url
    except ImportError:
        raise click.ClickException("pulling models needs huggingface_hub: "
                                   "pip install '.[llm]'") from None
    from huggingface_hub import constants
    hub = constants.ENDPOINT.rstrip("/")  # HF_ENDPOINT when set: a mirror is named as such
    destination = models_dir()
    recommended = f" (recommended: {entry.why})" if entry is RECOMMENDED else ""
    click.echo(f"{entry.name}: {entry.about}{recommended}\n"
               f"  from     {hub}/{entry.repo} ({entry.filename})\n"
               f"  licence  {entry.licence} (read it before you use the model)\n"
               f"  into     {destination}")
    failure = None
    try:
        metadata = get_hf_file_metadata(hf_hub_url(entry.repo, entry.filename))
    except Exception as exc:  # noqa: BLE001 - any hub or network failure, said in one line
        failure = f"could not reach the model hub at {hub} for {entry.repo}: {_short(exc)}"
    if failure:
        raise click.ClickException(failure)
    size = metadata.size or int(entry.size_gb * 1e9)
    click.echo(f"  size     {size / 1e9:.2f} GB")
    if not yes:
        click.confirm("Download it?", abort=True)
    destination.mkdir(parents=True, exist_ok=True)
    try:
        path = hf_hub_download(entry.repo, entry.filename, local_dir=destination)
    except Exception as exc:  # noqa: BLE001
        failure = f"the download of {entry.filename} from {hub} failed (run the command again " \
                  f"to resume): {_short(exc)}"
    if failure:
        raise click.ClickException(failure)
    expected = (metadata.etag or "").lower()
    if _SHA256.match(expected):
        click.echo("  checking the SHA-256 …")
        actual = _sha256(path)
        if actual != expected:
            (destination / entry.filename).unlink(missing_ok=True)
            raise click.ClickException(f"{entry.filename} is damaged (SHA-256 {actual[:12]}… "
                                       f"instead of {expected[:12]}…) and was removed; pull it "
                                       "again")
    click.echo(f"Pulled {entry.name} to {path}.\nUse it with [story] provider = \"llama_cpp\" "
               "(or \"auto\") in plugins.toml.")
