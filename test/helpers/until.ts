/**
 * Polls `check` every `every` ms until it holds; throws, naming `what`, once `ms` have
 * passed without it. Every poll in the tests has a deadline: a wait that can never end
 * says what it waited for instead of running into the test's timeout. `what` may be a
 * function, to say what was seen by then.
 */
export async function until(check: () => boolean, what: string | (() => string), { ms = 10_000, every = 20 } = {}): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${typeof what === 'function' ? what() : what}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
