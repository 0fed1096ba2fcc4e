/**
 * The e-mails a local site sent, read as their recipients would: wrangler's local send_email
 * binding logs each one (From, To, Subject) with the file it keeps the text in. The tests and
 * the bench follow the links the site mails with it (a gallery client's confirmation link).
 */
import { readFile } from "node:fs/promises";
import { stripVTControlCharacters } from "node:util";

export interface LocalMail {
  to: string;
  subject: string;
  text: string;
}

/** Every e-mail the output (a site's log) shows as sent, oldest first. */
export async function sentMails(output: string): Promise<LocalMail[]> {
  const blocks = stripVTControlCharacters(output).split("send_email binding called with").slice(1);
  const mails: LocalMail[] = [];
  for (const block of blocks) {
    const field = (name: string) => new RegExp(`^${name}: (.+)$`, "m").exec(block)?.[1]?.trim();
    const [to, subject, file] = [field("To"), field("Subject"), field("Text")];
    if (to && file) mails.push({ to, subject: subject ?? "", text: await readFile(file, "utf8") });
  }
  return mails;
}

/**
 * The first web address in the latest e-mail to `to` that names `path`, waiting for it (the
 * binding logs an e-mail a moment after it is sent) at most `timeoutMs`.
 */
export async function mailedLink(
  output: () => string | Promise<string>,
  to: string,
  path: string,
  timeoutMs = 15_000,
): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await sentMails(await output())).findLast((each) => each.to === to);
    const link = mail?.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(path));
    if (link) return link;
    if (Date.now() > until) throw new Error(`no e-mail to ${to} with a link to ${path}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}
