import pytest


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_home_page_renders_in_chromium_on_a_phone(live_server, phone_page):
    phone_page.goto(live_server.url + "/")
    assert phone_page.locator("h1").inner_text() == "Arbiter"
    # The navigation fits a phone screen without horizontal scrolling.
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
