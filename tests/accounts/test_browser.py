"""A new player in a phone browser: signs up, asks to link their player ID, makes an API
token, logs out, forgets the password, resets it through the emailed link and logs in again."""

from __future__ import annotations

import re

import pytest

from accounts.models import PlayerIdClaim


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_sign_up_link_token_and_reset_on_a_phone(live_server, phone_page, mailoutbox):
    page = phone_page
    page.goto(f"{live_server.url}/accounts/login/")
    page.click("text=Sign up")
    page.fill("input[name=username]", "ada")
    page.fill("input[name=email]", "ada@example.org")
    page.fill("input[name=password1]", "a long passphrase 9")
    page.fill("input[name=password2]", "a long passphrase 9")
    page.click("button[type=submit].primary")
    page.wait_for_selector("text=Your player ID")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    page.fill("input[name=player_id]", "GEM-42")
    page.fill("input[name=display_name]", "Ada L")
    page.click("text=Link my player ID")
    page.wait_for_selector("[data-claim-pending]")
    assert PlayerIdClaim.objects.get(user__username="ada").player_id == "GEM-42"

    page.click("[data-make-token]")
    token = page.locator("[data-api-token]").inner_text()
    assert re.fullmatch(r"[0-9a-f]{40}", token)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    page.click("text=Log out ada")
    page.goto(f"{live_server.url}/accounts/login/")
    page.click("text=Forgot your password?")
    page.fill("input[name=email]", "ada@example.org")
    page.click("text=Send the link")
    page.wait_for_selector("[data-reset-sent]")
    link = re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", mailoutbox[0].body).group(1)
    page.goto(f"{live_server.url}{link}")
    page.fill("input[name=new_password1]", "another long passphrase")
    page.fill("input[name=new_password2]", "another long passphrase")
    page.click("text=Save my new password")
    page.wait_for_selector("[data-reset-complete]")
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "ada")
    page.fill("input[name=password]", "another long passphrase")
    page.click("button[type=submit]")
    page.wait_for_selector("text=Logged in as")
