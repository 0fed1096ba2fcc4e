// How a client starts choosing in a gallery, as they do: their e-mail in the gallery's form, then
// the link the site mails them (read from the site's output: scripts/local-mail.ts), opened in
// the same browser.
import type { Page } from "playwright-core";
import { mailedLink } from "../../scripts/local-mail.ts";
import { english, type Translator } from "../../worker/i18n/translator.ts";

export async function chooseAs(
  page: Page,
  siteOutput: () => string | Promise<string>,
  email: string,
  { t }: Pick<Translator, "t"> = english(),
): Promise<void> {
  await page.getByLabel(t("gallery.clientLabel")).fill(email);
  await Promise.all([
    page.waitForLoadState("load"),
    page.getByRole("button", { name: t("gallery.startChoosing") }).click(),
  ]);
  await page.getByText(t("gallery.notice.clientSent")).waitFor();
  await page.goto(await mailedLink(siteOutput, email, "/client/confirm?"));
  await page.getByText(`${t("gallery.choosingAs")} ${email}.`).waitFor();
}
