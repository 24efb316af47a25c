"""Public card API: search, detail, autocomplete, releases."""

from __future__ import annotations

import pytest

from cards import selectors


@pytest.mark.django_db
def test_search_api_is_public_and_filters(api_client, make_release):
    release = make_release()
    resp = api_client.get("/api/cards/", {"q": "snatch", "pitch": "1"})
    assert resp.status_code == 200
    body = resp.json()
    assert body["release"] == release.label
    assert body["count"] == 1
    row = body["results"][0]
    assert row["identifier"] == "snatch-red"
    assert row["display_name"] == "Snatch (red)"
    assert (row["cost"], row["power"], row["defense"]) == ("0", "4", "2")
    assert row["legal_formats"] == ["blitz", "cc"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "params, expected",
    [
        ({"card_class": "warrior"}, ["dawnblade", "dorinthea-ironsong"]),
        ({"talent": "Light"}, ["enlightened-strike-red"]),
        ({"type": "weapon"}, ["dawnblade"]),
        ({"legal_in": "Classic Constructed", "type": "hero"}, ["dorinthea-ironsong"]),
        ({"q": "sink below"}, ["sink-below-red"]),
    ],
)
def test_search_api_filters(api_client, make_release, params, expected):
    make_release()
    body = api_client.get("/api/cards/", params).json()
    assert [r["identifier"] for r in body["results"]] == expected


@pytest.mark.django_db
def test_search_api_bad_pitch_is_400(api_client, make_release):
    make_release()
    resp = api_client.get("/api/cards/", {"pitch": "9"})
    assert resp.status_code == 400
    assert resp.json() == {
        "detail": "pitch must be 0-3 or red/yellow/blue, got '9'",
        "code": "pitch",
        "field": "pitch",
    }


@pytest.mark.django_db
def test_search_api_without_data_is_400_with_hint(api_client):
    resp = api_client.get("/api/cards/")
    assert resp.status_code == 400
    assert "import_cards --defaults" in resp.json()["detail"]


@pytest.mark.django_db
def test_detail_api(api_client, make_release):
    release = make_release()
    resp = api_client.get("/api/cards/dawnblade/")
    assert resp.status_code == 200
    body = resp.json()
    assert body["name"] == "Dawnblade"
    assert body["release"] == release.label
    assert body["subtypes"] == ["2H", "Sword"]
    assert body["is_arena_card"] is True
    assert body["rarities"] == ["Token"]
    assert body["printings"] == [["TST-DAWNBLADE", "TST", "Token", "", "", "", ""]]


@pytest.mark.django_db
def test_detail_api_unknown_is_404(api_client, make_release):
    make_release()
    resp = api_client.get("/api/cards/nope/")
    assert resp.status_code == 404
    assert "no card 'nope'" in resp.json()["detail"]


@pytest.mark.django_db
def test_autocomplete_api(api_client, make_release):
    make_release()
    body = api_client.get("/api/cards/autocomplete/", {"q": "snach"}).json()
    assert body["results"][0]["name"] == "Snatch"
    assert [v["display_name"] for v in body["results"][0]["variants"]] == [
        "Snatch (red)",
        "Snatch (yellow)",
        "Snatch (blue)",
    ]
    body = api_client.get("/api/cards/autocomplete/", {"q": "ruu'di"}).json()
    assert body["results"][0]["name"] == "Ruu’di, Gem Keeper"


@pytest.mark.django_db
@pytest.mark.parametrize("limit, message", [("x", "limit must be a number"), ("0", "between 1 and 20")])
def test_autocomplete_api_bad_limit(api_client, make_release, limit, message):
    make_release()
    resp = api_client.get("/api/cards/autocomplete/", {"q": "sn", "limit": limit})
    assert resp.status_code == 400
    assert message in resp.json()["detail"]


@pytest.mark.django_db
def test_autocomplete_uses_memory_not_database(api_client, make_release, django_assert_num_queries):
    release = make_release()
    selectors.card_database(release)
    with django_assert_num_queries(1):  # the active release only
        resp = api_client.get("/api/cards/autocomplete/", {"q": "dawn"})
    assert resp.json()["results"][0]["name"] == "Dawnblade"


@pytest.mark.django_db
def test_ga_release_by_game(api_client, make_release):
    from tests.cards.conftest import make_card

    make_release()
    make_release([make_card("Spirit of Fire", types=("Champion",), game="ga")], game="ga")
    body = api_client.get("/api/cards/", {"game": "ga"}).json()
    assert [r["name"] for r in body["results"]] == ["Spirit of Fire"]


@pytest.mark.django_db
def test_releases_api(api_client, make_release):
    release = make_release()
    body = api_client.get("/api/cards/releases/").json()
    assert body == [
        {
            "id": release.pk,
            "label": release.label,
            "game": "fab",
            "source": "other",
            "version": release.version,
            "imported_at": body[0]["imported_at"],
            "is_active": True,
            "card_count": 8,
        }
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("extra", [0, 60])
def test_search_api_query_count_does_not_grow(api_client, make_release, django_assert_num_queries, extra):
    """N+1 guard at two sizes: active release (twice: queryset and label), count, page."""
    make_release(extra=extra)
    with django_assert_num_queries(4):
        resp = api_client.get("/api/cards/")
    assert resp.status_code == 200
    assert len(resp.json()["results"]) == min(8 + extra, 50)
