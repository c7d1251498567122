/**
 * Opens a link in the system browser: http/https only, after the user confirmed the full URL, never through a shell.
 */
export async function openExternalLink(
  url: string,
  confirm: (url: string) => Promise<boolean>,
  open: (url: string) => Promise<void>,
): Promise<{ opened: boolean }> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { opened: false };
  }
  // SECURITY: any other scheme (file:, javascript:, smb:, custom handlers) is never handed to the OS.
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return { opened: false };
  if (!(await confirm(u.href))) return { opened: false };
  await open(u.href);
  return { opened: true };
}
