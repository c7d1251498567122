import { useRef } from 'react';

/** Saves a text as a file through the browser's download. */
export function downloadText(name: string, text: string, type: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** Saves a value as a pretty JSON file through the browser's download. */
function downloadJson(name: string, value: unknown): void {
  downloadText(name, JSON.stringify(value, null, 2) + '\n', 'application/json');
}

/**
 * Export and import of one review file (the baseline, the pins): the export downloads what `load`
 * gives, the import hands the chosen file's text to `save`. Errors go to `failed`.
 */
export function FileExchange({
  what,
  fileName,
  load,
  save,
  failed,
  testIds,
}: {
  what: string;
  fileName: string;
  load: () => Promise<unknown>;
  save: (text: string) => Promise<void>;
  failed: (message: string) => void;
  testIds: { export: string; import: string };
}) {
  const file = useRef<HTMLInputElement>(null);
  const importIt = async (f: File | undefined) => {
    if (!f) return;
    try {
      await save(await f.text());
    } catch (e) {
      failed((e as Error).message);
    } finally {
      if (file.current) file.current.value = '';
    }
  };
  return (
    <>
      <button
        onClick={() =>
          load().then(
            (v) => downloadJson(fileName, v),
            (e: Error) => failed(e.message),
          )
        }
        data-testid={testIds.export}
      >
        Export {what}
      </button>
      <label className="button-like">
        Import {what}…
        <input
          ref={file}
          type="file"
          accept="application/json,.json"
          hidden
          onChange={(e) => void importIt(e.target.files?.[0])}
          data-testid={testIds.import}
        />
      </label>
    </>
  );
}
