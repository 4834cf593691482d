"""The installable app's build: the web app manifest, the icons rendered from the SVG, and the service
worker's precache manifest (content hashes, integrity, build id)."""

import base64
import hashlib
import json
import struct
import zlib
from pathlib import Path

import pytest

from tools import build_site

ROOT = Path(__file__).resolve().parents[2]


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    return struct.unpack(">II", data[16:24])


@pytest.fixture(scope="module")
def icons(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("icons")
    build_site.render_icons(ROOT, out)
    return out


def test_the_manifest_is_relative_standalone_and_names_every_icon(icons: Path):
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert manifest["name"] == "Game Night Central" and len(manifest["short_name"]) <= 12
    # Relative to the manifest's own URL, so the site works from any GitHub Pages sub-path.
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert "id" not in manifest  # it would resolve against the origin, shared by every site on the host
    assert manifest["display"] == "standalone"
    assert manifest["background_color"] == manifest["theme_color"] == "#f7f5ef"  # css/app.css --bg, light
    assert manifest["launch_handler"] == {"client_mode": "navigate-new"}  # a link never replaces a match
    for icon in manifest["icons"]:
        path = icons / Path(icon["src"]).name
        assert icon["src"].startswith("icons/") and path.is_file(), icon
        if icon["type"] == "image/png":
            width, height = png_size(path)
            assert icon["sizes"] == f"{width}x{height}"
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= sizes


def test_the_manifest_says_every_way_to_play_that_works_offline():
    """The install prompt's description (Chrome shows it in its install sheet) said "Solo puzzles work offline.",
    and a player installing for a match on one device or against the computer read that those need a network:
    every way to play on one device works offline (docs/offline.md), only a game night needs one."""
    description = json.loads((ROOT / "manifest.webmanifest").read_text())["description"]
    for way in ("solo puzzles", "on one device", "against the computer", "offline"):
        assert way in description.lower(), way


def test_the_manifest_s_lang_is_its_own_words_and_it_offers_them_in_japanese_too():
    """``lang`` and ``dir`` say what language the manifest's own words (name, description) are in, not the
    page's: a manifest is one file for every visitor, so they stay "en" and "ltr", which its words are. A
    Japanese player installing read the English description: ``description_localized`` (the manifest's
    localized members, docs/offline.md) offers it in Japanese to a browser that reads them; the name is the
    app's, the same in both languages (as the Japanese page's title has it)."""
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert manifest["lang"] == "en" and manifest["dir"] == "ltr"
    assert manifest["description"].isascii()
    japanese = manifest["description_localized"]["ja"]
    for way in ("ソロ", "この端末", "CPU", "オフライン"):  # as the Japanese page names them
        assert way in japanese, way
    assert "name_localized" not in manifest and "short_name_localized" not in manifest


def test_the_page_links_the_manifest_icons_and_both_theme_colours():
    page = (ROOT / "index.html").read_text()
    for tag in (
        '<link rel="manifest" href="./manifest.webmanifest">',
        '<link rel="apple-touch-icon" href="./icons/apple-touch-icon.png">',
        '<meta name="theme-color" content="#f7f5ef" media="(prefers-color-scheme: light)">',
        '<meta name="theme-color" content="#12131a" media="(prefers-color-scheme: dark)">',
    ):
        assert tag in page
    css = (ROOT / "css" / "app.css").read_text()
    assert "--bg: #f7f5ef;" in css and "--bg: #12131a;" in css  # the theme colours are the page's own


def test_icons_are_rendered_reproducibly_in_every_size(icons: Path, tmp_path: Path):
    expected = {
        "icon-32.png": 32,
        "icon-192.png": 192,
        "icon-512.png": 512,
        "maskable-192.png": 192,
        "maskable-512.png": 512,
        "apple-touch-icon.png": 180,
    }
    assert {p.name for p in icons.iterdir()} == {*expected, "icon.svg"}
    for name, size in expected.items():
        assert png_size(icons / name) == (size, size)
    again = tmp_path / "again"
    build_site.render_icons(ROOT, again)
    assert all((again / name).read_bytes() == (icons / name).read_bytes() for name in expected)


def corner_alpha(path: Path) -> int:
    """The alpha of the top-left pixel of an 8-bit RGBA PNG (whatever a row's filter, the first pixel of
    the first row is stored as it is)."""
    data = path.read_bytes()
    assert data[24:26] == bytes([8, 6]), "expected 8-bit RGBA"
    chunks, at = b"", 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        if data[at + 4 : at + 8] == b"IDAT":
            chunks += data[at + 8 : at + 8 + length]
        at += 12 + length
    return zlib.decompress(chunks)[1 + 3]


def test_maskable_icons_fill_the_square_and_the_others_have_round_corners(icons: Path):
    # A maskable icon must be opaque to its corners (the launcher cuts its own shape).
    assert corner_alpha(icons / "maskable-192.png") == 255
    assert corner_alpha(icons / "apple-touch-icon.png") == 255
    assert corner_alpha(icons / "icon-192.png") == 0


def site_tree(root: Path) -> Path:
    (root / "css").mkdir(parents=True)
    (root / "css" / "app.css").write_text("body{}")
    (root / "index.html").write_text("<!doctype html>")
    (root / "sw.js").write_text("old worker")
    (root / ".nojekyll").write_text("")
    return root


def test_the_precache_lists_every_file_but_the_worker_with_its_hash(tmp_path: Path):
    site = site_tree(tmp_path / "site")
    manifest = build_site.precache_manifest(site)
    assert [e["url"] for e in manifest] == ["./css/app.css", "./index.html"]
    digest = hashlib.sha256(b"body{}").digest()
    assert manifest[0]["revision"] == digest.hex()[:16]
    assert manifest[0]["integrity"] == "sha256-" + base64.b64encode(digest).decode()


def test_a_changed_file_changes_its_revision_the_build_id_and_the_worker(tmp_path: Path):
    site = site_tree(tmp_path / "site")
    template = (ROOT / "sw.js").read_text()
    before = build_site.precache_manifest(site)
    worker = build_site.service_worker(template, before)
    (site / "css" / "app.css").write_text("body{color:red}")
    after = build_site.precache_manifest(site)
    assert before[1] == after[1] and before[0]["revision"] != after[0]["revision"]
    assert build_site.build_id(before) != build_site.build_id(after)
    assert build_site.service_worker(template, after) != worker
    # The worker carries the list and the build id, and no placeholder is left.
    assert json.dumps(after, indent=1) in build_site.service_worker(template, after)
    assert f'const BUILD = "{build_site.build_id(after)}";' in build_site.service_worker(template, after)
    assert "__WB_MANIFEST" not in worker and "__GNC_BUILD__" not in worker


def test_a_worker_template_without_its_placeholders_is_refused():
    with pytest.raises(SystemExit, match="__WB_MANIFEST"):
        build_site.service_worker("importScripts('x.js');", [])


def test_the_built_worker_carries_workbox_inline_so_a_look_for_updates_is_one_request():
    # The browser's update check compares every script the worker imports and downloads any its HTTP
    # cache lacks (a warm start once fetched workbox-core.prod.js again): the built worker imports none.
    template = (ROOT / "sw.js").read_text()
    imports = build_site.worker_imports(template)
    modules = ("core", "routing", "strategies", "precaching")
    assert imports == [f"./vendor/workbox/workbox-{name}.prod.js" for name in modules]
    worker = build_site.service_worker(template, [])
    assert "importScripts" not in worker and "sourceMappingURL" not in worker
    at = [worker.index(without_source_map((ROOT / url).read_text())) for url in imports]
    assert at == sorted(at)  # Workbox's own modules in dependency order, as importScripts ran them
    assert worker.index("workbox.core.setCacheNameDetails") > at[-1]


def without_source_map(script: str) -> str:
    """A vendored script without its source-map comment (the built worker drops it)."""
    return script.split("//# sourceMappingURL=")[0].rstrip()


def test_the_worker_imports_the_vendored_workbox_in_dependency_order():
    template = (ROOT / "sw.js").read_text()
    modules = ("core", "routing", "strategies", "precaching")
    order = [template.index(f"./vendor/workbox/workbox-{name}.prod.js") for name in modules]
    assert order == sorted(order)
    assert "skipWaiting()" in template and 'type === "SKIP_WAITING"' in template  # only when the page asks
    assert "https://" not in template and "http://" not in template  # no CDN: workbox is vendored
