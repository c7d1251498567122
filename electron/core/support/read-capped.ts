/**
 * A body read up to `max` bytes: its bytes, or `over` (with how much was read) when it went on past
 * them; the rest is not read, and the stream is cancelled.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array>,
  max: number,
): Promise<{ bytes: Buffer; over: boolean; read: number }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks), over: false, read };
    read += value.length;
    if (read > max) {
      await reader.cancel().catch(() => {});
      return { bytes: Buffer.alloc(0), over: true, read };
    }
    chunks.push(value);
  }
}
