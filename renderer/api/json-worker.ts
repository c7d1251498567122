/// <reference lib="webworker" />
import { textOf } from './wire-text';

/**
 * Parses large messages off the page's main thread (a 10 MB result would otherwise block it); binary parts are joined
 * and decoded here too.
 */
self.onmessage = (e: MessageEvent<{ seq: number; text?: string; parts?: ArrayBuffer[] }>) => {
  const { seq, text, parts } = e.data;
  try {
    self.postMessage({ seq, value: JSON.parse(textOf(text ?? parts ?? [])) as unknown });
  } catch (err) {
    self.postMessage({ seq, error: String(err) });
  }
};
