import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { parseMeasured } from '../../../shared/boundary.js';
import { readPlacedText, CoreError, writeFileAtomic } from '../support/index.js';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import type { Collection } from '../../../shared/schemas/collection.js';
import type { CollectionFile } from '../../../shared/schemas/collection-run.js';
import { collectionFileName, collectionText, serversOf } from '../../../shared/collections/steps.js';
import { MAX_COLLECTION_BYTES, parseCollection } from './parse.js';

const SUFFIX = '.collection.json';
const MAX_FOLDERS = 50;

/**
 * Collection files, kept where the person chose: the data directory's `collections/` and any folder
 * they added (a repository's, so the files are reviewed and versioned with the server). Only files
 * named `*.collection.json` directly in those folders are read or written: an id from a front end
 * that names anything else is refused.
 */
export class CollectionFiles {
  readonly standard: string;
  private readonly foldersFile: string;
  private added: string[];
  /** Each file as last described, by path, with the mtime and size it had: a list re-reads only what changed. */
  private readonly described = new Map<string, { key: string; file: CollectionFile }>();

  constructor(dataDir: string) {
    this.standard = join(dataDir, 'collections');
    this.foldersFile = join(this.standard, 'folders.json');
    this.added = this.readFolders();
  }

  folders(): { folders: string[]; standard: string } {
    return { folders: [this.standard, ...this.added], standard: this.standard };
  }

  /** Adds an existing directory to the folders collections are kept in. */
  addFolder(path: string): { folders: string[]; standard: string } {
    if (!isAbsolute(path))
      throw new CoreError('bad-folder', `${JSON.stringify(path)}: name the folder by its full path`);
    const dir = resolve(path);
    let isDir = false;
    try {
      isDir = statSync(dir).isDirectory();
    } catch {
      /* below */
    }
    if (!isDir) throw new CoreError('bad-folder', `${JSON.stringify(dir)} is not an existing folder`);
    if (dir !== this.standard && !this.added.includes(dir)) {
      if (this.added.length >= MAX_FOLDERS) throw new CoreError('bad-folder', `at most ${MAX_FOLDERS} folders`);
      this.added = [...this.added, dir];
      mkdirSync(this.standard, { recursive: true });
      writeFileAtomic(this.foldersFile, JSON.stringify({ folders: this.added }, null, 2));
    }
    return this.folders();
  }

  /** Every collection file in every folder, valid or not (a broken one says why). */
  list(): CollectionFile[] {
    const out: CollectionFile[] = [];
    for (const folder of this.folders().folders) {
      let names: string[];
      try {
        names = readdirSync(folder).filter((n) => n.endsWith(SUFFIX));
      } catch {
        continue; // not there (yet)
      }
      for (const n of names.sort()) out.push(this.describe(join(folder, n)));
    }
    // Files gone from the folders leave the cache with them.
    const listed = new Set(out.map((f) => f.id));
    for (const path of this.described.keys()) if (!listed.has(path)) this.described.delete(path);
    return out;
  }

  /** A file and its collection; a broken file is an error naming what is wrong. */
  read(id: string): { file: CollectionFile; collection: Collection } {
    const path = this.must(id);
    const collection = parseCollection(this.text(path), basename(path));
    return { file: this.describe(path, collection), collection };
  }

  /** Writes a collection over its file, or as a new file in a folder of the list. */
  write(collection: Collection, where: { id?: string; folder?: string }): CollectionFile {
    let path: string;
    if (where.id) path = this.must(where.id);
    else {
      const folder = resolve(where.folder ?? this.standard);
      if (!this.folders().folders.includes(folder))
        throw new CoreError('bad-folder', `${JSON.stringify(folder)} is not one of the collection folders`);
      mkdirSync(folder, { recursive: true });
      const base = collectionFileName(collection.name).slice(0, -SUFFIX.length);
      path = join(folder, base + SUFFIX);
      for (let i = 2; existsSync(path); i++) path = join(folder, `${base}-${i}${SUFFIX}`);
    }
    const text = collectionText(collection);
    if (text.length > MAX_COLLECTION_BYTES)
      throw new CoreError(
        'bad-collection',
        `the collection would be larger than ${MAX_COLLECTION_BYTES / 1_048_576} MB`,
      );
    writeFileAtomic(path, text);
    return this.describe(path, collection);
  }

  remove(id: string): void {
    const path = this.must(id);
    rmSync(path);
    this.described.delete(path);
  }

  /** The path an id names, when it is a collection file directly in one of the folders. */
  must(id: string): string {
    const path = resolve(id);
    if (!path.endsWith(SUFFIX) || !this.folders().folders.includes(dirname(path)))
      throw new CoreError(
        'unknown-collection',
        `${JSON.stringify(id)} is not a collection file in the collection folders`,
      );
    if (!existsSync(path)) throw new CoreError('unknown-collection', `${JSON.stringify(id)} does not exist`);
    return path;
  }

  private describe(path: string, known?: Collection): CollectionFile {
    const file: CollectionFile = { id: path, folder: dirname(path), fileName: basename(path) };
    try {
      const st = statSync(path);
      const key = `${st.mtimeMs}:${st.size}`;
      const seen = this.described.get(path);
      if (!known && seen?.key === key) return seen.file;
      file.modifiedAt = st.mtime.toISOString();
      const c = known ?? parseCollection(this.text(path, st.size), basename(path));
      const described = { ...file, name: c.name, steps: c.steps.length, servers: serversOf(c) };
      this.described.set(path, { key, file: described });
      return described;
    } catch (e) {
      this.described.delete(path);
      return { ...file, error: (e as Error).message };
    }
  }

  /** A file's text, refused past the limit; `size` when the caller has just looked (one stat, not two). */
  private text(path: string, size = statSync(path).size): string {
    if (size > MAX_COLLECTION_BYTES)
      throw new CoreError('bad-collection', `${basename(path)}: larger than ${MAX_COLLECTION_BYTES / 1_048_576} MB`);
    return readPlacedText(path, 'a collection file', MAX_COLLECTION_BYTES);
  }

  private readFolders(): string[] {
    try {
      const j = parseMeasured(
        readPlacedText(this.foldersFile, 'the folders file', 1024 * 1024),
        'the folders file',
      ) as { folders?: unknown };
      return Array.isArray(j.folders)
        ? j.folders.filter((f): f is string => typeof f === 'string' && isAbsolute(f)).slice(0, MAX_FOLDERS)
        : [];
    } catch {
      return [];
    }
  }
}
