import { z } from 'zod';
import { Requester } from './requester.js';
import { ProtocolEra } from './server.js';

/** What a person may put in an accepted form: the spec's restricted schema allows only these. */
export const ElicitationContent = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]),
);
export type ElicitationContent = z.infer<typeof ElicitationContent>;

export const ElicitationStatus = z.enum(['pending', 'accepted', 'declined', 'cancelled']);
export type ElicitationStatus = z.infer<typeof ElicitationStatus>;

/**
 * A server asking the person for input (`elicitation/create`: a server request in the 2025 era,
 * an `input_required` round in 2026-07-28). Never answered by anyone but a person, or by the
 * answer they gave on the command line (`--elicit`).
 */
export const ElicitationView = z.object({
  id: z.string(),
  /**
   * `elicitation`: the server asks the person something. `sampling` (deprecated in 2026-07-28): the
   * server asks for a model's reply; no model is called, a person writes it (`content.text`, `content.model`).
   */
  kind: z.enum(['elicitation', 'sampling']),
  serverId: z.string(),
  serverName: z.string().optional(),
  era: ProtocolEra.optional(),
  mode: z.enum(['form', 'url']),
  message: z.string(),
  /** Form mode: the flat schema of what is asked (string, number, integer, boolean and enum fields). */
  requestedSchema: z.record(z.string(), z.unknown()).optional(),
  /** URL mode: the whole URL, its host as the person should read it, and whether it may be opened at all. */
  url: z.string().optional(),
  host: z.string().optional(),
  urlProblem: z.string().optional(),
  elicitationId: z.string().optional(),
  /** URL mode: when the server said the interaction at that URL is done (`notifications/elicitation/complete`). */
  completedAt: z.string().optional(),
  /** Sampling: the conversation the server sent, its system prompt and token limit. */
  sampling: z
    .object({
      messages: z.array(z.looseObject({ role: z.string(), content: z.unknown() })),
      systemPrompt: z.string().optional(),
      maxTokens: z.number().optional(),
      modelPreferences: z.unknown().optional(),
    })
    .optional(),
  /**
   * Our calls to this server that were running when it asked (the one that asked is among them), with who asked for
   * each.
   */
  during: z.array(z.object({ callId: z.string(), tool: z.string(), requestedBy: Requester.optional() })),
  createdAt: z.string(),
  status: ElicitationStatus,
  content: ElicitationContent.optional(),
  answeredBy: Requester.optional(),
  answeredAt: z.string().optional(),
  /** Why it ended without an answer (the server gave up, the connection was lost). */
  reason: z.string().optional(),
});
export type ElicitationView = z.infer<typeof ElicitationView>;

export const ElicitationAnswer = z
  .object({
    id: z.string(),
    action: z.enum(['accept', 'decline', 'cancel']),
    content: ElicitationContent.optional(),
  })
  .strict();
export type ElicitationAnswer = z.infer<typeof ElicitationAnswer>;
