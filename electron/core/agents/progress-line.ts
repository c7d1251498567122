/** One progress notification as the agent hears it. */
export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

/**
 * What an agent hears about one of its calls: the console's own notes while a person is awaited
 * (the approval, a question the server asked the person) and the upstream server's progress, in one
 * line whose `progress` strictly increases, as the spec requires of every notification for a token
 * ("MUST increase with each notification"). Each note of ours moves the upstream's values up by one
 * (its total with them), so a call that never waited passes the server's figures through unchanged.
 * A server whose own value goes back is moved up too, rather than heard going back.
 */
export function progressLine(send: (p: Progress) => void): { note(message: string): void; forward(p: Progress): void } {
  let last: number | undefined;
  let offset = 0;
  const out = (progress: number, total: number | undefined, message: string | undefined) => {
    last = progress;
    send({ progress, ...(total !== undefined && { total }), ...(message !== undefined && { message }) });
  };
  return {
    note(message) {
      offset += 1;
      out(last === undefined ? 0 : last + 1, undefined, message);
    },
    forward(p) {
      if (!Number.isFinite(p.progress)) return;
      let progress = offset + p.progress;
      if (last !== undefined && progress <= last) {
        offset += last + 1 - progress;
        progress = last + 1;
      }
      out(progress, typeof p.total === 'number' && Number.isFinite(p.total) ? p.total + offset : undefined, p.message);
    },
  };
}
