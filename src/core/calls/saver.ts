import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Writes binary parts of results (images, audio, blobs) to files a person can open. */
export interface ResultSaver {
  readonly dir: string;
  /** Saves `data` and returns the path; throws when the file cannot be written. */
  save(stem: string, data: Uint8Array, mimeType: string | undefined): string;
  /** Writes text a piece at a time (a 50 MB result is never one string) and resolves with the path and size. */
  saveChunks(stem: string, chunks: Iterable<string>, mimeType: string | undefined): Promise<{ path: string; bytes: number }>;
}

// Pieces are gathered to about this size before each write.
const WRITE_SIZE = 2 ** 20;

/**
 * Where saved files go: a folder of this user's own under the temp dir (a shared
 * `/tmp/mcpdeck` could belong to someone else on a shared machine).
 */
export function savedFilesDir(kind: 'results' | 'resources'): string {
  return join(savedFilesRoot(), kind);
}

/** The folder of this user's saved files, of every kind. */
export function savedFilesRoot(): string {
  return join(tmpdir(), `mcpdeck-${process.getuid?.() ?? process.env.USERNAME ?? 'user'}`);
}

// A fixed table: the server's mime type picks an extension, never a path or a name.
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png', 'image/jpeg': 'jpg', 'image/jpg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp',
  'image/svg+xml': 'svg', 'image/bmp': 'bmp', 'image/x-icon': 'ico', 'image/vnd.microsoft.icon': 'ico', 'image/tiff': 'tiff', 'image/avif': 'avif',
  'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/wave': 'wav', 'audio/mpeg': 'mp3', 'audio/mp3': 'mp3', 'audio/ogg': 'ogg',
  'audio/webm': 'weba', 'audio/flac': 'flac', 'audio/aac': 'aac', 'audio/mp4': 'm4a',
  'application/pdf': 'pdf', 'application/json': 'json', 'application/zip': 'zip', 'application/gzip': 'gz', 'application/x-gzip': 'gz',
  'text/plain': 'txt', 'text/html': 'html', 'text/csv': 'csv', 'text/markdown': 'md', 'application/xml': 'xml', 'text/xml': 'xml',
};

export function extensionFor(mimeType: string | undefined): string {
  const base = (mimeType ?? '').split(';')[0]!.trim().toLowerCase();
  return EXTENSIONS[base] ?? 'bin';
}

/** Letters, digits, dot, dash and underscore only; no leading dot; short. */
export function safeStem(name: string): string {
  const stem = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 40);
  return stem || 'result';
}

/**
 * Files are named `<stem>-<n>.<ext>` in `dir`. Never overwrites: another mcpdeck may
 * save into the same directory, so an existing name moves the counter on.
 */
export function createResultSaver(dir: string = savedFilesDir('results')): ResultSaver {
  let counter = 0;
  const next = (stem: string, mimeType: string | undefined) => join(dir, `${safeStem(stem)}-${++counter}.${extensionFor(mimeType)}`);
  const taken = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EEXIST';
  return {
    dir,
    save(stem, data, mimeType) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      for (;;) {
        const path = next(stem, mimeType);
        try {
          writeFileSync(path, data, { flag: 'wx', mode: 0o600 });
          return path;
        } catch (error) {
          if (!taken(error)) throw error;
        }
      }
    },
    async saveChunks(stem, chunks, mimeType) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      let path: string;
      let file: FileHandle;
      for (;;) {
        path = next(stem, mimeType);
        try {
          file = await open(path, 'wx', 0o600);
          break;
        } catch (error) {
          if (!taken(error)) throw error;
        }
      }
      let bytes = 0;
      let pending = '';
      const flush = async () => {
        bytes += (await file.write(pending)).bytesWritten;
        pending = '';
      };
      try {
        for (const chunk of chunks) {
          pending += chunk;
          if (pending.length >= WRITE_SIZE) await flush();
        }
        await flush();
      } finally {
        await file.close();
      }
      return { path, bytes };
    },
  };
}
