/**
 * Sends a form's fields in the background, as the form itself would post them, asking the worker
 * for JSON: what the forms that answer in place (a heart, "Add to cart") send. Without the
 * worker's JSON (offline, a proxy's error page, a gallery's door asking for its password again)
 * the form is sent the plain way instead, and the answer is undefined. Only the request falls
 * back: once the worker has answered, the form is never sent a second time, so a print is not
 * added twice nor a heart taken back by what the caller does with the answer. The worker's own
 * errors are JSON too (render/error-page.tsx): `{ error }`, said in place like a refusal.
 */
export async function sendForm(form: HTMLFormElement): Promise<unknown> {
  let response: Response | undefined;
  try {
    response = await fetch(form.action, {
      method: "POST",
      body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
  } catch {
    // Offline, or no answer came: sent the plain way below.
  }
  if (!response?.headers.get("Content-Type")?.includes("application/json")) {
    form.submit();
    return undefined;
  }
  // The worker answered: a body that breaks off on the way is no answer, never a second send.
  return response.json().catch(() => undefined);
}
