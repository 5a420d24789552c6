import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { SPOKEN_REVISIONS } from '../../src/core/mcp/revisions.js';
import { serverEntrySchema } from '../../src/core/config/schema.js';

describe('the revisions mcpdeck speaks', () => {
  it('are the current one and the SDK\'s 2025 ones, newest first', () => {
    expect(SPOKEN_REVISIONS).toEqual(['2026-07-28', ...SUPPORTED_PROTOCOL_VERSIONS]);
  });

  it('are what "protocol" takes besides auto, legacy and modern: another date is refused as the file is read', () => {
    const check = (protocol: string) => serverEntrySchema().safeParse({ command: 'x', protocol });
    for (const ok of ['auto', 'legacy', 'modern', ...SPOKEN_REVISIONS]) expect(check(ok).success).toBe(true);
    const refused = check('2024-01-01');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(`must be "auto", "legacy", "modern" or a revision mcpdeck speaks: ${SPOKEN_REVISIONS.join(', ')}`);
  });
});
