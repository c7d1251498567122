/// <reference lib="webworker" />
/** Parses large messages off the page's main thread (a 10 MB result would otherwise block it). */
self.onmessage = (e: MessageEvent<{ seq: number; text: string }>) => {
  const { seq, text } = e.data;
  try {
    self.postMessage({ seq, value: JSON.parse(text) as unknown });
  } catch (err) {
    self.postMessage({ seq, error: String(err) });
  }
};
