/**
 * Polls `check` every `every` ms until it holds; throws, naming `what`, once `ms` have
 * passed without it. Every poll in the tests has a deadline: a wait that can never end
 * says what it waited for instead of running into the test's timeout.
 */
export async function until(check: () => boolean, what: string, { ms = 10_000, every = 20 } = {}): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
