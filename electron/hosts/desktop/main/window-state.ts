import { join } from 'node:path';
import { parseMeasured } from '../../../../shared/boundary.js';
import { readPlacedText, writeFileAtomic } from '../../../core/index.js';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

const DEFAULT: WindowBounds = { width: 1400, height: 900 };

/** The window's last size and position (sane values only), or the default. */
export function loadWindowState(dataDir: string): WindowBounds {
  try {
    const s = parseMeasured(
      readPlacedText(join(dataDir, 'window-state.json'), 'the window state', 64 * 1024),
      'the window state',
    ) as Partial<WindowBounds>;
    const ok = (n: unknown, min: number) => typeof n === 'number' && Number.isFinite(n) && n >= min && n < 100_000;
    if (!ok(s.width, 400) || !ok(s.height, 300)) return DEFAULT;
    const b: WindowBounds = { width: s.width!, height: s.height! };
    if (ok(s.x, -100_000) && ok(s.y, -100_000)) Object.assign(b, { x: s.x, y: s.y });
    return b;
  } catch {
    return DEFAULT;
  }
}

export function saveWindowState(dataDir: string, b: WindowBounds): void {
  try {
    writeFileAtomic(join(dataDir, 'window-state.json'), JSON.stringify(b));
  } catch {
    /* remembering the window is a nicety */
  }
}
