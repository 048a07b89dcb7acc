"""``printandplay serve`` in a real headless browser: the system's Chromium driven by Selenium
through /usr/bin/chromedriver (no browser download), the server running in-process on a
thread. Open the gallery, filter it, build a legal Licum deck from a starter list, make it
illegal and see the rule, print it and read the PDF. Skipped, saying why, where Chromium is
not installed (.ci/run installs it). ``--update-screenshots`` rewrites the README's
screenshot from this run."""

from __future__ import annotations

import io
import time
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from serve_helpers import DECKS, ROOT, SERVE_GROUP
from typer.testing import CliRunner

from printandplay.cli import app as cli_app
from printandplay.project import Resources

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--window-size=1400,1000")
SCREENSHOT = ROOT / "docs" / "images" / "serve-deck-builder.png"
WAIT = 30.0  # seconds, at most, for the page to show something

pytestmark = [
    pytest.mark.xdist_group(SERVE_GROUP),
    pytest.mark.skipif(not (CHROMIUM.is_file() and CHROMEDRIVER.is_file()),
                       reason="no Chromium: apt-get install chromium chromium-driver "
                              "(.ci/run does) to run the browser tests"),
]


@pytest.fixture(scope="module")
def server(serve_out: Path) -> Iterator[str]:
    from printandplay.serve.server import BackgroundServer, bind_port, make_server

    listener = bind_port(0)  # a free port, bound before the server runs (as the command does)
    port = listener.getsockname()[1]
    resources = Resources.discover(ROOT)
    running = BackgroundServer(make_server(resources, resources.game_ids(), serve_out, port),
                               listener)
    running.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        running.stop()


@pytest.fixture(scope="module")
def downloads(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="module")
def browser(downloads: Path) -> Iterator[Any]:
    pytest.importorskip("selenium", reason="selenium is in the test extra")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for flag in FLAGS:
        options.add_argument(flag)
    options.binary_location = str(CHROMIUM)
    options.add_experimental_option("prefs", {
        "download.default_directory": str(downloads), "download.prompt_for_download": False})
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    driver.execute_cdp_cmd("Browser.setDownloadBehavior",
                           {"behavior": "allow", "downloadPath": str(downloads)})
    try:
        yield driver
    finally:
        driver.quit()


def wait_for(condition: Callable[[], Any], what: str) -> Any:
    """The first true value of ``condition()`` within :data:`WAIT` seconds."""
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"the page never showed {what}")


def visible_cards(browser: Any) -> list[str]:
    return list(browser.execute_script(
        "return [...document.querySelectorAll('#gallery .card')]"
        ".filter(c => !c.hidden).map(c => c.dataset.id)"))


def choose(browser: Any, css: str, value: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.select import Select

    Select(browser.find_element(By.CSS_SELECTOR, css)).select_by_value(value)


def rules_shown(browser: Any) -> set[str]:
    return set(browser.execute_script(
        "return [...document.querySelectorAll('#violations li.error')].map(l => l.dataset.rule)"))


def verdict(browser: Any) -> str:
    return str(browser.execute_script("return document.getElementById('verdict').dataset.valid"
                                      " || ''"))


def test_gallery_deck_and_print_in_a_browser(browser: Any, server: str, downloads: Path,
                                             serve_out: Path, tmp_path: Path,
                                             request: pytest.FixtureRequest) -> None:
    from selenium.webdriver.common.by import By

    from printandplay.data.game_loader import load_game

    game = load_game(Resources.discover(ROOT), "licum")
    browser.get(server + "/")
    browser.find_element(By.CSS_SELECTOR, 'a[data-game="licum"]').click()
    wait_for(lambda: browser.execute_script("return document.body.dataset.ready"), "the cards")

    # the gallery: every card, its image drawn
    assert len(visible_cards(browser)) == len(game.components)
    wait_for(lambda: browser.execute_script(
        "const i = document.querySelector('#gallery img'); return i.complete && i.naturalWidth"),
        "a card's image")

    # filters: by kind, by a field, by text
    choose(browser, "#filter-kind", "improvisateur")
    improvisateurs = [c.id for c in game.components if c.kind == "improvisateur"]
    assert sorted(visible_cards(browser)) == sorted(improvisateurs)
    choose(browser, '.field-filter[data-field="team"]', "rouges")
    rouges = [c.id for c in game.components
              if c.kind == "improvisateur" and c.values.get("team") == "rouges"]
    assert sorted(visible_cards(browser)) == sorted(rouges)
    choose(browser, '.field-filter[data-field="team"]', "")
    choose(browser, "#filter-kind", "")
    # a field's filter shows its label; a yes/no field filters by its JSON value
    assert browser.execute_script(
        "return document.querySelector('.field-filter[data-field=\"team\"]')"
        ".parentElement.firstChild.textContent").strip() == "Équipe"
    choose(browser, '.field-filter[data-field="punition_point"]', "true")
    marked = [c.id for c in game.components if c.values.get("punition_point") is True]
    assert marked and sorted(visible_cards(browser)) == sorted(marked)
    choose(browser, '.field-filter[data-field="punition_point"]', "")
    browser.find_element(By.ID, "search").send_keys("genevieve")  # accents ignored
    assert [game.component(i).name for i in visible_cards(browser)] == ["Geneviève Allain"]
    browser.find_element(By.ID, "search").clear()
    browser.execute_script("document.getElementById('filters').dispatchEvent("
                           "new Event('input'))")
    assert len(visible_cards(browser)) == len(game.components)

    # a card's details on click
    browser.find_element(By.CSS_SELECTOR, '#gallery .card[data-id="LIC-AM-AVANT-MATCH"] '
                                          'button.open').click()
    assert browser.find_element(By.ID, "details-name").text == "Avant-Match"
    browser.find_element(By.CSS_SELECTOR, "#details .close").click()

    # a legal deck from a starter list
    browser.find_element(By.CSS_SELECTOR, "#deck details summary").click()
    text = (DECKS / "rouges.txt").read_text(encoding="utf-8")
    browser.execute_script("document.getElementById('deck-text').value = arguments[0]", text)
    browser.find_element(By.ID, "deck-name").clear()
    browser.find_element(By.ID, "deck-name").send_keys("rouges")
    browser.find_element(By.ID, "import").click()
    wait_for(lambda: verdict(browser) == "true", "the imported deck as valid")
    browser.execute_script("window.scrollTo(0, 0)")
    screenshot = browser.get_screenshot_as_png()
    assert screenshot.startswith(b"\x89PNG")
    if request.config.getoption("--update-screenshots"):
        SCREENSHOT.write_bytes(screenshot)

    # illegal: one Avant-Match less, then an Improvisateur of another team
    browser.find_element(By.CSS_SELECTOR, '.deck-list li[data-id="LIC-AM-AVANT-MATCH"] '
                                          'button.minus').click()
    wait_for(lambda: "LIC-DECK-PREP-MOMENTS" in rules_shown(browser), "LIC-DECK-PREP-MOMENTS")
    assert verdict(browser) == "false"
    browser.find_element(By.CSS_SELECTOR, '#gallery .card[data-id="LIC-AM-AVANT-MATCH"] '
                                          'button.add[data-section="Préparation"]').click()
    wait_for(lambda: verdict(browser) == "true", "the deck valid again")
    other = next(c.id for c in game.components
                 if c.kind == "improvisateur" and c.values.get("team") == "bleus")
    browser.find_element(By.CSS_SELECTOR, f'#gallery .card[data-id="{other}"] '
                                          'button.add[data-section="Jeu"]').click()
    wait_for(lambda: "LIC-DECK-TEAM" in rules_shown(browser), "LIC-DECK-TEAM")
    browser.find_element(By.CSS_SELECTOR, f'.deck-list li[data-id="{other}"] '
                                          'button.minus').click()
    wait_for(lambda: verdict(browser) == "true", "the deck valid again")

    # export: the text form, which validate reads as valid
    browser.find_element(By.ID, "export").click()
    exported = wait_for(lambda: _finished(downloads / "rouges.txt"), "the deck list")
    result = CliRunner().invoke(cli_app, ["validate", "licum", str(downloads / "rouges.txt")])
    assert result.exit_code == 0 and "valid" in result.output, result.output
    assert "Équipe: Rouges" in exported.decode()

    # print: the PDF downloaded is the one print-deck writes
    choose(browser, "#paper", "letter")
    browser.find_element(By.ID, "print").click()
    wait_for(lambda: browser.execute_script(
        "return document.getElementById('print-status').dataset.state") == "done",
        "the PDF built")
    pdf = wait_for(lambda: _finished(downloads / "deck-rouges-letter.pdf"), "the download")
    assert browser.execute_script(  # the build's warnings, read from the answer: none here
        "return document.getElementById('print-warnings').dataset.count") == "0"
    assert pdf == (serve_out / "licum" / "deck-rouges-letter.pdf").read_bytes()
    cli = tmp_path / "cli"
    result = CliRunner().invoke(cli_app, ["print-deck", "licum", str(DECKS / "rouges.txt"),
                                          "--paper", "letter", "--out", str(cli)])
    assert result.exit_code == 0, result.output
    printed = PdfReader(cli / "deck-rouges-letter.pdf")
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == len(printed.pages) > 4
    words = "".join(page.extract_text() or "" for page in reader.pages)
    assert "Geneviève Allain" in words and "Avant-Match" in words

    # Tabletop Simulator: a ZIP of export --tts's files
    browser.find_element(By.ID, "tts").click()
    archive = wait_for(lambda: _finished(downloads / "deck-rouges-tts.zip"), "the ZIP")
    assert "deck-rouges.json" in zipfile.ZipFile(io.BytesIO(archive)).namelist()


def _finished(path: Path) -> bytes | None:
    """The bytes of a download once Chromium has finished writing it."""
    if not path.is_file() or path.with_name(path.name + ".crdownload").exists():
        return None
    return path.read_bytes() or None


def test_a_game_without_deck_rules_shows_the_gallery_alone(browser: Any, server: str) -> None:
    from selenium.webdriver.common.by import By

    browser.get(server + "/games/charlie")
    wait_for(lambda: browser.execute_script("return document.body.dataset.ready"), "the cards")
    assert visible_cards(browser)
    assert not browser.find_elements(By.ID, "deck")
    assert not browser.find_elements(By.CSS_SELECTOR, "#gallery button.add")
