import type { FetchLike } from '@modelcontextprotocol/client';

/**
 * Every read of a sign-in (protected-resource and authorization-server metadata,
 * registration, client metadata documents, tokens, an IdP's token exchange) comes from a
 * server the person has not vetted, and an answer of OAuth is a few kB. Without a bound,
 * a 2 GiB token response was buffered whole (gigabytes of memory, minutes).
 */
const OAUTH_LIMITS = { bytes: 2 ** 20, ms: 30_000 } as const;

const where = (input: Parameters<FetchLike>[0]) => {
  const url = new URL(String(input instanceof Request ? input.url : input));
  return `${url.origin}${url.pathname}`;
};

/**
 * A fetch that reads each whole body up to `limits.bytes` (then stops reading and fails
 * with what to know) and gives up on the request after `limits.ms`; what it returns is
 * already in memory, so a caller may read it as often as it likes.
 */
export function boundedFetch(base: FetchLike = fetch, limits: { bytes: number; ms: number } = OAUTH_LIMITS): FetchLike {
  return async (input, init) => {
    const timeout = AbortSignal.timeout(limits.ms);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const tooLarge = () => new Error(`the response from ${where(input)} is over ${limits.bytes / 2 ** 20} MiB; mcpdeck stops reading there (an OAuth answer is a few kB)`);
    try {
      const response = await base(input, { ...init, signal });
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > limits.bytes) {
        await response.body?.cancel();
        throw tooLarge();
      }
      const chunks: Uint8Array[] = [];
      let bytes = 0;
      if (response.body) {
        const reader = response.body.getReader();
        for (let next = await reader.read(); !next.done; next = await reader.read()) {
          bytes += next.value.byteLength;
          if (bytes > limits.bytes) {
            await reader.cancel();
            throw tooLarge();
          }
          chunks.push(next.value);
        }
      }
      const body = [204, 205, 304].includes(response.status) ? null : Buffer.concat(chunks);
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    } catch (error) {
      if (timeout.aborted && !init?.signal?.aborted) throw new Error(`no whole answer from ${where(input)} within ${limits.ms / 1000} s`);
      throw error;
    }
  };
}
