/**
 * Browser mode: a message from the core at least this long (1 MB) travels as binary WebSocket
 * messages of at most WS_PART_BYTES of its UTF-8 JSON each, the first byte of each saying whether
 * more follow (1) or it is the last (0). A browser receives one WebSocket message in one
 * main-thread task (a 10 MB one takes ~50 ms before any page code runs); parts keep each task
 * short, and the page hands the bytes to a worker unread. Shorter messages stay whole: splitting
 * the 0.5 MB catalog chunks too left the page less idle time between them, and its garbage
 * collector then paused it for 55-70 ms near the end of a 100,000-tool catalog.
 */
export const BINARY_FRAME_CHARS = 1024 * 1024;
export const WS_PART_BYTES = 128 * 1024;

/**
 * The largest message the page may send the console (bytes of UTF-8 JSON). `serve` closes a
 * WebSocket that sends more, and every request in flight on it is lost; so the page refuses such a
 * request itself, before sending, and only that request fails (a view's 30 MB tools/call included).
 */
export const PAGE_MESSAGE_MAX_BYTES = 16 * 1024 * 1024;
