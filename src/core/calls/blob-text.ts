/** A blob up to this many decoded bytes with a text mime type is shown as text too. */
export const BLOB_TEXT_MAX = 64 * 1024;

const TEXT_TYPES = new Set([
  'application/json', 'application/xml', 'application/javascript', 'application/ecmascript', 'application/x-javascript',
  'application/yaml', 'application/x-yaml', 'application/toml', 'application/x-sh', 'application/sql', 'application/graphql',
  'application/x-ndjson', 'application/csv', 'image/svg+xml',
]);

/** text/*, the JSON and XML families (`+json`, `+xml`) and a few other formats people read. */
function isTextMime(mimeType: string | undefined): boolean {
  const base = (mimeType ?? '').split(';')[0]!.trim().toLowerCase();
  return base.startsWith('text/') || base.endsWith('+json') || base.endsWith('+xml') || TEXT_TYPES.has(base);
}

/**
 * A small blob of a text type as text: raw (whoever draws it sanitizes it), or
 * undefined when it is too big, not of a text type, or not valid UTF-8.
 */
export function blobText(data: Uint8Array, mimeType: string | undefined): string | undefined {
  if (data.length > BLOB_TEXT_MAX || !isTextMime(mimeType)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return undefined;
  }
}
