/**
 * Writes one of the owner's requests into a booking's copy (a cancellation, a move): undefined
 * once Sanity has it, else what went wrong, in words the dialog shows (the network, a role that
 * may not write published documents, a change made meanwhile), so the owner can try again.
 */
export async function ask(commit: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await commit();
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `Not saved (${reason}): nothing was asked of the site. Try again.`;
  }
}
