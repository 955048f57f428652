"""The 404 page finds the book's root on its own origin, and nowhere else.

GitHub Pages serves ``404.html`` at any missing address, and the page's script
looks for the site's root among the folders of that address. An address such
as ``https://site//other.host/x/missing`` must not turn into the
protocol-relative ``//other.host/x/``: the page would ask that host for
``objects.inv`` and point every link at it.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest


@pytest.mark.browser
def test_the_404_page_asks_no_other_host_and_keeps_every_link_on_the_site(
    chromium, server
):
    origin = urlsplit(server).netloc
    context = chromium.new_context()
    elsewhere: list[str] = []

    def other_host(route):  # as if that host answered with a book of its own
        elsewhere.append(route.request.url)
        route.fulfill(status=200, body="# Sphinx inventory version 2\n")

    context.route(lambda url: urlsplit(url).netloc != origin, other_host)
    page = context.new_page()
    response = page.goto(server + "/other.example/x/missing")  # "//other.example/..."
    assert response.status == 404
    assert page.locator("h1").inner_text() == "This page is not in the book"
    # The root is found at "/", the one folder that holds objects.inv.
    page.wait_for_function(
        "() => [...document.querySelectorAll('a[data-site-link]')]"
        ".every(a => a.href.startsWith(location.origin + '/') && "
        "!a.href.includes('other.example'))",
        timeout=10000,
    )
    page.wait_for_load_state("networkidle")
    links = page.locator("a[data-site-link]").evaluate_all(
        "els => els.map(e => e.href)"
    )
    context.close()
    assert elsewhere == [], f"the 404 page asked another host: {elsewhere}"
    assert links and all(urlsplit(link).netloc == origin for link in links), links
    assert server + "index.html" in links
