/**
 * The language switch keeps what the visitor typed and the page's #fragment (issue 44, item 5; decision 0054):
 * contact, sign-up, the chat box and the newsletter box, from Hindi to English and back, at 375 and 1280 px, and
 * the browser's Back brings the text back too. Passwords are never kept; nothing typed leaves the tab.
 */
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

const WIDTHS = [375, 1280] as const;

/** The switch a visitor of that width sees without opening a menu: the header's from 1024 px, else the footer's. */
async function followSwitch(page: Page, width: number, to: RegExp) {
  const link = width >= 1024 ? page.locator("header [data-testid=language-switch]").first() : page.locator("footer [data-testid=language-switch]");
  await link.scrollIntoViewIfNeeded();
  await Promise.all([page.waitForURL(to), link.click()]);
  await waitForHydration(page);
}

async function typeInto(page: Page, selector: string, text: string) {
  const field = page.locator(selector);
  await field.click();
  await field.pressSequentially(text);
  await expect(field).toHaveValue(text);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("/hi/contact → /contact keeps the three fields; the form sends them; Back restores them", async ({ page }) => {
      await page.goto("/hi/contact");
      const form = '[data-testid="contact-form"]';
      await typeInto(page, `${form} [name=firstName]`, "राहुल");
      await typeInto(page, `${form} [name=email]`, "rahul@example.com");
      await typeInto(page, `${form} [name=message]`, "मुझे डेमो चाहिए");

      await followSwitch(page, width, /\/contact$/);
      await expect(page.locator("html")).toHaveAttribute("lang", /^en/);
      await expect(page.locator(`${form} [name=firstName]`)).toHaveValue("राहुल");
      await expect(page.locator(`${form} [name=email]`)).toHaveValue("rahul@example.com");
      await expect(page.locator(`${form} [name=message]`)).toHaveValue("मुझे डेमो चाहिए");

      // Back: the Hindi page has the text again (from the browser's cache or reloaded).
      await page.goBack();
      await expect(page).toHaveURL(/\/hi\/contact$/);
      await waitForHydration(page);
      await expect(page.locator(`${form} [name=firstName]`)).toHaveValue("राहुल");
      await expect(page.locator(`${form} [name=message]`)).toHaveValue("मुझे डेमो चाहिए");

      // Forward to English, change the message there, Back: the Hindi page shows the newer text.
      await page.goForward();
      await expect(page).toHaveURL(/\/contact$/);
      await waitForHydration(page);
      await expect(page.locator(`${form} [name=message]`)).toHaveValue("मुझे डेमो चाहिए");
      await page.locator(`${form} [name=message]`).fill("मुझे डेमो चाहिए, कल सुबह");
      await page.goBack();
      await expect(page).toHaveURL(/\/hi\/contact$/);
      await waitForHydration(page);
      await expect(page.locator(`${form} [name=message]`)).toHaveValue("मुझे डेमो चाहिए, कल सुबह");

      // The restored text is the form's state, not only the boxes': sending sends it.
      await typeInto(page, `${form} [name=lastName]`, "वर्मा");
      await typeInto(page, `${form} [name=phone]`, "+91 98765 43210");
      const sent = page.waitForRequest((r) => r.url().endsWith("/api/leads") && r.method() === "POST");
      await page.locator(`${form} button[type=submit]`).click();
      expect((await sent).postDataJSON()).toMatchObject({ firstName: "राहुल", email: "rahul@example.com", message: "मुझे डेमो चाहिए, कल सुबह" });
      await expect(page.getByTestId("contact-success")).toBeVisible();
      // A sent form's text is not brought back.
      expect(await page.evaluate(() => sessionStorage.getItem("wp-typed") ?? "")).not.toContain("कल सुबह");
    });

    test("/contact → /hi/contact keeps them too", async ({ page }) => {
      await page.goto("/contact");
      const form = '[data-testid="contact-form"]';
      await typeInto(page, `${form} [name=firstName]`, "Asha");
      await typeInto(page, `${form} [name=message]`, "Need a demo for my clinic");
      await followSwitch(page, width, /\/hi\/contact$/);
      await expect(page.locator("html")).toHaveAttribute("lang", /^hi/);
      await expect(page.locator(`${form} [name=firstName]`)).toHaveValue("Asha");
      await expect(page.locator(`${form} [name=message]`)).toHaveValue("Need a demo for my clinic");
      await page.goBack();
      await expect(page).toHaveURL(/\/contact$/);
      await waitForHydration(page);
      await expect(page.locator(`${form} [name=message]`)).toHaveValue("Need a demo for my clinic");
    });

    test("sign-up keeps names and e-mail, never the password; nothing typed is sent anywhere", async ({ page }) => {
      const requests: string[] = [];
      page.on("request", (r) => requests.push(`${r.url()} ${r.postData() ?? ""}`));
      await page.goto("/hi/get-started");
      const signUp = "main form:has([name=password])";
      await typeInto(page, `${signUp} [name=firstName]`, "सीमा");
      await typeInto(page, `${signUp} [name=lastName]`, "राव");
      await typeInto(page, `${signUp} [name=email]`, "seema@example.com");
      await typeInto(page, `${signUp} [name=password]`, "Secret-Pass-91");
      await followSwitch(page, width, /\/get-started$/);
      await expect(page.locator(`${signUp} [name=firstName]`)).toHaveValue("सीमा");
      await expect(page.locator(`${signUp} [name=lastName]`)).toHaveValue("राव");
      await expect(page.locator(`${signUp} [name=email]`)).toHaveValue("seema@example.com");
      await expect(page.locator(`${signUp} [name=password]`)).toHaveValue("");
      const kept = await page.evaluate(() => sessionStorage.getItem("wp-typed") ?? "");
      expect(kept).toContain("seema@example.com");
      expect(kept).not.toContain("Secret-Pass-91");
      expect(await page.evaluate(() => localStorage.length === 0 || !JSON.stringify(localStorage).includes("seema"))).toBe(true);
      expect(await page.evaluate(() => document.cookie)).not.toContain("seema");
      expect(requests.filter((r) => r.includes("seema") || r.includes(encodeURIComponent("seema@example.com")))).toEqual([]);
    });

    for (const [from, to, toUrl] of [
      ["/hi/get-started", "/get-started", /\/get-started$/],
      ["/get-started", "/hi/get-started", /\/hi\/get-started$/],
    ] as const) {
      test(`sign-up on step 2 stays on step 2 with its fields: ${from} → ${to}, and Back`, async ({ page }) => {
        await page.goto(from);
        const signUp = "main form:has([name=password])";
        await typeInto(page, `${signUp} [name=firstName]`, "Seema");
        await typeInto(page, `${signUp} [name=lastName]`, "Rao");
        await typeInto(page, `${signUp} [name=email]`, "seema.steps@example.com");
        await typeInto(page, `${signUp} [name=password]`, "Secret-Pass-91");
        await page.locator(`${signUp} button[value=continue]`).click();
        await expect(page.locator(`${signUp} [name=company]`)).toBeVisible();
        await typeInto(page, `${signUp} [name=company]`, "Rao Dental");
        await page.locator(`${signUp} [name=role]`).selectOption({ index: 1 });
        const role = await page.locator(`${signUp} [name=role]`).inputValue();

        await followSwitch(page, width, toUrl);
        // Step 2 is on screen with what was typed there, step 1's fields kept (hidden) but the password.
        await expect(page.locator(`${signUp} [name=company]`)).toBeVisible();
        await expect(page.locator(`${signUp} [name=company]`)).toHaveValue("Rao Dental");
        await expect(page.locator(`${signUp} [name=role]`)).toHaveValue(role);
        await expect(page.locator(`${signUp} [name=firstName]`)).toBeHidden();
        await expect(page.locator(`${signUp} [name=email]`)).toHaveValue("seema.steps@example.com");
        await expect(page.locator(`${signUp} [name=password]`)).toHaveValue("");
        await expect(page.locator("main ol [aria-current=step]")).toContainText(to.startsWith("/hi") ? "कंपनी" : "company");
        await expect(page.getByTestId("password-again")).toBeVisible();
        // Back to where the switch was followed, and Forward again: step 2 both times (from the cache or reloaded).
        await page.goBack();
        await expect(page).toHaveURL((url) => url.pathname === from);
        await waitForHydration(page);
        await expect(page.locator(`${signUp} [name=company]`)).toBeVisible();
        await expect(page.locator(`${signUp} [name=company]`)).toHaveValue("Rao Dental");
        await page.goForward();
        await expect(page).toHaveURL(toUrl);
        await waitForHydration(page);
        await expect(page.locator(`${signUp} [name=company]`)).toBeVisible();
        // Creating the account asks for the password again, on step 1, with the rest kept.
        await page.locator(`${signUp} [name=terms]`).check();
        await page.locator(`${signUp} button[type=submit]`).last().click();
        await expect(page.locator(`${signUp} [name=password]`)).toBeVisible();
        await expect(page.locator(`${signUp} [name=password]`)).toBeFocused();
        await expect(page.locator(`${signUp} [name=firstName]`)).toHaveValue("Seema");
      });
    }

    test("the chat box and the footer's newsletter box come along (English → Hindi → English)", async ({ page }) => {
      await page.goto("/ai-help");
      await typeInto(page, "textarea[name=message]", "Do you work with gyms?");
      await typeInto(page, "footer input[name=email]", "gym@example.com");
      await followSwitch(page, width, /\/hi\/ai-help$/);
      await expect(page.locator("textarea[name=message]")).toHaveValue("Do you work with gyms?");
      await expect(page.locator("footer input[name=email]")).toHaveValue("gym@example.com");
      await page.locator("textarea[name=message]").fill("क्या आप जिम के साथ काम करते हैं?");
      await followSwitch(page, width, /\/ai-help$/);
      await expect(page.locator("textarea[name=message]")).toHaveValue("क्या आप जिम के साथ काम करते हैं?");
      await expect(page.locator("footer input[name=email]")).toHaveValue("gym@example.com");
    });

    test("the #fragment is kept both ways", async ({ page }) => {
      await page.goto("/hi/privacy#analytics");
      await followSwitch(page, width, /\/privacy#analytics$/);
      await expect(page.locator("#analytics")).toBeAttached();
      await followSwitch(page, width, /\/hi\/privacy#analytics$/);
    });
  });
}
