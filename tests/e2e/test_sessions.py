"""The profile's Sessions list (each signed-in browser, this one marked, the others signed out one
by one), "Sign Out" that ends this browser only, and "Sign out everywhere" that asks first."""
from playwright.sync_api import expect

from tests.e2e.conftest import shot
from tests.e2e.helpers import (
    T,
    assert_clean_console,
    cli,
    new_page,
    open_screen,
    sign_in,
    toast,
    unique_email,
)

PASSWORD = "nightmare-123"


def signed_in(browser, site, email):
    page = new_page(browser, site)
    sign_in(page, email, PASSWORD)
    expect(page.get_by_role("button", name="Account menu")).to_be_visible(timeout=T)
    return page


def sessions_list(page):
    return page.get_by_role("list", name="Signed-in browsers").get_by_role("listitem")


def test_sessions_list_signs_out_one_device_and_everywhere_asks_first(browser, site):
    email = unique_email("sessions")
    cli(site, "users", "create", "--email", email, "--password", PASSWORD, "--first-name", "Sess")
    laptop, phone = signed_in(browser, site, email), signed_in(browser, site, email)

    # Sign Out (the avatar menu's page navigation) ends that browser only
    spare = signed_in(browser, site, email)
    spare.get_by_role("button", name="Account menu").click()
    spare.get_by_role("menuitem", name="Sign Out", exact=True).click()
    expect(spare.get_by_text("in this browser")).to_be_visible(timeout=T)
    spare.get_by_role("button", name="Sign Out", exact=True).click()
    expect(spare.get_by_role("link", name="Sign In", exact=True)).to_be_visible(timeout=T)

    open_screen(laptop, "/profile", "My Horror Collection")
    rows = sessions_list(laptop)
    expect(rows).to_have_count(2, timeout=T)
    expect(rows.filter(has_text="This device")).to_have_count(1)
    expect(rows.first).to_contain_text("Chrome on Linux")
    expect(rows.filter(has_text="This device").get_by_role("button")).to_have_count(0)
    shot(laptop, "profile-sessions")

    # the other device is signed out from here
    other = rows.filter(has_not_text="This device")
    other.get_by_role("button", name="Sign out Chrome on Linux").click()
    expect(toast(laptop, "Session signed out")).to_be_visible(timeout=T)
    expect(rows).to_have_count(1, timeout=T)
    phone.reload()
    expect(phone.get_by_role("link", name="Sign In", exact=True)).to_be_visible(timeout=T)

    # "Sign out everywhere" asks first: cancelling keeps everyone signed in
    sign_in(phone, email, PASSWORD)
    expect(phone.get_by_role("button", name="Account menu")).to_be_visible(timeout=T)
    laptop.reload()
    expect(rows).to_have_count(2, timeout=T)
    laptop.get_by_role("button", name="Sign out everywhere").click()
    dialog = laptop.get_by_role("dialog", name="Sign out everywhere?")
    expect(dialog).to_contain_text("this one included")
    shot(laptop, "sign-out-everywhere-dialog")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    phone.reload()
    expect(phone.get_by_role("button", name="Account menu")).to_be_visible(timeout=T)
    laptop.reload()
    expect(rows).to_have_count(2, timeout=T)

    # from the avatar menu too; confirming ends every session
    laptop.get_by_role("button", name="Account menu").click()
    laptop.get_by_role("menuitem", name="Sign out everywhere").click()
    dialog.get_by_role("button", name="Sign out everywhere").click()
    expect(laptop.get_by_role("link", name="Sign In", exact=True)).to_be_visible(timeout=T)
    phone.reload()
    expect(phone.get_by_role("link", name="Sign In", exact=True)).to_be_visible(timeout=T)
    for page in (laptop, phone, spare):
        assert_clean_console(page)
        page.context.close()
