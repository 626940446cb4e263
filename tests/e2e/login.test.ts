import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_NAME } from '../../shared/constants';
import { AUTH_TEXT } from '../../shared/texts/auth';
import { manilaYear } from '../../shared/time';
import { ADMIN, PASSWORD } from '../helpers/app';
import { snapshot, storedSession } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

const b = browserShopForFile();
/** Every zod schema carries its internals under this property, which minifying keeps. */
const ZOD_MARK = '_zod';

async function loginPage() {
  const { context, page } = await b.newPage();
  await page.goto('/');
  await page.waitForURL('**/login');
  return { context, page, form: page.getByRole('form', { name: 'Login' }) };
}

function popup(page: Page) {
  return page.getByTestId('popup');
}

/** Counts the sign-in calls the page sends, to prove that blank input sends none. */
function countLoginCalls(page: Page) {
  const calls = { n: 0 };
  page.on('request', (req) => {
    if (req.url().includes('auth.login')) calls.n++;
  });
  return calls;
}

describe('login screen', () => {
  it('redirects / to /login and shows the logo, the fields and the footer with the year and shop name', async () => {
    const { page, form, context } = await loginPage();
    expect(new URL(page.url()).pathname).toBe('/login');
    const navbar = page.getByRole('navigation', { name: 'Shop' });
    await navbar.getByRole('img', { name: 'Shop logo' }).waitFor();
    // A navbar with only a logo: nothing to click there.
    expect(await navbar.locator('a, button').count()).toBe(0);
    await form.getByLabel('Email', { exact: true }).waitFor();
    await form.getByLabel('Password', { exact: true }).waitFor();
    await page.getByText(`© ${manilaYear()} ${DEFAULT_SHOP_NAME}`).waitFor();
    await snapshot(page, 'login');
    await context.close();
  });

  it('loads no zod: its first JavaScript holds the texts, not the schemas', async () => {
    const { context, page } = await b.newPage();
    const scripts: { url: string; code: Promise<string> }[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.endsWith('.js')) scripts.push({ url: r.url(), code: r.text() });
    });
    await page.goto('/login');
    await page.getByRole('form', { name: 'Login' }).getByLabel('Email', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    const withZod: string[] = [];
    for (const s of scripts) if ((await s.code).includes(ZOD_MARK)) withZod.push(s.url);
    expect(withZod).toEqual([]);
    // The mark is zod's: the settings screen, which checks the shop profile with its schema, has it.
    const assets = path.resolve('dist/client/assets');
    const settings = readdirSync(assets).find((f) => /^SettingsScreen-[\w-]+\.js$/.test(f));
    expect(readFileSync(path.join(assets, String(settings)), 'utf8')).toContain(ZOD_MARK);
    await context.close();
  });

  it('highlights blank or whitespace fields and sends no request', async () => {
    const { page, form, context } = await loginPage();
    const calls = countLoginCalls(page);
    await form.getByLabel('Email', { exact: true }).fill('   ');
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(form.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).resolves.toBe(
      'true',
    );
    await expect(form.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).resolves.toBe(
      'true',
    );
    await page.waitForTimeout(300);
    expect(calls.n).toBe(0);
    await context.close();
  });

  it('toggles Show Password', async () => {
    const { page, form, context } = await loginPage();
    const password = form.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByLabel('Show Password').check();
    expect(await password.getAttribute('type')).toBe('text');
    await context.close();
  });

  it('shows the server message in an error popup that closes after 3 seconds', async () => {
    const { page, form, context } = await loginPage();
    await form.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await form.getByLabel('Password', { exact: true }).fill('not-the-password');
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await popup(page).getByText(AUTH_TEXT.loginFailed).waitFor();
    expect(await popup(page).getAttribute('data-kind')).toBe('error');
    await snapshot(page, 'login-error');
    await popup(page).waitFor({ state: 'detached', timeout: 4_500 });
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('shows "Connecting, please wait..." while the request is pending', async () => {
    const { page, form, context } = await loginPage();
    await page.route('**/trpc/auth.login**', async (route) => {
      await new Promise((r) => setTimeout(r, 1_000));
      await route.continue();
    });
    await form.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await form.getByLabel('Password', { exact: true }).fill('wrong-password');
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByTestId('connecting').getByText(AUTH_TEXT.connecting).waitFor();
    await popup(page).waitFor();
    expect(await page.getByTestId('connecting').count()).toBe(0);
    await context.close();
  });

  it('says there was a problem connecting when the server cannot be reached', async () => {
    const { page, form, context } = await loginPage();
    await page.route('**/trpc/auth.login**', (route) => route.abort('connectionrefused'));
    await form.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText(AUTH_TEXT.loginNetwork).waitFor();
    await context.close();
  });

  it('signs in: success popup, the four stored keys, and /dashboard after 2 seconds', async () => {
    const { page, form, context } = await loginPage();
    // The app must live within its own CSP: any violation or page error fails the journey.
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await form.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await popup(page).getByText(AUTH_TEXT.loginSuccess).waitFor();
    const shownAt = Date.now();
    expect(await popup(page).getAttribute('data-kind')).toBe('success');
    await page.waitForURL('**/dashboard');
    expect(Date.now() - shownAt).toBeGreaterThan(1_500);
    const stored = await storedSession(page);
    expect(stored.isLoggedIn).toBe('true');
    expect(stored.token).toBeTruthy();
    expect(stored.refreshToken).toBeTruthy();
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ email: ADMIN.email, role: 'admin' });
    await page.getByText('Logged in as: admin (admin)').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('Request Registration modal', () => {
  it('checks blank fields, the email shape and the confirmation, then submits and clears', async () => {
    const { page, context } = await loginPage();
    await page.getByRole('button', { name: 'Request Registration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Registration' });
    const submit = dialog.getByRole('button', { name: 'Submit' });

    await submit.click();
    await dialog.getByText(AUTH_TEXT.registerBlank).waitFor();

    await dialog.getByLabel('Email', { exact: true }).fill('new..baker@example.com');
    await dialog.getByLabel('Password', { exact: true }).fill('flour-and-eggs');
    await dialog.getByLabel('Confirm Password', { exact: true }).fill('flour-and-eggs');
    await submit.click();
    await dialog.getByText(AUTH_TEXT.registerInvalidEmail).waitFor();

    await dialog.getByLabel('Email', { exact: true }).fill('new.baker@example.com');
    await dialog.getByLabel('Confirm Password', { exact: true }).fill('different-one');
    await submit.click();
    await dialog.getByText(AUTH_TEXT.registerMismatch).waitFor();

    await dialog.getByLabel('Confirm Password', { exact: true }).fill('flour-and-eggs');
    await submit.click();
    await dialog.getByText(AUTH_TEXT.registerSubmitted).waitFor();
    expect(await dialog.getByLabel('Email', { exact: true }).inputValue()).toBe('');
    expect(await dialog.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await snapshot(page, 'register');

    // The same email again: the server's message shows in the modal.
    await dialog.getByLabel('Email', { exact: true }).fill('new.baker@example.com');
    await dialog.getByLabel('Password', { exact: true }).fill('flour-and-eggs');
    await dialog.getByLabel('Confirm Password', { exact: true }).fill('flour-and-eggs');
    await submit.click();
    await dialog.getByText(AUTH_TEXT.registerTaken).waitFor();
    await context.close();
  });

  it('Cancel closes it and clears its fields and messages', async () => {
    const { page, context } = await loginPage();
    await page.getByRole('button', { name: 'Request Registration' }).click();
    let dialog = page.getByRole('dialog', { name: 'Request Registration' });
    await dialog.getByLabel('Email', { exact: true }).fill('someone@example.com');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText(AUTH_TEXT.registerBlank).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Request Registration' }).click();
    dialog = page.getByRole('dialog', { name: 'Request Registration' });
    expect(await dialog.getByLabel('Email', { exact: true }).inputValue()).toBe('');
    expect(await dialog.getByText(AUTH_TEXT.registerBlank).count()).toBe(0);
    await context.close();
  });
});

describe('Reset Password modal', () => {
  it('asks for the email, then sends the request and clears it', async () => {
    const { page, context } = await loginPage();
    await page.getByText('Forgot Password').click();
    const dialog = page.getByRole('dialog', { name: 'Reset Password' });
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await dialog.getByText(AUTH_TEXT.resetBlank).waitFor();
    await dialog.getByLabel('Email', { exact: true }).fill('anyone@example.com');
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await dialog.getByText(AUTH_TEXT.resetSent).waitFor();
    expect(await dialog.getByLabel('Email', { exact: true }).inputValue()).toBe('');
    await context.close();
  });
});

describe('forced new password', () => {
  it('opens the modal saying why, checks the match, sets the password, and the new one signs in', async () => {
    const user = await b.shop.addUser('staff', { needsPasswordReset: true });
    const { page, form, context } = await loginPage();
    await form.getByLabel('Email', { exact: true }).fill(user.email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Login', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: AUTH_TEXT.newPasswordTitle });
    await dialog.waitFor();
    // Said in the modal itself: a popup over it would hide its fields for 3 s.
    await dialog.getByText(AUTH_TEXT.mustReset).waitFor();
    await snapshot(page, 'forced-new-password');
    expect(await popup(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/login');

    await dialog.getByLabel('New Password', { exact: true }).fill('fresh-bread-22');
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill('fresh-bread-23');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await popup(page).getByText(AUTH_TEXT.newPasswordMismatch).waitFor();
    await popup(page).click(); // a click closes it early

    await dialog.getByLabel('Confirm New Password', { exact: true }).fill('fresh-bread-22');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await popup(page).getByText(AUTH_TEXT.newPasswordDone).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await form.getByLabel('Email', { exact: true }).fill(user.email);
    await form.getByLabel('Password', { exact: true }).fill('fresh-bread-22');
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
