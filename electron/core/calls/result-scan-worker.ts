import { parentPort } from 'node:worker_threads';
import { scanResultTexts, type ResultText } from '../../../shared/review/result-scan.js';

// The result scan's worker: reads each result's texts off the console's loop and answers with what
// it found. One job at a time, in order; the scanner ends it when a job runs past its budget.
parentPort?.on('message', (m: { id: number; texts: ResultText[] }) => {
  try {
    parentPort!.postMessage({ id: m.id, findings: scanResultTexts(m.texts) });
  } catch (e) {
    parentPort!.postMessage({ id: m.id, error: (e as Error).message });
  }
});
