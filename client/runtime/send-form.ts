/**
 * Sends a form's fields in the background, as the form itself would post them, asking the worker
 * for JSON: what the forms that answer in place (a heart, "Add to cart") send. Throws on anything
 * but the worker's JSON (offline, a proxy's error page, a gallery's door asking for its password
 * again), so the caller can send the plain form instead.
 */
export async function sendForm(form: HTMLFormElement): Promise<unknown> {
  const response = await fetch(form.action, {
    method: "POST",
    body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  if (!response.headers.get("Content-Type")?.includes("application/json")) {
    throw new Error(`Not the worker's answer: ${response.status}`);
  }
  return response.json();
}
