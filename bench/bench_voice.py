"""Benchmark of the narration voices: how long 60 s of speech takes to synthesise, and memory.

For the neural voice (Piper, bundled joe) and the eSpeak NG fallback, each in a fresh child
process: time to load the voice, wall and CPU time of ``fit_narration`` for a script of about a
minute, seconds of speech made per second of CPU, and the peak resident memory of the process.

Usage: .venv/bin/python bench/bench_voice.py [--seconds 60]
"""
import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = [
    "The lighthouse on Raven Point had been dark for thirty years, until the night Priya heard "
    "the music box. It played a tune her grandmother used to hum, slow and wrong.",
    "She climbed the spiral stairs with a torch in one hand. At the top, the lamp room was warm, "
    "and the music box sat open on the sill, turning by itself.",
    "Inside, where the dancer should have been, was a tiny keeper carved from bone. He had her "
    "grandmother's face, and his eyes followed the torch.",
    "Priya closed the lid and the great light above her began to turn, sweeping the sea for a "
    "ship that had sunk a hundred years before.",
    "In the morning the keeper's log lay open on the table. The last entry was dated that night, "
    "and it was written in her own hand.",
]


def child(seconds):
    import resource
    sys.path.insert(0, str(ROOT))
    from providers.video.audio import narration, voices
    choice = voices.choose("Deep Male")
    clock = time.perf_counter()
    pace = narration.words_per_second("Deep Male", 1.0)  # loads the voice (and measures once)
    load = time.perf_counter() - clock
    words, script = 0, []
    while words < pace * seconds * 0.95:
        for paragraph in SCRIPT:
            if words >= pace * seconds * 0.95:
                break
            script.append(paragraph)
            words += len(paragraph.split())
    clock, cpu = time.perf_counter(), time.process_time()
    fitted = narration.fit_narration(script, "Deep Male", 1.0, seconds)
    wall, cpu = time.perf_counter() - clock, time.process_time() - cpu
    speech = sum(s.spoken for s in fitted.sentences)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"voice": choice.label, "load": load, "wall": wall, "cpu": cpu,
                      "speech": speech, "dropped": fitted.dropped, "speedup": fitted.speedup,
                      "words": words, "rss_mb": rss_mb}))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args.seconds)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on "
          f"{os.cpu_count()} CPUs (other work on the machine slows every figure)")
    for neural in ("1", "0"):
        env = dict(os.environ, DREADFORGE_NEURAL_VOICES=neural,
                   DREADFORGE_VOICES=str(Path(os.environ.get("TMPDIR", "/tmp")) / "bench-voices"))
        out = subprocess.run([sys.executable, __file__, "--child", "--seconds", str(args.seconds)],
                             env=env, capture_output=True, text=True, check=True).stdout
        r = json.loads(out.strip().splitlines()[-1])
        print(f"{r['voice']}: load+measure {r['load']:.1f} s; {r['speech']:.1f} s of speech "
              f"({r['words']} words, speed-up {r['speedup']:.2f}, {r['dropped']} dropped) in "
              f"{r['wall']:.1f} s wall / {r['cpu']:.1f} s CPU "
              f"({r['speech'] / max(r['cpu'], 1e-6):.0f}x real time per CPU second); "
              f"peak RSS {r['rss_mb']:.0f} MiB")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
