"""Behaviour cloning with numpy alone: games of the built-in shanten agent become
training arrays (`riichi.dataset.encode_logs`), and a softmax policy over the
legal action ids learns to choose as the agent chose.

Any logs do the same: pass the paths of real games (mjlog, tenhou.net/6 or mjai
files) to `encode_logs` instead of the records made here.

    python examples/behaviour_cloning.py
"""

from __future__ import annotations

import numpy as np

import riichi
from riichi import dataset
from riichi.env import ACTION_COUNT


def features(arrays: dict[str, np.ndarray]) -> np.ndarray:
    """Each row's planes and scalars as one float vector, with a constant 1."""
    planes = arrays["planes"].reshape(len(arrays["planes"]), -1).astype(np.float32)
    ones = np.ones((len(planes), 1), dtype=np.float32)
    return np.concatenate([planes, arrays["scalars"], ones], axis=1)


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Probabilities over the legal ids only."""
    logits = np.where(mask, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True)


def main(games: int = 24, epochs: int = 4, seed: int = 0) -> float:
    records: list[riichi.GameRecord] = []
    riichi.simulate(games, "shanten", seed=seed, on_record=records.append)
    arrays = dataset.encode_logs([r.to_mjai() for r in records], augment=True)
    assert isinstance(arrays, dict)
    x, mask, y = features(arrays), arrays["mask"], arrays["action"].astype(np.int64)
    # Keep only real choices (more than one legal id); hold out the last games.
    choice = mask.sum(axis=1) > 1
    test = arrays["game"] >= games * 3 // 4
    train_rows = np.flatnonzero(choice & ~test)
    test_rows = np.flatnonzero(choice & test)
    rng = np.random.default_rng(seed)
    w = np.zeros((x.shape[1], ACTION_COUNT), dtype=np.float32)
    rate, batch = 0.05, 256
    for _ in range(epochs):
        order = rng.permutation(train_rows)
        for start in range(0, len(order), batch):
            rows = order[start : start + batch]
            p = masked_softmax(x[rows] @ w, mask[rows])
            p[np.arange(len(rows)), y[rows]] -= 1.0  # the cross-entropy's gradient
            w -= rate * (x[rows].T @ p) / len(rows)
    chosen = np.argmax(np.where(mask[test_rows], x[test_rows] @ w, -np.inf), axis=1)
    accuracy = float(np.mean(chosen == y[test_rows]))
    by_chance = float(np.mean(1.0 / mask[test_rows].sum(axis=1)))
    print(
        f"{len(records)} games, {len(arrays['action'])} rows ({len(train_rows)} choices to "
        f"learn from, {len(test_rows)} held out)"
    )
    print(f"held-out accuracy {accuracy:.1%} (a random legal id: {by_chance:.1%})")
    return accuracy


if __name__ == "__main__":
    main()
