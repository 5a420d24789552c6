/** The plain page the browser shows after the redirect: what happened, and to go back to the terminal. */
export function callbackPage(outcome: 'ok' | 'failed', message: string): string {
  const title = outcome === 'ok' ? 'mcpdeck: signed in' : 'mcpdeck: sign-in failed';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:15vh auto;padding:0 1rem;color:#222}h1{font-size:1.3rem}</style>
</head><body><h1>${title}</h1><p>${escapeHtml(message)}</p></body></html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
