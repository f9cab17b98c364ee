"""Options listed once for the commands that share them (cli/gathering.gathered): typer lists
them in the command's place for them, and the command gets them as one value."""

from __future__ import annotations

from typing import Annotated

import typer
from typer.testing import CliRunner

from stud_odds.cli.gathering import gathered, parameter

runner = CliRunner()
Size = Annotated[int, typer.Option("--size", help="The size.")]
Colour = Annotated[str, typer.Option("--colour", help="The colour.")]
Loud = Annotated[bool, typer.Option("--loud", help="Say it loudly.")]


def _app(command) -> typer.Typer:
    app = typer.Typer(add_completion=False)
    app.command()(command)
    return app


def test_the_gathered_options_reach_the_command_as_one_value_in_their_place():
    said = []

    @gathered("shape", [parameter("size", Size, 1), parameter("colour", Colour, "red")],
              lambda size, colour: (size, colour))
    def draw(name: Annotated[str, typer.Argument()], *, shape: tuple,
             loud: Loud = False) -> None:
        """Draw a shape."""
        said.append((name, shape, loud))

    app = _app(draw)
    assert runner.invoke(app, ["box", "--colour", "blue", "--loud"]).exit_code == 0
    assert runner.invoke(app, ["dot"]).exit_code == 0
    assert said == [("box", (1, "blue"), True), ("dot", (1, "red"), False)]
    shown = runner.invoke(app, ["--help"], env={"COLUMNS": "100"}).output
    assert "Draw a shape." in shown
    # in the command's own order: the gathered options where ``shape`` stands
    assert shown.index("--size") < shown.index("--colour") < shown.index("--loud")


def test_equity_and_outs_take_the_same_spot_options_in_the_same_order():
    from stud_odds.cli.equity import equity_command
    from stud_odds.cli.outs import outs_command

    def listed(command) -> list[str]:
        return [option.opts[0] for option in typer.main.get_command(_app(command)).params
                if option.opts[0].startswith("--")]

    spot = ["--game", "--dead", "--fold", "--community", "--deck-rule", "--trials",
            "--precision", "--exact", "--max-time", "--seed", "--threads"]
    assert listed(equity_command) == [*spot, "--json", "--csv", "--classes", "--pot",
                                      "--to-call"]
    assert listed(outs_command) == ["--player", *spot, "--json", "--csv"]
