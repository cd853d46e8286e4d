"""The learning curve of train_agent.py: the network's score against the
tables at each evaluation, and the curve as a Markdown table."""

from __future__ import annotations

from typing import Any

import bagh
import bagh.rl


def score(net: Any, tables: bagh.Tablebase, positions: int, games: int) -> dict[str, Any]:
    report = bagh.rl.evaluate(net.act, tables, positions=positions, games=games)
    def rate(r: bagh.rl.Rate) -> dict[str, Any]:
        return {"count": r.count, "total": r.total, "share": r.share, "interval": list(r.interval)}

    return {
        "critical": {k: rate(v) for k, v in report.critical.items()},
        "games_kept": {k: rate(v) for k, v in report.games_kept.items()},
        "losing_moves_per_1000": report.losing_moves_per_1000,
        "losing_moves": rate(report.losing_moves),
    }


def score_of(point: dict[str, Any]) -> dict[str, Any]:
    scored: dict[str, Any] = point["score"]
    return scored


def curve_markdown(curve: list[dict[str, Any]]) -> str:
    by_worker = any("workers" in point for point in curve)
    lines = [
        "| minutes | self-play games | positions | critical kept, % (95% interval) "
        "| games kept vs random perfect | vs narrowing | value-losing moves per 1,000 |"
        + (" games by worker |" if by_worker else ""),
        "|---:|---:|---:|---|---|---|---:|" + ("---|" if by_worker else ""),
    ]
    for point in curve:
        c = point["score"]["critical"]["all"]
        g = point["score"]["games_kept"]
        workers = ", ".join(f"{name} {games}" for name, games in point.get("workers", {}).items())
        lines.append(
            f"| {point['minutes']:.0f} | {point['games']} | {point['positions']} "
            f"| {100 * c['share']:.1f} ({100 * c['interval'][0]:.1f} to {100 * c['interval'][1]:.1f}) "
            f"| {g['random']['count']} of {g['random']['total']} | {g['narrowing']['count']} of {g['narrowing']['total']} "
            f"| {point['score']['losing_moves_per_1000']:.1f} |" + (f" {workers} |" if by_worker else "")
        )
    return "\n".join(lines) + "\n"
