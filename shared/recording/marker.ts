/**
 * What a recording writes in place of a secret it left out (shared/schemas/recording.ts). A module of its own, without
 * zod, for the page.
 */
export const REDACTED = '[redacted]';
