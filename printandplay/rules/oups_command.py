"""``printandplay oups spell``: the Oups Magie! spell calculator, declared as a game command.

The calculator itself (:mod:`printandplay.rules.oups`) is imported only when the command runs.
"""

from __future__ import annotations

from collections.abc import Mapping

from printandplay.rules.commands import CommandOption, CommandOutput, GameCommand

EXAMPLE = ("--etendue", "V♥ 4♦ 5♥", "--puissance", "R♠ V♣", "--dommages", "5♣ 6♣ 7♣",
           "--defense", "3♦", "--bonus", "dommages")


def run_spell(options: Mapping[str, str | None]) -> CommandOutput:
    """Compute one spell from the packets given as options."""
    from printandplay.rules.oups import spell_from_text
    from printandplay.rules.oups_format import format_spell

    result = spell_from_text(options["etendue"] or "", options["puissance"] or "",
                             options["dommages"] or "", options.get("defense"),
                             options.get("bonus"))
    return CommandOutput(result.valid, result.as_dict(), format_spell(result))


COMMANDS = [
    GameCommand(
        group="oups",
        group_help="Oups Magie ! rule calculators.",
        name="spell",
        help=("Compute one spell of Oups Magie ! and explain each number. Exit 1 when the "
              "packets break the limits (every violation listed), 2 when a card cannot be "
              "read."),
        options=(
            CommandOption("etendue", "Étendue packet (1–3 cards): the targets.", "CARDS",
                          required=True),
            CommandOption("puissance", "Puissance packet (1–3 cards): to hit.", "CARDS",
                          required=True),
            CommandOption("dommages", "Dommages packet (2–3 cards): the damage.", "CARDS",
                          required=True),
            CommandOption("defense", "Défense card (0–1).", "CARD"),
            CommandOption("bonus", "The characteristic that gets the first attacker's +1.",
                          "etendue|puissance|dommages"),
        ),
        run=run_spell,
        example=EXAMPLE,
    ),
]
