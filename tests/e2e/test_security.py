"""The browser side of docs/security.md: no Content-Security-Policy violation on any screen, a
visitor's console without the signed-out 401, and "Sign out everywhere" in the avatar menu."""
from playwright.sync_api import expect

from tests.e2e.helpers import T, assert_clean_console, cli, new_page, sign_in, unique_email

PASSWORD = "nightmare-123"
WATCH_CSP = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) =>
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


def csp_page(browser, site, **context_args):
    page = new_page(browser, site, **context_args)
    page.context.add_init_script(WATCH_CSP)
    return page


def visit(page, path, ready):
    response = page.goto(path)
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"], path
    expect(ready(page)).to_be_visible(timeout=T)
    page.wait_for_load_state("networkidle")
    violations = page.evaluate("window.__csp")
    assert violations == [], f"CSP violations on {path}: {violations}"
    # a page that is none is answered 404 (the web app's not-found screen): the browser says so
    assert_clean_console(page, allow=[(404, "/no-such-page")])


def story_id(site):
    import json
    import urllib.request
    with urllib.request.urlopen(site.url + "/api/stories?limit=1") as response:
        return json.loads(response.read())[0]["id"]


def test_no_csp_violation_on_any_screen(browser, seeded):
    email = unique_email("csp-admin")
    cli(seeded, "users", "create", "--email", email, "--password", PASSWORD,
        "--first-name", "Csp", "--role", "super_admin")
    sid = story_id(seeded)
    heading = lambda page: page.locator("h1, h2").first  # noqa: E731
    visitor = csp_page(browser, seeded)
    for path in ("/", "/explore", f"/story/{sid}", "/no-such-page", "/api/login"):
        visit(visitor, path, heading if path != "/api/login" else
              lambda page: page.get_by_role("button", name="Sign In"))
    visitor.context.close()

    admin = csp_page(browser, seeded)
    sign_in(admin, email, PASSWORD)
    expect(admin.get_by_role("button", name="Account menu")).to_be_visible(timeout=T)
    for path in ("/", "/explore", f"/story/{sid}", "/create", "/create-video", "/profile",
                 "/admin", f"/link-story/{sid}"):
        visit(admin, path, heading)
    visit(admin, "/api/logout", lambda page: page.get_by_role("button", name="Sign Out"))
    visit(admin, "/api/docs", lambda page: page.locator(".swagger-ui .title").first)
    admin.context.close()


def test_sign_out_everywhere_ends_the_other_devices(browser, site):
    email = unique_email("everywhere")
    cli(site, "users", "create", "--email", email, "--password", PASSWORD, "--first-name", "Ever")
    phone, laptop = new_page(browser, site), new_page(browser, site)
    for page in (phone, laptop):
        sign_in(page, email, PASSWORD)
        expect(page.get_by_role("button", name="Account menu")).to_be_visible(timeout=T)

    laptop.get_by_role("button", name="Account menu").click()
    laptop.get_by_role("menuitem", name="Sign out everywhere").click()
    dialog = laptop.get_by_role("dialog", name="Sign out everywhere?")  # asked first
    dialog.get_by_role("button", name="Sign out everywhere").click()
    expect(laptop.get_by_role("link", name="Sign In", exact=True)).to_be_visible(timeout=T)

    phone.reload()
    expect(phone.get_by_role("link", name="Sign In", exact=True)).to_be_visible(timeout=T)
    for page in (phone, laptop):
        assert_clean_console(page)
        page.context.close()
