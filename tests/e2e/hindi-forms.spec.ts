/**
 * The forms on the Hindi pages (issue 33): every field error, banner and toast a visitor meets is Hindi, the forms
 * stay on /hi, and the e-mails that follow are Hindi with links to the /hi pages. With and without JavaScript.
 */
import { AUTH_MESSAGES_HI, AUTH_VALIDATION_HI, FORGOT_PAGE_HI, SIGN_IN_PAGE_HI, SIGN_UP_PAGE_HI, VERIFY_PAGE_HI } from "../../shared/content/hi/auth";
import { CONTACT_FORM_HI, LEAD_MESSAGES_HI } from "../../shared/content/hi/contact";
import { FOOTER_NEWSLETTER_HI, FOOTER_NEWSLETTER_MESSAGES_HI } from "../../shared/content/hi/newsletter";
import { newestMailTo } from "../helpers/mail-folder";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";

let n = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++n}@example.com`;
const WRONG_PASSWORD_401 = /Failed to load resource: the server responded with a status of 401/;

const mailTo = (mailDir: string, to: string) => newestMailTo(mailDir, to);

test.describe("the contact form on /hi/contact", () => {
  test("empty and invalid fields get Hindi messages next to them; a good message gets the Hindi success", async ({ page }) => {
    await page.goto("/hi/contact");
    const form = page.getByTestId("contact-form");
    await expect(page.getByRole("heading", { level: 2, name: CONTACT_FORM_HI.title })).toBeVisible();
    await form.getByRole("button", { name: CONTACT_FORM_HI.submit }).click();
    await expect(form.locator('[data-error-for="firstName"]')).toHaveText(LEAD_MESSAGES_HI.empty("पहला नाम"));
    await expect(form.locator('[data-error-for="message"]')).toHaveText(LEAD_MESSAGES_HI.empty("संदेश"));
    await expect(form.getByLabel("पहला नाम")).toBeFocused();
    await expect(page.getByTestId("contact-alert")).toHaveText(LEAD_MESSAGES_HI.empty("पहला नाम"));

    await form.getByLabel("पहला नाम").fill("आशा");
    await form.getByLabel("उपनाम").fill("शर्मा");
    await form.getByLabel("ईमेल").fill("not-an-address");
    await form.getByLabel("फ़ोन").fill("+91 98765 11111");
    await form.getByLabel("संदेश").fill("नमस्ते, हमारे क्लिनिक के लिए डेमो चाहिए।");
    await form.getByRole("button", { name: CONTACT_FORM_HI.submit }).click();
    await expect(form.locator('[data-error-for="email"]')).toHaveText(LEAD_MESSAGES_HI.invalidEmail);

    await form.getByLabel("ईमेल").fill(uniqueEmail("hindi.lead"));
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/leads") && r.method() === "POST");
    await form.getByRole("button", { name: CONTACT_FORM_HI.submit }).click();
    // The page says which language it is in; the lead keeps it.
    expect((await sent).postDataJSON()).toMatchObject({ locale: "hi" });
    // The toast says so, and so does the confirmation in the form, which takes the focus (issue 45).
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast.getByText(CONTACT_FORM_HI.successTitle)).toBeVisible();
    await expect(toast.getByText(CONTACT_FORM_HI.successMessage)).toBeVisible();
    await expect(page.getByTestId("contact-success")).toContainText(CONTACT_FORM_HI.successMessage);
    await expect(page.getByTestId("contact-success")).toBeFocused();
    await expect(form.locator("[data-error-for]")).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // A refused form is answered 400 (the page with its messages), which the browser reports.
  const REFUSED_400 = /Failed to load resource: the server responded with a status of 400/;

  test("the Hindi contact form answers in Hindi and stays on /hi/contact", async ({ page, allowErrors }) => {
    await page.goto("/hi/contact");
    const form = page.getByTestId("contact-form");
    await form.getByRole("button", { name: CONTACT_FORM_HI.submit }).click();
    await expect(page).toHaveURL(/\/hi\/contact$/);
    await expect(form.locator('[data-error-for="lastName"]')).toHaveText(LEAD_MESSAGES_HI.empty("उपनाम"));
    await expect(page.getByTestId("contact-alert")).toHaveText(LEAD_MESSAGES_HI.empty("पहला नाम"));
    allowErrors(REFUSED_400);

    await form.getByLabel("पहला नाम").fill("रवि");
    await form.getByLabel("उपनाम").fill("कुमार");
    await form.getByLabel("ईमेल").fill(uniqueEmail("hindi.nojs"));
    await form.getByLabel("फ़ोन").fill("+91 98765 22222");
    await form.getByLabel("संदेश").fill("कृपया कीमत बताइए।");
    await form.getByRole("button", { name: CONTACT_FORM_HI.submit }).click();
    await expect(page).toHaveURL(/\/hi\/contact\?submitted=1$/);
    await expect(page.getByTestId("contact-success")).toContainText(CONTACT_FORM_HI.successMessage);
  });

  test("the footer's form on a Hindi page subscribes through /hi/newsletter/subscribe and answers in Hindi", async ({ page, server }) => {
    await page.goto("/hi/about");
    const footer = page.getByRole("contentinfo");
    const email = uniqueEmail("hindi.footer.nojs");
    await footer.getByLabel(FOOTER_NEWSLETTER_HI.label).fill(email);
    await footer.getByRole("button", { name: FOOTER_NEWSLETTER_HI.button }).click();
    await expect(page).toHaveURL(/\/hi\/newsletter\/subscribe$/);
    await expect(page.getByRole("heading", { level: 1, name: FOOTER_NEWSLETTER_MESSAGES_HI.success.title })).toBeVisible();
    const mail = await mailTo(server.mailDir, email);
    expect(mail.subject).toBe("कृपया अपना Wise Parrot न्यूज़लेटर सब्सक्रिप्शन पक्का करें");
  });

  test("the Hindi sign-in form's errors are Hindi", async ({ page, allowErrors }) => {
    await page.goto("/hi/sign-in");
    await page.getByRole("main").getByLabel(SIGN_IN_PAGE_HI.email).fill("not-an-address");
    await page.getByRole("main").getByLabel(SIGN_IN_PAGE_HI.password, { exact: true }).fill("x");
    // The browser's own check of type=email is what a visitor without JavaScript meets first: submit the form as sent.
    await page.getByRole("main").locator("form").evaluate((f: HTMLFormElement) => f.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: SIGN_IN_PAGE_HI.submit }).click();
    await expect(page).toHaveURL(/\/hi\/sign-in$/);
    await expect(page.getByText(AUTH_VALIDATION_HI.emailInvalid)).toBeVisible();
    allowErrors(REFUSED_400);
  });
});

test("/hi/sign-in: Hindi errors next to the fields, the Hindi failure banner, and links that stay in Hindi", async ({ page, allowErrors }) => {
  await page.goto("/hi/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: SIGN_IN_PAGE_HI.title })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: SIGN_IN_PAGE_HI.forgotPassword })).toHaveAttribute("href", "/hi/forgot-password");
  await expect(page.getByRole("main").getByRole("link", { name: SIGN_IN_PAGE_HI.signUp })).toHaveAttribute("href", "/hi/get-started");
  await expect(page.getByRole("main").getByLabel(SIGN_IN_PAGE_HI.industry).locator("option:checked")).toHaveText("रियल एस्टेट");

  await page.getByRole("button", { name: SIGN_IN_PAGE_HI.submit }).click();
  await expect(page.getByText(AUTH_VALIDATION_HI.emailRequired)).toBeVisible();
  await expect(page.getByText(AUTH_VALIDATION_HI.passwordRequired)).toBeVisible();
  await expect(page.getByRole("main").getByLabel(SIGN_IN_PAGE_HI.email)).toBeFocused();

  await page.getByRole("main").getByLabel(SIGN_IN_PAGE_HI.email).fill(uniqueEmail("nobody"));
  await page.getByRole("main").getByLabel(SIGN_IN_PAGE_HI.password, { exact: true }).fill("not the password at all");
  await page.getByRole("button", { name: SIGN_IN_PAGE_HI.submit }).click();
  await expect(page.getByRole("status").getByText(AUTH_MESSAGES_HI.loginFailed("Unauthorized"))).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("status").getByText(AUTH_MESSAGES_HI.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/hi\/sign-in$/);
  allowErrors(WRONG_PASSWORD_401);
  await expectAccessible(page);
});

test("/hi/forgot-password: a Hindi error for a bad address, the Hindi answer for a good one", async ({ page }) => {
  await page.goto("/hi/forgot-password");
  await expect(page.getByRole("heading", { level: 1, name: FORGOT_PAGE_HI.title })).toBeVisible();
  await page.getByRole("main").getByLabel(FORGOT_PAGE_HI.email).fill("not-an-address");
  await page.getByRole("button", { name: FORGOT_PAGE_HI.submit }).click();
  await expect(page.getByText(AUTH_VALIDATION_HI.emailInvalid)).toBeVisible();
  await page.getByRole("main").getByLabel(FORGOT_PAGE_HI.email).fill(uniqueEmail("nobody.reset"));
  await page.getByRole("button", { name: FORGOT_PAGE_HI.submit }).click();
  await expect(page.getByRole("status").getByText(AUTH_MESSAGES_HI.resetRequested)).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: FORGOT_PAGE_HI.backToSignIn })).toHaveAttribute("href", "/hi/sign-in");
});

test("the footer's newsletter form on a Hindi page: Hindi messages, the Hindi confirmation e-mail", async ({ page, server }) => {
  await page.goto("/hi/about");
  const footer = page.getByRole("contentinfo");
  const input = footer.getByLabel(FOOTER_NEWSLETTER_HI.label);
  await footer.getByRole("button", { name: FOOTER_NEWSLETTER_HI.button }).click();
  await expect(footer.getByRole("status")).toContainText(FOOTER_NEWSLETTER_MESSAGES_HI.required.title);
  await expect(footer.getByRole("status")).toContainText(FOOTER_NEWSLETTER_MESSAGES_HI.required.message);
  await expect(input).toBeFocused();
  await input.fill("not-an-email");
  await footer.getByRole("button", { name: FOOTER_NEWSLETTER_HI.button }).click();
  await expect(footer.getByRole("status")).toContainText(FOOTER_NEWSLETTER_MESSAGES_HI.invalid.message);
  await expect(input).toHaveAttribute("aria-invalid", "true");

  const email = uniqueEmail("hindi.footer");
  await input.fill(email);
  await footer.getByRole("button", { name: FOOTER_NEWSLETTER_HI.button }).click();
  await expect(footer.getByRole("status")).toContainText(FOOTER_NEWSLETTER_MESSAGES_HI.success.title);
  const mail = await mailTo(server.mailDir, email);
  expect(mail.subject).toBe("कृपया अपना Wise Parrot न्यूज़लेटर सब्सक्रिप्शन पक्का करें");
  const confirm = new RegExp(`${server.url}/hi/newsletter/confirm\\?token=[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
  expect(confirm, mail.text).toBeTruthy();
  await page.goto(confirm!);
  await page.getByRole("button", { name: "मेरा सब्सक्रिप्शन पक्का करें" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "सब्सक्रिप्शन पक्का हो गया" })).toBeVisible();
});

test("sign up on /hi/get-started: Hindi checks, the Hindi success, /hi/templates, and a Hindi verification e-mail", async ({ page, server }) => {
  test.slow();
  const email = uniqueEmail("hindi.signup");
  await page.goto("/hi/get-started");
  await expect(page.getByRole("heading", { level: 1, name: SIGN_UP_PAGE_HI.step1Title })).toBeVisible();
  const main = page.getByRole("main");
  await page.getByRole("button", { name: SIGN_UP_PAGE_HI.continue }).click();
  await expect(page.getByText(AUTH_VALIDATION_HI.firstNameRequired)).toBeVisible();
  await expect(main.getByLabel(SIGN_UP_PAGE_HI.firstName)).toBeFocused();

  await main.getByLabel(SIGN_UP_PAGE_HI.firstName).fill("Asha");
  await main.getByLabel(SIGN_UP_PAGE_HI.lastName).fill("Verma");
  await main.getByLabel(SIGN_UP_PAGE_HI.email).fill(email);
  await main.getByLabel(SIGN_UP_PAGE_HI.password, { exact: true }).fill("short");
  await page.getByRole("button", { name: SIGN_UP_PAGE_HI.continue }).click();
  await expect(page.getByText(AUTH_VALIDATION_HI.passwordTooShort)).toBeVisible();
  await main.getByLabel(SIGN_UP_PAGE_HI.password, { exact: true }).fill("correct horse battery");
  await page.getByRole("button", { name: SIGN_UP_PAGE_HI.continue }).click();

  await expect(page.getByRole("heading", { level: 1, name: SIGN_UP_PAGE_HI.step2Title })).toBeVisible();
  await expect(main.getByRole("link", { name: SIGN_UP_PAGE_HI.terms })).toHaveAttribute("href", "/hi/terms");
  await main.getByLabel(SIGN_UP_PAGE_HI.company).fill("Verma Realty");
  await main.getByLabel(SIGN_UP_PAGE_HI.role).selectOption({ label: "मार्केटिंग मैनेजर" });
  await main.getByLabel(SIGN_UP_PAGE_HI.industry).selectOption({ label: "हेल्थकेयर" });
  await main.getByRole("checkbox").check();
  await page.getByRole("button", { name: SIGN_UP_PAGE_HI.submit }).click();
  await expect(page.getByText(AUTH_MESSAGES_HI.accountCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/hi\/templates$/, { timeout: 10_000 });
  await expect(page.getByRole("heading", { level: 1, name: "स्वागत है, Asha!" })).toBeVisible();
  await expect(page.getByTestId("brief-form").locator("label").first()).toContainText("हेल्थकेयर");

  const mail = await mailTo(server.mailDir, email);
  expect(mail.subject).toBe("Wise Parrot के लिए अपना ईमेल पता वेरिफ़ाई करें");
  expect(mail.text).toContain("नमस्ते Asha जी,");
  const link = new RegExp(`${server.url}/hi/verify-email\\?token=[A-Za-z0-9_%-]+`).exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!);
  await page.getByRole("button", { name: VERIFY_PAGE_HI.submit }).click();
  await expect(page.getByText(AUTH_MESSAGES_HI.verifyDone)).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: VERIFY_PAGE_HI.continue })).toHaveAttribute("href", "/hi/templates");
});

/** The Latin-script words a /hi page may show (issue 33's allow-list); addresses and numbers aside. */
const ALLOWED_LATIN = new Set(["Wise", "Parrot", "Core", "WhatsApp", "Google", "Microsoft", "Instagram", "Facebook", "LinkedIn", "YouTube", "CRM", "AI", "FAQ", "API", "SOP", "GB", "BHK", "EMI", "IP", "UTM", "DNT", "GPC", "COPPA", "CEO"]);

test("the form pages' own words on /hi are Hindi (the allow-list aside)", async ({ page, allowErrors }) => {
  const pages = [
    "/hi/contact",
    "/hi/sign-in",
    "/hi/get-started",
    "/hi/forgot-password",
    "/hi/reset-password?token=not-a-token",
    "/hi/verify-email?token=not-a-token",
    "/hi/newsletter/subscribe",
    "/hi/newsletter/confirm?token=not-a-token",
    "/hi/newsletter/unsubscribe?token=not-a-token",
  ];
  for (const path of pages) {
    await page.goto(path);
    // What a visitor reads and what a screen reader says: the text, labels, placeholders and the options' names.
    // The breadcrumb trail is the shared SEO component's (not these forms'): left out here.
    const words = await page.getByRole("main").evaluate((main) => {
      const copy = main.cloneNode(true) as HTMLElement;
      copy.querySelectorAll("nav").forEach((nav) => nav.remove());
      document.body.append(copy);
      const parts = [copy.innerText];
      copy.remove();
      for (const el of main.querySelectorAll("[aria-label], [placeholder], [title], option")) {
        if (el.closest("nav")) continue;
        parts.push(el.getAttribute("aria-label") ?? "", el.getAttribute("placeholder") ?? "", el.getAttribute("title") ?? "", el.tagName === "OPTION" ? (el.textContent ?? "") : "");
      }
      return parts.join("\n");
    });
    const bare = words.replace(/https?:\/\/\S+/g, " ").replace(/\S+@\S+\.\S+/g, " ");
    const stray = (bare.match(/[A-Za-z][A-Za-z'-]*/g) ?? []).filter((w) => !ALLOWED_LATIN.has(w));
    expect(stray, `${path}: ${[...new Set(stray)].join(", ")}`).toEqual([]);
  }
  // The invalid links answer 400 (the page says why, in Hindi).
  allowErrors(/Failed to load resource: the server responded with a status of 400/);
});
