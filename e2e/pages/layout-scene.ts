import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { startServe, type ServeProcess } from '../tools/serve-process.js';

/**
 * The console as a busy person has it: three servers (one over Streamable HTTP, one with 10,000
 * tools, a 128-character tool name and a 2 MB resource), a call made, an agent connected, a review
 * run. The layout test and `npm run screenshots` look at every tab of it.
 */
export interface Scene {
  serve: ServeProcess;
  stop(): Promise<void>;
}

export const LONG_SERVER = 'a-server-with-a-rather-long-identifier-over-http';
export const BIG_SERVER = 'fx';

export type Tab = 'tools' | 'resources' | 'prompts' | 'logs' | 'trace' | 'auth' | 'review' | 'history' | 'audit' | 'agents' | 'settings';
export const TABS: Tab[] = ['tools', 'resources', 'prompts', 'logs', 'trace', 'auth', 'review', 'history', 'audit', 'agents', 'settings'];

/** Starts the modern fixture over HTTP and `serve` with the three servers; `dir` holds its data. */
export async function startScene(dir: string): Promise<Scene> {
  const modern = spawn(process.execPath, [resolve('out/node/e2e/fixtures/modern-server.js'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await listening(modern);
  const serve = await startServe(
    {
      mcpServers: {
        [BIG_SERVER]: {
          command: process.execPath,
          args: [resolve('out/node/e2e/fixtures/server.js')],
          env: { FIXTURE_TOOLS: '10000', FIXTURE_PAGE_SIZE: '1000', FIXTURE_LONG: '1' },
        },
        everything: { command: process.execPath, args: [resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js')] },
        [LONG_SERVER]: { type: 'http', url },
      },
    },
    dir,
  );
  return {
    serve,
    stop: async () => {
      await serve.stop();
      modern.kill();
    },
  };
}

function listening(child: ChildProcess): Promise<string> {
  return new Promise<string>((ok, fail) => {
    child.stdout!.on('data', (d: Buffer) => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(d.toString());
      if (m) ok(`${m[1]!}/mcp`);
    });
    child.once('exit', () => fail(new Error('the modern fixture exited')));
  });
}

/** Connects the three servers, makes a call, connects an agent and runs a review: every tab has something in it. */
export async function fillScene(page: Page): Promise<void> {
  for (const id of [BIG_SERVER, 'everything', LONG_SERVER]) {
    const item = page.locator(`[data-testid=server-item][data-server="${id}"]`);
    const connect = item.getByTestId('connect');
    if (await connect.count()) await connect.click();
    await expect(item).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  }
  await expect(page.locator('[data-testid=tool-item][data-server=fx]').first()).toBeVisible({ timeout: 60_000 });
  // A call, approved: History, Audit log and Trace have it.
  await page.getByTestId('tool-search').fill('echo');
  await page.locator('[data-testid=tool-item][data-server=fx][data-tool=echo]').click();
  await page.getByTestId('mode-json').click();
  await page.getByTestId('call-button').click();
  const dialog = page.getByTestId('approval-dialog');
  await expect(dialog).toHaveAttribute('data-armed', 'true');
  await dialog.getByTestId('approve-once').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('call-result').first()).toBeVisible();
  await page.getByTestId('tool-search').fill('');
  // An agent with a long name and every server.
  await page.getByTestId('tab-agents').click();
  await page.getByTestId('agent-connect').click();
  await page.getByTestId('agent-name').fill('an-agent-with-a-long-name-for-the-layout');
  for (const id of [BIG_SERVER, 'everything', LONG_SERVER]) await page.locator(`[data-testid=agent-server-option][data-server="${id}"]`).check();
  await page.getByTestId('agent-create').click();
  await expect(page.getByTestId('agent-created')).toBeVisible();
  // A review of every server (10,000 tools).
  await page.getByTestId('tab-review').click();
  await page.getByTestId('review-run').click();
  await expect(page.getByTestId('review-summary')).toBeVisible({ timeout: 120_000 });
}

/** Opens a tab and puts in it what a person would be looking at. */
export async function openTab(page: Page, tab: Tab): Promise<void> {
  await page.getByTestId(`tab-${tab}`).click();
  await expect(page.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
  if (tab === 'tools') {
    const long = page.locator('[data-testid=tool-item][data-server=fx][data-tool^=a_tool_name_that]');
    await page.getByTestId('tool-search').fill('a_tool_name_that');
    await long.click();
    await expect(page.getByTestId('tool-form')).toBeVisible();
    await page.getByTestId('tool-search').fill('');
  } else if (tab === 'resources') {
    const big = page.locator('[data-testid=resource-item][data-uri$="big.txt"]');
    await big.click();
    await expect(page.getByTestId('resource-contents')).toContainText('one line with no break', { timeout: 30_000 });
  } else if (tab === 'prompts') {
    await page.locator('[data-testid=prompt-server][data-server=everything] [data-testid=prompt-item]').first().click();
    await expect(page.getByTestId('prompt-detail')).toBeVisible();
  } else if (tab === 'trace') {
    await page.getByTestId('trace-row').first().click();
    await expect(page.getByTestId('trace-detail')).toBeVisible();
  } else if (tab === 'review') {
    await expect(page.getByTestId('review-summary')).toBeVisible();
  } else if (tab === 'agents') {
    await expect(page.getByTestId('agent-row').first()).toBeVisible();
  } else if (tab === 'history') {
    await expect(page.getByTestId('history-row').first()).toBeVisible();
  } else if (tab === 'audit') {
    await expect(page.getByTestId('audit-entry').first()).toBeVisible();
  }
}

/**
 * What is wrong with the layout on screen now, one sentence each: a control outside the window or
 * cut off by its pane, a pane that overflows sideways, panes that leave the window empty, a control
 * covered by something else, a text field squeezed too narrow to type in.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const vh = document.documentElement.clientHeight;
    const describe = (el: Element) => {
      const h = el as HTMLElement;
      const id = h.dataset.testid ? `[data-testid=${h.dataset.testid}]` : h.className && typeof h.className === 'string' ? `.${h.className.split(' ')[0]}` : '';
      const text = (h.getAttribute('aria-label') ?? (h as HTMLInputElement).placeholder ?? h.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${h.tagName.toLowerCase()}${id}${text ? ` "${text}"` : ''}`;
    };
    // Shown: has a box, and is not inside a closed <details>, display:none, hidden or transparent.
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    };
    if (document.documentElement.scrollWidth > vw + 1)
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in a ${vw} px window`);
    // The panes fill the window, and none needs more width than it has.
    const main = document.querySelector('main.layout');
    if (main) {
      const panes = [...main.children].filter(shown);
      const used = panes.reduce((sum, p) => sum + p.getBoundingClientRect().width, 0);
      const width = main.getBoundingClientRect().width;
      if (width - used > 4) problems.push(`the panes leave ${Math.round(width - used)} px of the ${Math.round(width)} px window empty`);
      for (const p of panes)
        if (p.scrollWidth > p.clientWidth + 1) problems.push(`${describe(p)} overflows sideways: needs ${p.scrollWidth} px, has ${p.clientWidth} px`);
    }
    const controls = document.querySelectorAll('button, input, select, textarea, a[href], summary, [role=tab]');
    // Under a dialog's shade the console is not to be used: only the dialog and the queue beside it count.
    const shade = document.querySelector('.overlay');
    for (const el of controls) {
      if (!shown(el) || el.closest('.monaco-editor')) continue;
      if (shade && !shade.contains(el) && !el.closest('.approval-queue')) continue;
      const r = el.getBoundingClientRect();
      if (r.left < -1 || r.right > vw + 1) {
        problems.push(`${describe(el)} is outside the window (${Math.round(r.left)}..${Math.round(r.right)} of ${vw} px)`);
        continue;
      }
      let cut = false;
      let visibleTop = 0;
      let visibleBottom = vh;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const cs = getComputedStyle(a);
        const ar = a.getBoundingClientRect();
        if (cs.overflowY !== 'visible') {
          visibleTop = Math.max(visibleTop, ar.top + a.clientTop);
          visibleBottom = Math.min(visibleBottom, ar.top + a.clientTop + a.clientHeight);
        }
        if (cs.overflowX === 'visible') continue;
        const left = ar.left + a.clientLeft;
        if (r.left < left - 1 || r.right > left + a.clientWidth + 1) {
          problems.push(
            `${describe(el)} is cut off by ${describe(a)} (${Math.round(r.left)}..${Math.round(r.right)}, it shows ${Math.round(left)}..${Math.round(left + a.clientWidth)})`,
          );
          cut = true;
          break;
        }
      }
      if (cut) continue;
      if (el instanceof HTMLInputElement && ['text', 'search', 'url', ''].includes(el.type) && r.width < 100)
        problems.push(`${describe(el)} is squeezed to ${Math.round(r.width)} px`);
      // A control in view must be the thing under its own centre (not text or another control over it).
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (y < visibleTop || y > visibleBottom || y < 0 || y > vh) continue;
      const hit = document.elementFromPoint(x, y);
      const label = el.closest('label');
      if (hit && hit !== el && !el.contains(hit) && !hit.contains(el) && !(label && hit.closest('label') === label))
        problems.push(`${describe(el)} is covered by ${describe(hit)}`);
    }
    return problems;
  });
}

/** A journey's key step: a screenshot in test-results/journeys/, and no layout problem on screen. */
export async function checkpoint(page: Page, name: string): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: `test-results/journeys/${name}.png` });
  expect(await layoutProblems(page), `layout at ${name}`).toEqual([]);
}
