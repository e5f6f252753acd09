"""The results image from the TD's phone (`GET /api/results.png`, the card `results --format png`
writes): staff only, linked from the panel once the tournament is over, 1080 px wide."""

from __future__ import annotations

import io

from PIL import Image

from tests.web.conftest import PLAYERS, Web


def test_the_results_image_is_for_staff_and_the_panel_links_it_once_it_is_over(web: Web) -> None:
    assert web.client.get("/api/results.png").status_code == 401  # every prize: staff only
    csrf = web.login()
    assert "/api/results.png" not in web.client.get("/remote/panel").text  # nothing to share yet
    for name in PLAYERS[:-1]:
        assert web.command("bust", {"names": [name]}, csrf).status_code == 200  # type: ignore[attr-defined]
    panel = web.client.get("/remote/panel").text
    assert 'href="/api/results.png" download="results.png"' in panel and "Results image to share" in panel
    image = web.client.get("/api/results.png")
    assert image.status_code == 200 and image.headers["content-type"] == "image/png"
    assert image.headers["cache-control"] == "no-store"
    with Image.open(io.BytesIO(image.content)) as card:
        assert card.format == "PNG" and card.width == 1080 and 250 < card.height < 2000
