import type { FetchLike } from '@modelcontextprotocol/client';
import { checkEndpoints } from './endpoints.js';
import { stepOfRequest, type SeenRequest } from './trace.js';

/**
 * A fetch that remembers which discovery, registration and token requests a sign-in
 * made and how each was answered, for the trace. It never keeps a body it reads:
 * only an OAuth `error` code and the endpoints from the metadata. Metadata naming an
 * endpoint mcpdeck will not use (see endpoints.ts) fails here, before the SDK reads it.
 */
export function tracingFetch(base: FetchLike = fetch): { fetch: FetchLike; seen: SeenRequest[] } {
  const seen: SeenRequest[] = [];
  const endpoints: { registration?: string; token?: string } = {};
  const traced: FetchLike = async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const step = stepOfRequest(url, (init?.method ?? 'GET').toUpperCase(), endpoints);
    let response: Response;
    try {
      response = await base(input, init);
    } catch (error) {
      if (step) seen.push({ step, url: url.href, error: (error as Error).message });
      throw error;
    }
    if (!step) return response;
    const entry: SeenRequest = { step, url: url.href, status: response.status };
    seen.push(entry);
    const body = await response.clone().json().catch(() => undefined) as Record<string, unknown> | undefined;
    if (response.ok && step === 'Authorization server metadata' && body) {
      try {
        checkEndpoints(body);
      } catch (error) {
        entry.refused = (error as Error).message;
        throw error;
      }
      if (typeof body.registration_endpoint === 'string') endpoints.registration = body.registration_endpoint;
      if (typeof body.token_endpoint === 'string') endpoints.token = body.token_endpoint;
    }
    if (!response.ok && typeof body?.error === 'string') {
      entry.error = typeof body.error_description === 'string' ? `${body.error}: ${body.error_description}` : body.error;
    }
    return response;
  };
  return { fetch: traced, seen };
}
