/** Resolves once `check()` holds, polling every `every` ms; rejects naming `what` after `ms`. */
export async function until(check: () => boolean, what: string, ms = 3000, every = 10): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
