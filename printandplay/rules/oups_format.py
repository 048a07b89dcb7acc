"""« Oups Magie ! »: a computed spell explained in French, as a player checks it by hand."""

from __future__ import annotations

from printandplay.rules.oups import PACKETS, SpellResult, count_cards
from printandplay.rules.oups_cards import HIGHEST_CARD
from printandplay.rules.oups_scores import Score, hit_threshold, targets_rule


def format_spell(result: SpellResult) -> str:
    """The spell explained in French, number by number, as a player checks it by hand."""
    if not result.valid:
        return _format_refused(result)
    assert result.etendue and result.puissance and result.dommages and result.targets
    total = sum(len(cards) for cards in result.packets.values())
    lines = [f"Sort valide : {count_cards(total)} posées."]
    if result.bonus:
        lines.append(f"Bonus du premier attaquant (+1) placé sur : {_packet_name(result.bonus)}.")
    lines += ["", *_format_score("Étendue", result.etendue)]
    plural = "s" if result.targets > 1 else ""
    lines.append(f"  → {targets_rule(result.targets)} : {result.targets} attaque{plural} "
                 f"({result.targets} cible{plural})")
    lines += ["", *_format_score("Puissance", result.puissance)]
    lines += _format_hit(result.puissance.value)
    lines += ["", *_format_score("Dommages", result.dommages)]
    lines += _format_damage(result.dommages.value, result.targets)
    lines.append("")
    if result.defense is None:
        lines.append("Défense : aucune carte, les attaques adverses gardent toute leur puissance.")
    else:
        lines += _format_score("Défense", result.defense)
        lines.append(f"  → chaque attaque qui vous vise perd {result.defense.value} de puissance, "
                     "pendant tout ce conflit.")
    return "\n".join(lines)


def _packet_name(key: str) -> str:
    return next(p.name for p in PACKETS if p.key == key)


def _format_score(title: str, score: Score) -> list[str]:
    shown = " ".join(str(c) for c in score.cards)
    lines = [f"{title} : {shown} = {score.value}"]
    width = max(len(step.text) for step in score.steps)
    for index, step in enumerate(score.steps):
        points = f"{'' if index == 0 else '+'}{step.points}"
        lines.append(f"  {step.text.ljust(width)}  {points.rjust(3)}")
    return lines


def _format_hit(puissance: int) -> list[str]:
    lines = [f"  → chaque attaque touche si la carte retournée vaut au plus {puissance} − la "
             + "défense de la cible",
             "    (OUPS-HIT-1 : « inférieur ou égal », arbitrage O1)."]
    if hit_threshold(puissance) >= HIGHEST_CARD:
        lines.append(f"    Contre une cible sans défense, elle touche à coup sûr : la plus forte "
                     f"carte, un Roi, vaut {HIGHEST_CARD}.")
    return lines


def _format_damage(damage: int, targets: int) -> list[str]:
    line = f"  → chaque attaque réussie ôte {damage} point{'s' if damage > 1 else ''} de vie"
    if targets > 1 and damage > 0:
        line += f" ; si les {targets} touchent : {damage * targets} en tout"
    return [line + "."]


def _format_refused(result: SpellResult) -> str:
    lines = ["Sort refusé :"]
    for violation in result.errors:
        lines.append(f"  ✗ {violation.message} ({violation.rule})")
    shown = [(rule.name, cards) for rule in PACKETS if (cards := result.packets.get(rule.key))]
    if shown:
        lines += ["", "Paquets posés :"]
        lines += [f"  {name} : {' '.join(str(c) for c in cards)}" for name, cards in shown]
    return "\n".join(lines)
