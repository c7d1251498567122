/** A turn of the event loop: what follows runs in a task of its own (how the page keeps its tasks short). */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));
