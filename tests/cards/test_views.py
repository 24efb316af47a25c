"""Card search and detail pages."""

from __future__ import annotations

import pytest

from cards import selectors
from tests.cards.conftest import make_card


@pytest.mark.django_db
def test_search_page_lists_cards(client, make_release):
    release = make_release()
    resp = client.get("/cards/")
    assert resp.status_code == 200
    html = resp.content.decode()
    assert release.label in html
    assert "Dawnblade" in html and "Sink Below" in html
    assert "8 cards" in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    "params, shown, hidden",
    [
        ({"q": "snat"}, ["Snatch"], ["Dawnblade"]),
        ({"q": "RUU’DI"}, ["Gem Keeper"], ["Snatch"]),
        ({"card_class": "Warrior"}, ["Dawnblade", "Dorinthea Ironsong"], ["Snatch", "Ruu"]),
        ({"card_class": "Generic"}, ["Snatch", "Sink Below"], ["Dawnblade", "Enlightened"]),
        ({"talent": "light"}, ["Enlightened Strike"], ["Snatch"]),
        ({"type": "Hero"}, ["Dorinthea Ironsong", "Gem Keeper"], ["Snatch"]),
        ({"type": "2H"}, ["Dawnblade"], ["Snatch"]),
        ({"pitch": "blue"}, ["Snatch"], ["Sink Below", "Dawnblade"]),
        ({"legal_in": "blitz"}, ["Gem Keeper", "Dawnblade"], ["Dorinthea Ironsong", "Enlightened"]),
    ],
)
def test_search_page_filters(client, make_release, params, shown, hidden):
    make_release()
    html = client.get("/cards/", params).content.decode()
    table = html[html.index("<tbody>") :]
    for name in shown:
        assert name in table
    for name in hidden:
        assert name not in table


@pytest.mark.django_db
def test_search_page_bad_pitch_says_so(client, make_release):
    make_release()
    resp = client.get("/cards/", {"pitch": "purple"})
    assert resp.status_code == 400
    assert "pitch must be 0-3 or red/yellow/blue, got &#x27;purple&#x27;" in resp.content.decode()


@pytest.mark.django_db
def test_search_page_without_card_data_explains(client):
    resp = client.get("/cards/")
    assert resp.status_code == 200
    assert "import_cards --defaults" in resp.content.decode()


@pytest.mark.django_db
def test_search_page_paginates(client, make_release):
    make_release(extra=120)
    html = client.get("/cards/").content.decode()
    assert "Page 1 of 3" in html
    html = client.get("/cards/", {"page": 3}).content.decode()
    assert "Page 3 of 3" in html


@pytest.mark.django_db
def test_search_page_other_release(client, make_release):
    make_release()
    second = make_release([make_card("Only In Second", 1)], activate=False)
    html = client.get("/cards/", {"release": second.pk}).content.decode()
    assert "Only In Second" in html and "Dawnblade" not in html
    resp = client.get("/cards/", {"release": "x"})
    assert "release must be a number" in resp.content.decode()


@pytest.mark.django_db
def test_detail_page_shows_everything(client, make_release):
    make_release()
    resp = client.get("/cards/dorinthea-ironsong/")
    assert resp.status_code == 200
    html = resp.content.decode()
    assert "<h1>Dorinthea Ironsong" in html
    assert "<dt>Life</dt><dd>40</dd>" in html
    assert "<dt>Intellect</dt><dd>4</dd>" in html
    assert "Warrior" in html
    assert "TST-DORINTHEA-IRONSONG" in html and "Common" in html
    assert ">banned</span>" in html  # blitz legality event
    assert "hero" in html


@pytest.mark.django_db
def test_detail_page_links_other_pitches(client, make_release):
    make_release()
    html = client.get("/cards/snatch-red/").content.decode()
    assert 'href="/cards/snatch-yellow/"' in html and 'href="/cards/snatch-blue/"' in html
    assert "deck-card" in html


@pytest.mark.django_db
def test_detail_page_unknown_card_is_404(client, make_release):
    make_release()
    assert client.get("/cards/no-such-card/").status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("extra", [0, 60])
def test_search_page_query_count_does_not_grow(client, make_release, django_assert_num_queries, extra):
    """N+1 guard: same number of queries for 8 and 68 cards (the database is cached first)."""
    release = make_release(extra=extra)
    selectors.card_database(release)
    selectors.facet_choices(release)
    # releases list, active release, count, page rows
    with django_assert_num_queries(4):
        resp = client.get("/cards/")
    assert resp.status_code == 200


@pytest.mark.django_db
def test_detail_page_renders_card_text_safely(client, make_release):
    make_release(
        [
            make_card(
                "Texty",
                1,
                functional_text="**Go again**\n\nGain 1{r}. <script>x</script>",
                legality_history=(),
            )
        ]
    )
    html = client.get("/cards/texty-red/").content.decode()
    assert "<p><strong>Go again</strong></p>" in html
    assert '<span class="icon">resource</span>' in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html and "<script>x" not in html


@pytest.mark.django_db
def test_staff_page_records_a_status(client, user_factory, make_release):
    from cards.models import RecordedStatus
    from core.models import AuditEntry

    make_release()
    assert client.get("/cards/statuses/").status_code in (302, 403)
    client.force_login(user_factory("player"))
    assert client.get("/cards/statuses/").status_code == 403
    staff = user_factory("to", is_staff=True)
    client.force_login(staff)
    assert client.get("/cards/statuses/").status_code == 200
    form = {
        "game": "fab",
        "card_name": "Snatch",
        "pitch": "",
        "format": "Classic Constructed",
        "status": "restricted",
        "effective_from": "2026-12-01",
        "source_url": "https://fabtcg.com/articles/example/",
    }
    bad = client.post("/cards/statuses/", {**form, "effective_from": "soon"})
    assert bad.status_code == 400 and "YYYY-MM-DD" in bad.content.decode()
    resp = client.post("/cards/statuses/", form)
    assert resp.status_code == 302
    rs = RecordedStatus.objects.get()
    assert (rs.card_name, rs.pitch, rs.format, rs.status) == ("Snatch", None, "cc", "restricted")
    assert AuditEntry.objects.filter(action="card_status.record", actor=staff).exists()
    assert "Snatch" in client.get("/cards/statuses/").content.decode()
