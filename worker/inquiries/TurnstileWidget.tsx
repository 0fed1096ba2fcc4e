import { TURNSTILE_SCRIPT } from "../config/config.ts";

/**
 * Cloudflare Turnstile's widget, where the owner turned it on: inside a form it adds the field
 * (`cf-turnstile-response`) that `askTurnstile` checks. The contact form and the booking form
 * show it alike.
 */
export function TurnstileWidget({ siteKey }: { siteKey: string | undefined }) {
  if (!siteKey) return null;
  return (
    <>
      <div className="cf-turnstile" data-sitekey={siteKey} data-theme="auto" />
      <script src={TURNSTILE_SCRIPT} async defer />
    </>
  );
}
