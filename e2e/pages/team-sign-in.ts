import type { Browser } from '@playwright/test';

/** A person signs in to a team service through the provider's own forms, in a browser context of their own. */
export async function signIn(browser: Browser, url: string, login: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any');
  await page.locator('button[type=submit]').click();
  await page.locator('button[type=submit]', { hasText: 'Continue' }).click();
  return page;
}
