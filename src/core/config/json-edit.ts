import { applyEdits, findNodeAtLocation, format, modify, parseTree, type FormattingOptions } from 'jsonc-parser';

export type KeyPath = readonly string[];

/** One change to a document: set the value at a key path, or remove it with `undefined`. */
export interface Change {
  path: KeyPath;
  value: unknown;
}

/** The file's own indentation (tabs or n spaces) and line ends, for the text mcpdeck inserts. */
export function detectFormat(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indents = [...text.matchAll(/^([ \t]+)["}\]/]/gm)].map((m) => m[1]!);
  if (indents[0]?.startsWith('\t')) return { insertSpaces: false, tabSize: 4, eol };
  const widths = indents.map((i) => i.length).filter((n) => n > 0);
  return { insertSpaces: true, tabSize: widths.length ? Math.min(...widths) : 2, eol };
}

/**
 * Applies changes to JSON text and keeps every other byte: comments, key order, other
 * fields. Only what is inserted is formatted, in the file's own indentation.
 */
export function applyChanges(text: string, changes: readonly Change[]): string {
  const options = detectFormat(text);
  let next = text;
  for (const { path, value } of changes) {
    const edits = modify(next, [...path], value, {});
    next = applyEdits(next, edits);
    const [edit] = edits;
    if (edits.length !== 1 || !edit || value === undefined) continue;
    // Into an empty object, the braces around the insert need their lines too.
    const parent = findNodeAtLocation(parseTree(next)!, [...path.slice(0, -1)]);
    const range = parent?.type === 'object' && parent.children?.length === 1
      ? { offset: parent.offset, length: parent.length }
      : { offset: edit.offset, length: edit.content.length };
    next = applyEdits(next, format(next, range, options));
  }
  return next;
}

/** Sets (or with `undefined` deletes) a key path in a plain object, making the objects on the way. */
export function setPath(target: Record<string, unknown>, path: KeyPath, value: unknown): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    if (value === undefined) delete target[head];
    else target[head] = value;
    return;
  }
  const child = target[head];
  if (typeof child !== 'object' || child === null || Array.isArray(child)) target[head] = {};
  setPath(target[head] as Record<string, unknown>, rest, value);
}
