"""The two offline German voices evaluated (see README.md): each writes a WAV file for a text."""

import subprocess
import wave
from pathlib import Path


def pico(text: str, wav: Path):
    """SVOX Pico (de-DE) through the py-nanotts package: 16 kHz mono, a diphone voice."""
    from py_nanotts import NanoTTS
    # Slightly slower and a touch higher than the default, for five-year-olds.
    pcm = NanoTTS().speak(text, voice="de-DE", speed=0.9, pitch=1.05)
    with wave.open(str(wav), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(16000)
        f.writeframes(pcm)


def espeak(text: str, wav: Path):
    """espeak-ng's German formant voice (the Debian package; no MBROLA voices are available)."""
    subprocess.run(["espeak-ng", "-v", "de", "-s", "150", "-w", str(wav), text], check=True)


ENGINES = {"pico": pico, "espeak": espeak}
