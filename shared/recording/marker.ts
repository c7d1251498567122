/** What a recording writes in place of a secret it left out (shared/schemas/recording.ts); no zod here, for the page. */
export const REDACTED = '[redacted]';
