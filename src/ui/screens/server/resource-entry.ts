import type { Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';

/** A resource or a template, in one list. */
export type ResourceEntry = { kind: 'resource'; item: Resource } | { kind: 'template'; item: ResourceTemplate };

export function resourceEntries(resources: readonly Resource[], templates: readonly ResourceTemplate[]): ResourceEntry[] {
  return [
    ...resources.map((item) => ({ kind: 'resource' as const, item })),
    ...templates.map((item) => ({ kind: 'template' as const, item })),
  ];
}

export const entryUri = (e: ResourceEntry) => (e.kind === 'resource' ? e.item.uri : e.item.uriTemplate);

/** What a resource is found by: its names, URI and description. */
export const haystack = (e: ResourceEntry) => `${e.item.name}\n${e.item.title ?? ''}\n${entryUri(e)}\n${e.item.description ?? ''}`;
