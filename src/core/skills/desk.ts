import type { ReadResourceResult, SendOptions } from '../mcp/types.js';
import { createStore } from '../store.js';
import type { ServerState } from '../servers/state.js';
import { MAX_SKILL_BYTES, MAX_SKILL_FILES, parseEntry, safeRelativePath, skillRoot, SKILLS_EXTENSION, type SkillEntry, type SkillFile } from './entry.js';

/** Pages of `skills/list` followed at most: a server that never stops paging is cut off, and said so. */
const MAX_PAGES = 1000;

export interface SkillDeskParts {
  request: (server: string, method: string, params: Record<string, unknown>, options?: SendOptions) => Promise<Record<string, unknown>>;
  readResource: (server: string, uri: string, options?: SendOptions) => Promise<ReadResourceResult>;
  state: (server: string) => ServerState | undefined;
}

export interface SkillListing {
  skills: SkillEntry[];
  /** Entries the server sent that are not entries at all (no uri), counted. */
  unreadable: number;
  /** The server kept paging past MAX_PAGES, or sent a cursor twice. */
  truncated: boolean;
}

export interface LoadedFile {
  uri: string;
  /** The file's path inside the skill folder (`SKILL.md`, `references/FORMS.md`). */
  path: string;
  bytes: Uint8Array;
  mimeType?: string;
}

export interface LoadedSkill {
  entry: SkillEntry;
  files: LoadedFile[];
  /** False for a dynamic skill: nothing could be checked but its frontmatter. */
  verified: boolean;
}

/** One server's listing as the deck shows it: being asked for, listed, or why it failed. */
export interface SkillsView {
  asking?: boolean;
  listing?: SkillListing;
  error?: string;
}

/** A skill the server sent that does not check out; `reason` says why, and nothing of it is used. */
export class SkillRefused extends Error {
  constructor(readonly uri: string, readonly reason: string) {
    super(`refused ${uri}: ${reason}`);
    this.name = 'SkillRefused';
  }
}

/** What a server declares of the extension: undefined when it does not offer skills. */
export function skillsOffer(state: ServerState | undefined): { directoryRead: boolean } | undefined {
  const declared = (state?.capabilities as { extensions?: Record<string, unknown> } | undefined)?.extensions?.[SKILLS_EXTENSION];
  if (typeof declared !== 'object' || declared === null) return undefined;
  return { directoryRead: (declared as { directoryRead?: unknown }).directoryRead === true };
}

/**
 * The Deck's door to servers' skills: the listing (every page), one entry by URI, and a
 * skill loaded with each file checked against its entry. Nothing is read before a skill is
 * loaded: listing fetches no file.
 */
export class SkillDesk {
  private readonly views = createStore<Readonly<Record<string, SkillsView>>>({});
  /** Each server's listing as last asked for (`refresh`), for the deck's Skills tab. */
  readonly subscribe = this.views.subscribe;
  readonly getSnapshot = this.views.getSnapshot;

  constructor(private readonly parts: SkillDeskParts) {}

  offers = (server: string) => skillsOffer(this.parts.state(server));

  /** Lists a server's skills again into the snapshot (what was listed before stays while it is asked). */
  async refresh(server: string, options?: SendOptions): Promise<void> {
    const set = (view: SkillsView) => this.views.update((all) => ({ ...all, [server]: view }));
    set({ ...this.views.getSnapshot()[server], asking: true, error: undefined });
    try {
      set({ listing: await this.list(server, options) });
    } catch (error) {
      set({ ...this.views.getSnapshot()[server], asking: false, error: (error as Error).message });
    }
  }

  async list(server: string, options?: SendOptions): Promise<SkillListing> {
    const skills: SkillEntry[] = [];
    const cursors = new Set<string>();
    let unreadable = 0;
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await this.parts.request(server, 'skills/list', cursor ? { cursor } : {}, options);
      for (const raw of Array.isArray(result.skills) ? result.skills : []) {
        const entry = parseEntry(raw);
        if (entry) skills.push(entry);
        else unreadable++;
      }
      const next = result.nextCursor;
      if (typeof next !== 'string' || !next) return { skills, unreadable, truncated: false };
      if (cursors.has(next)) break;
      cursors.add(next);
      cursor = next;
    }
    return { skills, unreadable, truncated: true };
  }

  /** One skill's entry by the URI of its SKILL.md (`skills/get`), listed or not. */
  async get(server: string, uri: string, options?: SendOptions): Promise<SkillEntry> {
    const result = await this.parts.request(server, 'skills/get', { uri }, options);
    const entry = parseEntry(result.skill);
    if (!entry) throw new SkillRefused(uri, 'the answer to skills/get holds no skill entry');
    if (entry.uri !== uri) throw new SkillRefused(uri, `skills/get answered for another skill (${entry.uri})`);
    return entry;
  }

  /**
   * Loads a skill: SKILL.md first (its frontmatter compared field by field with the entry's),
   * then each other file, every one checked against its size and digest. The first
   * mismatch refuses the whole skill (SkillRefused) and nothing more is read.
   */
  async load(server: string, entry: SkillEntry, options?: SendOptions): Promise<LoadedSkill> {
    if (entry.problem) throw new SkillRefused(entry.uri, entry.problem);
    // The checks (and the YAML parser) load when a skill does: every deck has this desk.
    const { fileMismatch, frontmatterDifferences, readFrontmatter } = await import('./verify.js');
    const check = (skill: string, file: SkillFile, bytes: Uint8Array) => {
      const mismatch = fileMismatch(file, bytes, file.uri.slice(skillRoot(skill)!.length + 1));
      if (mismatch) throw new SkillRefused(skill, mismatch);
    };
    const root = skillRoot(entry.uri)!;
    const listed = entry.resources === 'dynamic' ? undefined : entry.resources;
    const skillMd = await this.read(server, entry.uri, root, options, listed?.find((f) => f.uri === entry.uri)!.size ?? MAX_SKILL_BYTES);
    if (listed) check(entry.uri, listed.find((f) => f.uri === entry.uri)!, skillMd.bytes);
    const frontmatter = readFrontmatter(new TextDecoder().decode(skillMd.bytes));
    if ('problem' in frontmatter) throw new SkillRefused(entry.uri, frontmatter.problem);
    const differ = frontmatterDifferences(frontmatter.fields, entry.frontmatter);
    if (differ.length) throw new SkillRefused(entry.uri, `the frontmatter of SKILL.md differs from its entry in ${differ.map((k) => `"${k}"`).join(', ')}`);
    const files = [skillMd];
    if (listed) {
      for (const file of listed) {
        if (file.uri === entry.uri) continue;
        const read = await this.read(server, file.uri, root, options, file.size);
        check(entry.uri, file, read.bytes);
        files.push(read);
      }
      return { entry, files, verified: true };
    }
    // Dynamic: no list of files. Where the server reads directories, its files are found
    // there, held to the limits as they arrive.
    if (this.offers(server)?.directoryRead) {
      let total = skillMd.bytes.byteLength;
      for (const uri of await this.walk(server, root, options)) {
        if (uri === entry.uri) continue;
        if (files.length >= MAX_SKILL_FILES) throw new SkillRefused(entry.uri, `it has more than ${MAX_SKILL_FILES} files`);
        const read = await this.read(server, uri, root, options, MAX_SKILL_BYTES - total);
        total += read.bytes.byteLength;
        if (total > MAX_SKILL_BYTES) throw new SkillRefused(entry.uri, `its files come to more than ${MAX_SKILL_BYTES} bytes (16 MiB)`);
        files.push(read);
      }
    }
    return { entry, files, verified: false };
  }

  /** The files under a directory resource (`resources/directory/read`), descending into subfolders, bounded. */
  private async walk(server: string, root: string, options?: SendOptions): Promise<string[]> {
    const found: string[] = [];
    const folders = [root];
    const seen = new Set(folders);
    while (folders.length) {
      const folder = folders.shift()!;
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const result = await this.parts.request(server, 'resources/directory/read', { uri: folder, ...(cursor && { cursor }) }, options);
        for (const child of Array.isArray(result.resources) ? result.resources : []) {
          const uri = (child as { uri?: unknown }).uri;
          if (typeof uri !== 'string' || !uri.startsWith(`${root}/`) || !safeRelativePath(uri.slice(root.length + 1)) || seen.has(uri)) continue;
          seen.add(uri);
          if ((child as { mimeType?: unknown }).mimeType === 'inode/directory') folders.push(uri);
          else found.push(uri);
          if (found.length + folders.length > MAX_SKILL_FILES) throw new SkillRefused(`${root}/SKILL.md`, `it has more than ${MAX_SKILL_FILES} files`);
        }
        cursor = typeof result.nextCursor === 'string' && result.nextCursor ? result.nextCursor : undefined;
        if (!cursor) break;
      }
    }
    return found;
  }

  /**
   * One file's bytes. `most`: the bytes it may have (its entry's size, or what is left of the
   * 16 MiB): a larger answer is refused before it is decoded or hashed.
   */
  private async read(server: string, uri: string, root: string, options: SendOptions | undefined, most: number): Promise<LoadedFile> {
    const result = await this.parts.readResource(server, uri, options);
    const contents = result.contents ?? [];
    const content = contents.find((c) => c.uri === uri) ?? (contents.length === 1 ? contents[0] : undefined);
    if (!content) throw new SkillRefused(`${root}/SKILL.md`, `resources/read of ${uri} returned no content for it`);
    const blob = 'blob' in content && typeof content.blob === 'string' ? content.blob : undefined;
    const text = 'text' in content && typeof content.text === 'string' ? content.text : '';
    // Base64 gives 3 bytes for 4 characters; UTF-8 takes at least a byte for each UTF-16 unit.
    const least = blob === undefined ? text.length : Math.floor((blob.length * 3) / 4) - 2;
    if (least > most) throw new SkillRefused(`${root}/SKILL.md`, `${uri.slice(root.length + 1)} is more than ${most} bytes, more than its entry says or the skill may hold`);
    const bytes = blob === undefined ? new TextEncoder().encode(text) : Buffer.from(blob, 'base64');
    return { uri, path: uri.slice(root.length + 1), bytes, ...(content.mimeType && { mimeType: content.mimeType }) };
  }
}
