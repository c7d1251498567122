import { z } from 'zod';
import { ok } from './common.js';
import { ServerId } from '../schemas/server.js';
import { AppNoteKind, AppView, AppViolation } from '../schemas/app-view.js';
import { CallRecord } from '../schemas/call.js';
import { ReadResourceResult } from '../schemas/content.js';

const byView = z.object({ viewId: z.string().min(1).max(100) }).strict();

/** MCP Apps: a tool's own view, opened in a sandbox on another origin, its calls through the gate. */
export const requests = {
  /** Reads the view a tool links and opens it for one frame. */
  'apps.open': { input: z.object({ serverId: ServerId, tool: z.string().min(1).max(500) }).strict(), output: AppView },
  /** A `tools/call` the view made: a tool of its own server that views may call, through the approval gate. */
  'apps.call': {
    input: z
      .object({
        viewId: z.string().min(1).max(100),
        tool: z.string().min(1).max(500),
        args: z.record(z.string(), z.unknown()),
      })
      .strict(),
    output: CallRecord,
  },
  /** A `resources/read` the view made, of its own server. */
  'apps.read': {
    input: z.object({ viewId: z.string().min(1).max(100), uri: z.string().max(8192) }).strict(),
    output: ReadResourceResult,
  },
  /** Something the view said that has no model to go to here: shown to the person and recorded. */
  'apps.note': {
    input: z.object({ viewId: z.string().min(1).max(100), kind: AppNoteKind, text: z.string().max(20_000) }).strict(),
    output: ok,
  },
  /**
   * A view's channel messages, as the page passed them (a batch), into its server's trace beside the calls they led to.
   */
  'apps.trace': {
    input: z
      .object({
        viewId: z.string().min(1).max(100),
        lines: z.array(z.object({ dir: z.enum(['to-view', 'from-view']), message: z.unknown() }).strict()).max(200),
      })
      .strict(),
    output: ok,
  },
  'apps.close': { input: byView, output: ok },
  /** A person pins the view as it is now: it is no longer flagged as changed. */
  'apps.pin': { input: byView, output: ok },
  'apps.violations': { input: byView, output: z.array(AppViolation) },
} as const;

export const events = {
  'app.violation': AppViolation,
} as const;
