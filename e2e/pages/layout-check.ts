import { expect, type Page } from '@playwright/test';

// The layout checks run in the page (DOM types): kept apart from the scene, which the Node-side
// screenshots tool also uses.

/**
 * What is wrong with the layout on screen now, one sentence each: a control outside the window or
 * cut off by its pane, a pane that overflows sideways, panes that leave the window empty, a control
 * covered by something else, a text field squeezed too narrow to type in.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  const first = await measure(page);
  if (first.length === 0) return first;
  // Parts drawn lazily (content-visibility: auto) take their real size a frame or two after a
  // resize: a problem counts when it is still there half a second later.
  await page.waitForTimeout(500);
  return measure(page);
}

function measure(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const vh = document.documentElement.clientHeight;
    const describe = (el: Element) => {
      const h = el as HTMLElement;
      const id = h.dataset.testid
        ? `[data-testid=${h.dataset.testid}]`
        : h.className && typeof h.className === 'string'
          ? `.${h.className.split(' ')[0]}`
          : '';
      const text = (h.getAttribute('aria-label') ?? (h as HTMLInputElement).placeholder ?? h.textContent ?? '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
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
      if (width - used > 4)
        problems.push(`the panes leave ${Math.round(width - used)} px of the ${Math.round(width)} px window empty`);
      for (const p of panes)
        if (p.scrollWidth > p.clientWidth + 1)
          problems.push(`${describe(p)} overflows sideways: needs ${p.scrollWidth} px, has ${p.clientWidth} px`);
    }
    // Text squeezed to nothing: words in view of which less than two pixels show, their box drawn
    // that narrow or cut that narrow by a box that hides what overflows it (an ellipsis column).
    for (const el of document.querySelectorAll('main *')) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
      if (!own || el.closest('.monaco-editor')) continue;
      const r = el.getBoundingClientRect();
      if (r.bottom < 0 || r.top > vh || r.height === 0 || !el.checkVisibility({ visibilityProperty: true })) continue;
      let left = r.left;
      let right = r.right;
      // Cut at the end of a line that shows its "…" (a long title before a name): shortened by design.
      let ellipsis = false;
      for (let a: Element | null = el; a && a.tagName !== 'MAIN'; a = a.parentElement) {
        const cs = getComputedStyle(a);
        if (cs.overflowX !== 'hidden') continue;
        const ar = a.getBoundingClientRect();
        left = Math.max(left, ar.left);
        right = Math.min(right, ar.right);
        ellipsis ||= cs.textOverflow === 'ellipsis' && ar.width >= 20;
      }
      if (right - left < 2 && !ellipsis)
        problems.push(`${describe(el)} is squeezed: ${Math.max(0, right - left).toFixed(1)} px of it show`);
    }
    // Rows made to be one line (a server's name and its buttons): nothing in them drops to a second line.
    for (const row of document.querySelectorAll('.server-row')) {
      const parts = [...row.children].filter(shown).map((c) => c.getBoundingClientRect());
      // On one line, every part's box overlaps every other's vertically.
      if (Math.max(...parts.map((r) => r.top)) >= Math.min(...parts.map((r) => r.bottom)))
        problems.push(`${describe(row)} takes two lines (${parts.map((r) => Math.round(r.top)).join(', ')})`);
    }
    // The header: at most two lines (the tabs, and the title with the filter), so the views keep the height.
    const bar = document.querySelector('.topbar');
    if (bar) {
      // A part that starts below every part of the line before it starts a line.
      let lines = 0;
      let bottom = -Infinity;
      for (const r of [...bar.children]
        .filter(shown)
        .map((c) => c.getBoundingClientRect())
        .sort((a, b) => a.top - b.top)) {
        if (r.top >= bottom) lines++;
        bottom = r.top >= bottom ? r.bottom : Math.max(bottom, r.bottom);
      }
      if (lines > 2)
        problems.push(`the header takes ${lines} lines (${Math.round(bar.getBoundingClientRect().height)} px)`);
    }
    // A labelled field (a prompt's argument, a template's variable): its box under its name, never beside the next
    // one's.
    for (const field of document.querySelectorAll('main label.field')) {
      const name = field.firstElementChild;
      const box = field.querySelector('input, select, textarea');
      if (!name || !box || name === box || !shown(box)) continue;
      if (box.getBoundingClientRect().top < name.getBoundingClientRect().bottom - 1)
        problems.push(`${describe(box)} sits beside its name, not under it`);
    }
    const controls = document.querySelectorAll('button, input, select, textarea, a[href], summary, [role=tab]');
    // Under a dialog's shade the console is not to be used: only the dialog and the queue beside it count.
    const shade = document.querySelector('.overlay');
    for (const el of controls) {
      if (!shown(el) || el.closest('.monaco-editor')) continue;
      if (shade && !shade.contains(el) && !el.closest('.approval-queue')) continue;
      const r = el.getBoundingClientRect();
      if (r.left < -1 || r.right > vw + 1) {
        problems.push(
          `${describe(el)} is outside the window (${Math.round(r.left)}..${Math.round(r.right)} of ${vw} px)`,
        );
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
