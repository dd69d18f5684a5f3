"""Colour grading per SPEC option, applied once per scene to the float painting (0-1)."""
import numpy as np


def _curve(x, contrast=1.0, lift=0.0, gain=1.0, gamma=1.0):
    x = np.clip(x, 0, 1) ** gamma
    x = 0.5 + (x - 0.5) * contrast
    return np.clip(lift + x * (gain - lift), 0, 1)


def _saturation(img, amount):
    lum = (img * np.array((0.299, 0.587, 0.114), np.float32)).sum(axis=2, keepdims=True)
    return lum + (img - lum) * amount


def grade(img, name):
    """Return the graded copy of ``img`` (float32 h x w x 3 in 0-1)."""
    if name == "Natural" or not name:
        return img
    if name == "Horror":
        out = _curve(img, contrast=1.25, gamma=1.15)
        out = _saturation(out, 0.7)
        lum = out.mean(axis=2, keepdims=True)
        shadows = np.clip(1 - lum * 2, 0, 1)
        out = out + shadows * np.array((-0.02, 0.03, 0.02), np.float32)  # sickly green-teal shadows
        out[..., 0] = out[..., 0] * 1.08  # blood in the highlights
    elif name == "Dark & Moody":
        out = _curve(img, contrast=1.1, gamma=1.35, gain=0.85, lift=0.02)
        out = _saturation(out, 0.65) * np.array((0.92, 0.95, 1.08), np.float32)
    elif name == "High Contrast":
        x = np.clip(img, 0, 1)
        out = x * x * (3 - 2 * x)  # smoothstep S-curve
        out = _curve(out, contrast=1.35)
        out = _saturation(out, 1.15)
    elif name == "Desaturated":
        out = _saturation(img, 0.2)
    elif name == "Vintage":
        lum = (img * np.array((0.299, 0.587, 0.114), np.float32)).sum(axis=2, keepdims=True)
        sepia = lum * np.array((1.07, 0.9, 0.68), np.float32)
        out = img * 0.35 + sepia * 0.65
        out = _curve(out, contrast=0.85, lift=0.07, gain=0.93)
    else:
        return img
    return np.clip(out, 0, 1).astype(np.float32)
