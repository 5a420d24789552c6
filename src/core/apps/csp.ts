/** An app's declared Content Security Policy (`_meta.ui.csp`, SEP-1865). */
export interface AppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** Only plain origins (and `*.` wildcards) reach the header: a domain with `;` or a quote could add a directive. */
function origins(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.filter((d): d is string => typeof d === 'string' && /^(https?|wss?):\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(d));
}

/** The declared CSP, reduced to what `appCsp` may put in a header. */
export function readCsp(value: unknown): AppCsp {
  const csp = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return {
    connectDomains: origins(csp.connectDomains),
    resourceDomains: origins(csp.resourceDomains),
    frameDomains: origins(csp.frameDomains),
    baseUriDomains: origins(csp.baseUriDomains),
  };
}

/**
 * The policy the sandbox page is served with; the app's document (an `srcdoc` frame)
 * inherits it. Nothing is allowed off the page but what the app declares: no network
 * without `connectDomains` (the spec's secure default), inline code since an app is one
 * HTML file. `frame-ancestors`: only mcpdeck's host page may frame it.
 */
export function appCsp(csp: AppCsp, hostOrigin: string): string {
  const resources = (csp.resourceDomains ?? []).join(' ');
  const list = (values: string[] | undefined, none: string) => (values?.length ? values.join(' ') : none);
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' 'unsafe-eval' blob: data: ${resources}`.trimEnd(),
    `style-src 'unsafe-inline' blob: data: ${resources}`.trimEnd(),
    `img-src data: blob: ${resources}`.trimEnd(),
    `font-src data: blob: ${resources}`.trimEnd(),
    `media-src data: blob: ${resources}`.trimEnd(),
    `connect-src ${list(csp.connectDomains, "'none'")}`,
    `frame-src ${list(csp.frameDomains, "'none'")}`,
    `base-uri ${list(csp.baseUriDomains, "'none'")}`,
    "object-src 'none'",
    "form-action 'none'",
    `frame-ancestors ${hostOrigin}`,
  ].join('; ');
}
