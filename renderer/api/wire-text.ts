/** The text of a message: as received, or joined from its binary parts (each after its one-byte mark). */
export function textOf(data: string | ArrayBuffer[]): string {
  if (typeof data === 'string') return data;
  const all = new Uint8Array(data.reduce((n, p) => n + p.byteLength - 1, 0));
  let at = 0;
  for (const p of data) {
    all.set(new Uint8Array(p, 1), at);
    at += p.byteLength - 1;
  }
  return new TextDecoder().decode(all);
}
