"""``printandplay serve``'s application in-process (Starlette's TestClient): the gallery's
cards and images, the deck builder's answers (the same reports as ``validate``, the same PDF
as ``print-deck``), and its strictness: bad requests get a clear 4xx, foreign Host and Origin
are refused, bodies and time are bounded, nothing is written outside the output folder."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import copy_kit, replace_once
from pypdf import PdfReader
from serve_helpers import DECKS, ROOT, SERVE_GROUP
from starlette.testclient import TestClient
from typer.testing import CliRunner

from printandplay.cli import app as cli_app
from printandplay.project import Resources, bundled_root
from printandplay.serve.app import create_app
from printandplay.serve.state import Limits

pytestmark = pytest.mark.xdist_group(SERVE_GROUP)
PORT = 8765
BASE = f"http://127.0.0.1:{PORT}"


@pytest.fixture(scope="module")
def client(serve_out: Path) -> Iterator[TestClient]:
    resources = Resources.discover(ROOT)
    app = create_app(resources, resources.game_ids(), serve_out, port=PORT)
    with TestClient(app, base_url=BASE) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def licum(client: TestClient) -> dict[str, Any]:
    response = client.get("/api/games/licum/cards")
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def imported(client: TestClient, deck: str) -> dict[str, Any]:
    """A starter deck read by the import endpoint."""
    response = client.post("/api/games/licum/import",
                           json={"text": (DECKS / f"{deck}.txt").read_text(encoding="utf-8")})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def payload(body: dict[str, Any], **changes: Any) -> dict[str, Any]:
    deck = {"headers": body["deck"]["headers"], "cards": body["deck"]["cards"], "name": "rouges"}
    return {**deck, **changes}


def test_the_index_lists_every_game_and_links_its_page(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    for game in Resources.discover(ROOT).game_ids():
        assert f'href="/games/{game}"' in page.text
    game_page = client.get("/games/licum")
    assert 'data-game="licum"' in game_page.text and 'id="deck"' in game_page.text
    assert 'id="deck"' not in client.get("/games/charlie").text  # no deck rules: gallery only
    assert client.get("/static/serve.js").status_code == 200
    assert page.headers["x-frame-options"] == "DENY"
    assert "default-src 'self'" in page.headers["content-security-policy"]


def test_the_gallery_has_every_card_with_its_face_as_the_kit_draws_it(
        client: TestClient, licum: dict[str, Any]) -> None:
    from printandplay.data.game_loader import load_game

    game = load_game(Resources.discover(ROOT), "licum")
    assert [c["id"] for c in licum["cards"]] == [c.id for c in game.components]
    card = next(c for c in licum["cards"] if c["name"] == "Geneviève Allain")
    assert card["kind"] == "improvisateur" and card["fields"]["team"] == "rouges"
    image = client.get(card["faces"]["front"])
    assert image.status_code == 200 and image.headers["content-type"] == "image/png"
    assert image.content.startswith(b"\x89PNG\r\n\x1a\n")
    width = int.from_bytes(image.content[16:20], "big")
    card_width = game.kinds["improvisateur"].size.width
    assert abs(width - card_width / 72 * 120) <= 1  # the card at the gallery's 120 dpi
    assert client.get(card["faces"]["back"]).status_code == 200
    teams = next(f for f in licum["filters"] if f["field"] == "team")
    assert [v["value"] for v in teams["values"]] == ["bleus", "etoile", "jaunes", "rouges",
                                                    "verts"]
    assert teams["label"] == "Équipe"  # the field's label in game.yaml
    roles = next(f for f in licum["filters"] if f["field"] == "role")
    assert {v["value"]: v["label"] for v in roles["values"]}["entraineur"] == "Entraîneur"
    marked = next(f for f in licum["filters"] if f["field"] == "punition_point")
    assert marked["label"] == "Case de punition"
    assert [(v["value"], v["label"]) for v in marked["values"]] == [("false", "no"),
                                                                    ("true", "yes")]
    assert {k["id"] for k in licum["kinds"]} == set(game.kinds)
    builder = licum["builder"]
    assert builder["sections"] == ["Préparation", "Jeu"]
    assert builder["headers"][0]["field"] == "team" and builder["default"] == "base"
    # a Difficulté allowed in Jeu is printed twice by the kit (once per deck): owned twice
    both = next(c for c in licum["cards"] if c["fields"].get("allowed_in_jeu"))
    assert both["owned"] == 2 * both["count"]


def test_a_game_without_deck_rules_gets_the_gallery_alone(client: TestClient) -> None:
    data = client.get("/api/games/charlie/cards").json()
    assert data["builder"] is None and data["cards"]
    refused = client.post("/api/games/charlie/validate", json={"cards": []})
    assert refused.status_code == 400 and "no deck rules" in refused.json()["error"]


@pytest.mark.parametrize("deck", ["bleus", "etoile", "jaunes", "rouges", "verts"])
def test_validation_is_validate_s_own_report(client: TestClient, deck: str, tmp_path: Path
                                             ) -> None:
    body = imported(client, deck)
    assert body["report"]["valid"] and not body["deck"]["unknown"]
    checked = client.post("/api/games/licum/validate",
                          json=payload(body, collection=False)).json()
    saved = tmp_path / f"{deck}.txt"
    saved.write_text(checked.pop("text"), encoding="utf-8")
    result = CliRunner().invoke(cli_app, ["validate", "licum", str(saved), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert checked == json.loads(result.stdout)


def test_an_illegal_deck_names_the_rules_it_breaks(client: TestClient) -> None:
    body = imported(client, "rouges")
    cards = [c for c in body["deck"]["cards"] if c["id"] != "LIC-AM-AVANT-MATCH"]
    report = client.post("/api/games/licum/validate", json=payload(body, cards=cards)).json()
    assert not report["valid"]
    moments = next(e for e in report["errors"] if e["rule"] == "LIC-DECK-PREP-MOMENTS")
    assert (moments["expected"], moments["actual"]) == (1, 0)
    other_team = {"section": "Jeu", "id": _card_id(client, "Éloi Cormier"), "count": 1}
    report = client.post("/api/games/licum/validate", json=payload(
        body, cards=[*body["deck"]["cards"], other_team])).json()
    assert "LIC-DECK-TEAM" in {e["rule"] for e in report["errors"]}


def _card_id(client: TestClient, name: str) -> str:
    cards = client.get("/api/games/licum/cards").json()["cards"]
    return str(next(c["id"] for c in cards if c["name"] == name))


def test_the_printed_base_set_limits_the_copies(client: TestClient) -> None:
    body = imported(client, "rouges")
    card = next(c for c in client.get("/api/games/licum/cards").json()["cards"]
                if c["id"] == "LIC-AM-AVANT-MATCH")
    more = card["owned"] + 1
    cards = [dict(c, count=more) if c["id"] == card["id"] else c for c in body["deck"]["cards"]]
    owned = client.post("/api/games/licum/validate", json=payload(body, cards=cards)).json()
    limit = next(e for e in owned["errors"] if e["rule"] == "LIC-DECK-COLLECTION")
    assert (limit["expected"], limit["actual"]) == (card["owned"], more)
    free = client.post("/api/games/licum/validate",
                       json=payload(body, cards=cards, collection=False)).json()
    assert "LIC-DECK-COLLECTION" not in {e["rule"] for e in free["errors"]}


def test_import_reports_unknown_names_and_refuses_unreadable_lists(client: TestClient) -> None:
    text = "Équipe: Rouges\nJeu\n1 Rosalie Gaudet\n2 Personne du tout\n"
    body = client.post("/api/games/licum/import", json={"text": text}).json()
    assert body["deck"]["unknown"] == [{"line": 4, "name": "Personne du tout", "count": 2}]
    assert "LIC-DECK-CARD" in {e["rule"] for e in body["report"]["errors"]}
    refused = client.post("/api/games/licum/import", json={"text": "Jeu\nquoi\n"})
    assert refused.status_code == 400 and "import.txt:2:" in refused.json()["error"]


def test_print_is_print_deck_s_pdf(client: TestClient, serve_out: Path, tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    body = imported(client, "rouges")
    options = {"paper": "letter", "flip": "short", "back_offset": "1,-0.5", "margin": 3}
    response = client.post("/api/games/licum/print", json={"deck": payload(body), **options})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/pdf"
    assert 'filename="deck-rouges-letter.pdf"' in response.headers["content-disposition"]
    assert (serve_out / "licum" / "deck-rouges-letter.pdf").read_bytes() == response.content
    text = client.post("/api/games/licum/validate", json=payload(body)).json()["text"]
    monkeypatch.chdir(tmp_path)
    Path("rouges.txt").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli_app, [
        "print-deck", "licum", "rouges.txt", "--paper", "letter", "--flip", "short",
        "--back-offset", "1,-0.5", "--margin", "3", "--out", "cli"])
    assert result.exit_code == 0, result.output
    assert Path("cli/deck-rouges-letter.pdf").read_bytes() == response.content
    assert len(PdfReader(io.BytesIO(response.content)).pages) > 4


def test_an_invalid_deck_is_printed_only_when_forced(client: TestClient) -> None:
    body = imported(client, "rouges")
    deck = payload(body, cards=body["deck"]["cards"][1:], name="partiel")
    refused = client.post("/api/games/licum/print", json={"deck": deck})
    assert refused.status_code == 409 and not refused.json()["report"]["valid"]
    forced = client.post("/api/games/licum/print", json={"deck": deck, "force": True})
    assert forced.status_code == 200 and forced.content.startswith(b"%PDF")


def test_the_tabletop_simulator_export_is_a_zip_of_export_tts_s_files(
        client: TestClient, serve_out: Path) -> None:
    body = imported(client, "rouges")
    response = client.post("/api/games/licum/tts", json={"deck": payload(body)})
    assert response.status_code == 200, response.text
    names = zipfile.ZipFile(io.BytesIO(response.content)).namelist()
    assert "deck-rouges.json" in names and any(n.endswith(".jpg") for n in names)
    folder = serve_out / "licum" / "tts-rouges"
    saved = json.loads((folder / "deck-rouges.json").read_text(encoding="utf-8"))
    copies = sum(len(s.get("ContainedObjects", [s])) for s in saved["ObjectStates"])
    assert copies == sum(c["count"] for c in body["deck"]["cards"])


@pytest.mark.parametrize(("headers", "status"), [
    ({"host": "evil.example"}, 403),
    ({"host": f"127.0.0.1:{PORT + 1}"}, 403),
    ({"host": "127.0.0.1.evil.example"}, 403),
    ({"host": f"localhost:{PORT}"}, 200),
    ({"origin": "http://evil.example"}, 403),
    ({"origin": "null"}, 403),
    ({"origin": f"http://localhost:{PORT}"}, 403),  # the page was not served from there
    ({"origin": BASE}, 200),
    ({"sec-fetch-site": "cross-site"}, 403),
])
def test_only_this_server_s_own_pages_may_call_it(client: TestClient, headers: dict[str, str],
                                                  status: int) -> None:
    response = client.post("/api/games/licum/validate", json={"cards": []}, headers=headers)
    assert response.status_code == status, response.text
    if status == 403:
        assert "refused" in response.json()["error"]


@pytest.mark.parametrize(("body", "message"), [
    ({"cards": [{"section": "Jeu", "id": "NOPE", "count": 1}]}, "card 'NOPE': no such card"),
    ({"cards": [{"section": "Banc", "id": "LIC-AM-AVANT-MATCH", "count": 1}]}, "section 'Banc'"),
    ({"cards": [{"section": "Jeu", "id": "LIC-AM-AVANT-MATCH", "count": 0}]}, "from 1 to"),
    ({"cards": [{"section": "Jeu", "id": "LIC-AM-AVANT-MATCH", "count": True}]}, "from 1 to"),
    ({"headers": {"team": "oranges"}}, "'oranges' is not one of"),
    ({"headers": {"couleur": "rouge"}}, "no such header"),
    ({"format": "libre"}, "no such format"),
    ({"name": "../../etc"}, "name:"),
    ({"cards": [], "extra": 1}, "unknown key 'extra'"),
    ([1, 2], "expected a JSON object"),
])
def test_bad_decks_get_a_clear_400(client: TestClient, body: Any, message: str) -> None:
    response = client.post("/api/games/licum/validate", json=body)
    assert response.status_code == 400 and message in response.json()["error"], response.text


def test_bad_requests_get_clear_4xx(client: TestClient, licum: dict[str, Any]) -> None:
    url = "/api/games/licum/validate"
    assert client.post(url, content=b"{not json", headers={
        "content-type": "application/json"}).status_code == 400
    assert client.post(url, content=b"{}", headers={
        "content-type": "text/plain"}).status_code == 415
    big = client.post(url, content=b" " * (256 * 1024 + 1),
                      headers={"content-type": "application/json"})
    assert big.status_code == 413
    assert big.json()["error"] == "request body over 262144 bytes"
    chunked = client.post(url, content=iter([b" " * 200_000, b" " * 100_000]),
                          headers={"content-type": "application/json"})
    assert chunked.status_code == 413
    assert client.get("/api/games/nosuch/cards").status_code == 404
    assert client.get("/api/games/nosuch/cards").json()["error"].startswith("no game")
    assert client.get("/nowhere").status_code == 404
    assert client.get(url).status_code == 405
    face = licum["cards"][0]["faces"]["front"].rsplit("/", 1)[0]
    for name in ("..%2F..%2Fgame.yaml", "faces.json", "nothing.png"):
        assert client.get(f"{face}/{name}").status_code == 404
    body = imported(client, "rouges")
    for options, message in (({"paper": "b9"}, "unknown paper"), ({"margin": 50}, "margin"),
                             ({"flip": "sideways"}, "flip"),
                             ({"back_offset": "-3,5"}, "back-offset")):
        response = client.post("/api/games/licum/print",
                               json={"deck": payload(body), **options})
        assert response.status_code == 400 and message in response.text, response.text


def test_requests_are_bounded_in_time(client: TestClient, serve_out: Path) -> None:
    body = imported(client, "rouges")
    resources = Resources.discover(ROOT)
    app = create_app(resources, ["licum"], serve_out, port=PORT, limits=Limits(build=0.01))
    with TestClient(app, base_url=BASE) as slow:
        response = slow.post("/api/games/licum/print",
                             json={"deck": payload(body, name="lent")})
    assert response.status_code == 504, response.text
    assert response.json()["error"] == "the request took more than 0.01 s"


def test_nothing_is_written_outside_the_output_folder_and_a_change_redraws(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_kit("charlie", tmp_path / "root", monkeypatch)
    before = {p for p in root.rglob("*")}
    out = tmp_path / "out"
    app = create_app(Resources.discover(root), ["charlie"], out, port=PORT)
    with TestClient(app, base_url=BASE) as charlie:
        first = charlie.get("/api/games/charlie/cards").json()
        card = first["cards"][-1]
        assert charlie.get(card["faces"]["front"]).status_code == 200
        assert card["name"] == "Aide de jeu"
        replace_once(root / "cards" / "charlie" / "aides.yaml", "name: Aide de jeu,",
                     "name: Renommée,")
        second = charlie.get("/api/games/charlie/cards").json()
        assert charlie.get(card["faces"]["front"]).status_code == 404  # the old state's face
    assert second["key"] != first["key"] and second["cards"][-1]["name"] == "Renommée"
    assert [p.name for p in (out / "charlie").iterdir()] == [f"gallery-{second['key'][:16]}"]
    assert {p for p in root.rglob("*")} == before  # in the game's folder, only the edit


def test_print_warnings_come_with_the_pdf(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    """A build's warnings (here ':en jeu:' printed as text, not an icon) come with the PDF:
    their number in x-warnings, the messages as a JSON list in x-warning-messages (ASCII);
    the page lists them (serve.js, #print-warnings)."""
    root = copy_kit("licum", tmp_path / "root", monkeypatch)
    replace_once(root / "cards" / "licum" / "conditions.yaml",
                 "Tant qu'elle est en jeu, chaque", "Tant qu'elle est :en jeu:, chaque")
    app = create_app(Resources.discover(root), ["licum"], tmp_path / "out", port=PORT)
    with TestClient(app, base_url=BASE) as local:
        body = imported(local, "bleus")
        response = local.post("/api/games/licum/print",
                              json={"deck": payload(body, name="bleus")})
        assert response.status_code == 200, response.text
        messages = json.loads(response.headers["x-warning-messages"])
        assert int(response.headers["x-warnings"]) == len(messages) >= 1
        assert any("LIC-CON-SALLE-COMBLE" in m and "':en jeu:' is printed as text" in m
                   for m in messages), messages
        assert response.headers["x-warning-messages"].isascii()
        clean = local.post("/api/games/licum/print", json={"deck": payload(
            imported(local, "rouges"), name="rouges")})
        assert clean.headers["x-warnings"] == "0"
        assert json.loads(clean.headers["x-warning-messages"]) == []
    script = (ROOT / "printandplay" / "serve" / "static" / "serve.js").read_text("utf-8")
    assert 'headers.get("x-warning-messages")' in script and '$("print-warnings")' in script


def test_a_timed_out_build_stops_and_blocks_no_later_build(tmp_path: Path) -> None:
    """A print given up (504) stops its build at its next page: it writes no PDF and frees
    the build lock, so the next print runs and answers with its own PDF."""
    out = tmp_path / "out"
    app = create_app(Resources.discover(ROOT), ["licum"], out, port=PORT)
    state = app.state.serve
    with TestClient(app, base_url=BASE) as client:
        body = imported(client, "rouges")  # the game loaded within the usual limits
        state.limits = Limits(build=0.01)
        late = client.post("/api/games/licum/print", json={"deck": payload(body, name="lent")})
        assert late.status_code == 504, late.text
        assert state.work.acquire(timeout=120)  # the given-up build let go of the lock
        state.work.release()
        assert not (out / "licum" / "deck-lent-a4.pdf").exists()
        state.limits = Limits()
        partial = payload(body, cards=body["deck"]["cards"][:3], name="lent")
        again = client.post("/api/games/licum/print", json={"deck": partial, "force": True})
    assert again.status_code == 200, again.text
    assert (out / "licum" / "deck-lent-a4.pdf").read_bytes() == again.content


def test_a_cancelled_build_stops_before_writing(tmp_path: Path, client: TestClient) -> None:
    """The pieces behind a 504: run_bounded sets the request's cancel event when it gives up,
    and a print whose event is set stops at its first page and writes no PDF."""
    import asyncio
    import threading
    import time

    from printandplay.serve.decks import check_text, deck_text, read_deck
    from printandplay.serve.printing import BuildCancelled, print_deck_pdf, read_print_options
    from printandplay.serve.state import HttpError, run_bounded

    state = client.app.state.serve  # type: ignore[attr-defined]
    cancel = threading.Event()
    with pytest.raises(HttpError) as timed_out:
        asyncio.run(run_bounded(state, lambda: time.sleep(0.3), 0.01, cancel))
    assert timed_out.value.status == 504 and cancel.is_set()
    view = state.view("licum")
    deck = read_deck(payload(imported(client, "rouges"), name="annule"), view)
    parsed, _ = check_text(deck_text(deck, view), view, deck.rules, False, "annule.txt")
    options = read_print_options({}, tmp_path / "out")
    with pytest.raises(BuildCancelled):
        print_deck_pdf(state.resources, view, parsed, deck.rules, options, "annule", [], cancel)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))
    body, name = print_deck_pdf(state.resources, view, parsed, deck.rules, options, "annule",
                                [], threading.Event())
    assert name == "deck-annule-a4.pdf" and (tmp_path / "out" / name).read_bytes() == body


def test_serve_checks_and_prints_under_a_ban_list_file(tmp_path: Path) -> None:
    """serve GAME --ban-list FILE: the builder's checks and its print read the file's lists,
    as validate --ban-list does (Duel: legal under June's list, not under September's)."""
    import yaml

    duel = ROOT / "tests" / "fixtures" / "games" / "formats" / "duel"
    case = ROOT / "tests" / "rules" / "cases" / "formats" / "duel" / "valid-no-side.yaml"
    text = yaml.safe_load(case.read_text(encoding="utf-8"))["deck"]
    verdicts = {}
    for ban_list in (None, "listes/2026-09.yaml"):
        app = create_app(Resources((duel, bundled_root())), ["duel"], tmp_path / "out",
                         port=PORT, ban_list=ban_list)
        with TestClient(app, base_url=BASE) as duel_client:
            body = duel_client.post("/api/games/duel/import", json={"text": text}).json()
            deck = payload(body, name="duel", collection=False)  # not the one printed set
            verdicts[ban_list] = duel_client.post("/api/games/duel/validate",
                                                  json=deck).json()
            printed = duel_client.post("/api/games/duel/print", json={"deck": deck})
            assert printed.status_code == (200 if ban_list is None else 409), printed.text
    assert verdicts[None]["valid"]
    assert [e["rule"] for e in verdicts["listes/2026-09.yaml"]["errors"]] == ["DUE-INTERDITE"]
    assert "liste de septembre 2026" in verdicts["listes/2026-09.yaml"]["errors"][0]["message"]
    app = create_app(Resources((duel, bundled_root())), ["duel"], tmp_path / "out",
                     port=PORT, ban_list="listes/nope.yaml")
    with TestClient(app, base_url=BASE) as broken:
        answer = broken.post("/api/games/duel/import", json={"text": text})
    assert answer.status_code in (400, 422) and "nope.yaml" in answer.text, answer.text


def test_an_editor_s_temporary_files_change_nothing_served(tmp_path: Path) -> None:
    """A swap or backup file saved beside a game's data (vim, emacs) is not one of the files
    its gallery is keyed on (``watch`` ignores them the same way); a real edit is."""
    from small_games import add_small_game

    from printandplay.serve.catalog import content_key, game_files

    game_file = add_small_game(tmp_path, "petit")
    resources = Resources((tmp_path, bundled_root()))
    before = content_key(game_files(resources, "petit"))
    for name in (".game.yaml.swp", "game.yaml~", ".#game.yaml"):
        (game_file.parent / name).write_text("scratch", encoding="utf-8")
    (tmp_path / "templates" / "petit" / "__pycache__").mkdir()
    (tmp_path / "templates" / "petit" / "__pycache__" / "x.pyc").write_bytes(b"\0")
    assert content_key(game_files(resources, "petit")) == before
    replace_once(game_file, "name: ", "name: Petit ")
    assert content_key(game_files(resources, "petit")) != before
