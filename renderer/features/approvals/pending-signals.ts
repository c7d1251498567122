import { useEffect, useRef } from 'react';
import { useConsole } from '../../store/store';
import { describeRequester } from '../../../shared/requester-text';

/** A favicon that shows how many calls wait (an SVG data URL: nothing is fetched). */
export function countIcon(n: number): string {
  const label = n > 99 ? '99+' : String(n);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${n > 0 ? '#c2410c' : '#334155'}"/>` +
    (n > 0
      ? `<text x="16" y="22" font-size="${label.length > 2 ? 12 : 17}" text-anchor="middle" fill="#fff" font-family="sans-serif" font-weight="700">${label}</text>`
      : '') +
    '</svg>';
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * Tells the person calls wait while the page is not in front: the title and the favicon show the
 * count, and a browser notification says who asks (only if the person allowed notifications).
 */
export function usePendingSignals(pending: number): void {
  const seen = useRef(new Set<string>());
  useEffect(() => {
    document.title = pending > 0 ? `(${pending}) MCP Console — waiting for approval` : 'MCP Console';
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = countIcon(pending);
  }, [pending]);
  useEffect(
    () =>
      useConsole.subscribe((s) => {
        for (const a of s.approvals) {
          if (seen.current.has(a.id)) continue;
          seen.current.add(a.id);
          if (typeof Notification === 'undefined' || Notification.permission !== 'granted' || document.hasFocus())
            continue;
          const n = new Notification('MCP Console: a call waits for you', {
            body: `${describeRequester(a.requestedBy)} asks to call ${a.tool} on ${a.serverId}`,
            tag: a.id,
          });
          n.onclick = () => (window.focus(), n.close());
        }
        if (seen.current.size > 1000) seen.current = new Set(s.approvals.map((a) => a.id));
      }),
    [],
  );
}
