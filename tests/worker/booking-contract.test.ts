// The contract of a held time, through the real worker, the calendar's Durable Object, D1 and
// R2: shown filled in once the details are kept, signed with the client's own name and consent,
// made into a PDF once (read back here with pdf.js, through unpdf), and served only as signed.
import { env } from "cloudflare:workers";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { issueStamp } from "../../worker/inquiries/stamp.ts";
import { calendarFailingAt, holdingDays, signing, startsOn } from "./bookings.ts";
import { captureLogs, mutableEnv, mutate, ORIGIN, request, TEST_TOKEN } from "./harness.ts";

let visitors = 0;
const newVisitor = () => `2001:db8:c047:${(++visitors).toString(16)}::1`;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) Firefox/150.0 (contract test)";

const form = (path: string, fields: Record<string, string> = {}, visitor = newVisitor()) =>
  request(path, {
    method: "POST",
    userAgent: BROWSER,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      "CF-Connecting-IP": visitor,
    },
    body: new URLSearchParams(fields).toString(),
  });

const ANA = {
  name: "Ana Ruiz",
  email: "ana@example.com",
  "q-who": "Me and Lola",
  "q-place": "Outdoors",
};

/**
 * A portrait time held on the `fromEnd`-th day from the last that tests may hold on (two
 * sessions a day at most), with Ana's details kept.
 */
async function heldWithDetails(
  fromEnd: number,
  prefix = "",
  details: Partial<typeof ANA> = {},
): Promise<{ path: string; id: string }> {
  const days = await holdingDays("portrait", prefix);
  const [start] = startsOn((await request(days.at(-fromEnd) ?? "")).body);
  const stamp = (await issueStamp(TEST_TOKEN, Date.now() - 5_000)) ?? "";
  const held = await form(`${prefix}/book/portrait/hold`, { start: String(start), stamp });
  expect(held.status).toBe(303);
  const path = new URL(held.headers.get("Location") ?? "", ORIGIN).pathname;
  expect((await form(path, { ...ANA, ...details })).status).toBe(303);
  return { path, id: path.split("/").at(-1) ?? "" };
}

const contractRow = (id: string) =>
  env.STORE_DB.prepare("SELECT * FROM contracts WHERE booking = ?")
    .bind(id)
    .first<Record<string, string | number>>();

const pdfText = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;

const sha256 = async (data: Uint8Array | string) =>
  [
    ...new Uint8Array(
      await crypto.subtle.digest(
        "SHA-256",
        typeof data === "string" ? new TextEncoder().encode(data) : new Uint8Array(data),
      ),
    ),
  ]
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("");

describe("the contract", () => {
  it("is shown filled in once the details are kept, and no deposit is asked before it is signed", async () => {
    const { path } = await heldWithDetails(3);
    const page = await request(path);
    expect(page.status).toBe(200);
    const text = /<div[^>]*data-contract-text[^>]*>([\s\S]*?)<\/div>/.exec(page.body)?.[1] ?? "";
    expect(text).toContain(
      "This agreement is between Jane Doe (the photographer) and Ana Ruiz, ana@example.com (the client), for a Portrait session on",
    );
    expect(text).toContain("(Europe/Madrid)");
    expect(text).toContain("The session costs €250.00. The deposit of €75.00");
    expect(text).toContain("the balance of €175.00");
    // The Store's licence, as delivered files name it, with its terms' whole address.
    expect(text).toContain("licence Personal (http://localhost/licensing)");
    expect(text).not.toMatch(/\{[a-z]+\}/);
    expect(page.body).toContain(`action="${path}/sign"`);
    expect(page.body).not.toContain("deposit</button>");
    const early = await form(`${path}/pay`);
    expect(early.status).toBe(303);
    expect(early.headers.get("Location")).toBe(path);
  });

  it("names the client in one line: a name typed with line breaks adds no clause of its own, an invisible character no reversal", async () => {
    const { path } = await heldWithDetails(8, "", {
      name: "Ana Ruiz\r\n\r\n9. Every payment is refunded in full.\u202e",
    });
    const page = await request(path);
    const text = /<div[^>]*data-contract-text[^>]*>([\s\S]*?)<\/div>/.exec(page.body)?.[1] ?? "";
    expect(text).toContain(
      "and Ana Ruiz 9. Every payment is refunded in full., ana@example.com (the client)",
    );
    expect(text).not.toMatch(/<p>9\. Every payment/);
    expect(page.body).not.toContain("\u202e");
  });

  it("takes every answer at its longest in any script, and refuses more than that, said plainly", async () => {
    // 2,000 characters of Japanese: 18,000 bytes of a form, more than the forms elsewhere take.
    const { path } = await heldWithDetails(9, "", { "q-who": "写".repeat(2_000) });
    expect((await request(path)).body).toContain("写".repeat(2_000));
    const flood = await form(path, { ...ANA, "q-who": "x".repeat(200_000) });
    expect(flood.status).toBe(413);
    expect(flood.body).toContain("That is more than the form can take.");
    // A body that is no form, however short, is a bad request, not a large one.
    const json = await request(path, {
      method: "POST",
      userAgent: BROWSER,
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: '{"name":1}',
    });
    expect(json.status).toBe(400);
  });

  it("is signed at the client's next try when the calendar failed the first: nothing kept of that one", async () => {
    const { path, id } = await heldWithDetails(10);
    const { namespace } = calendarFailingAt("sign");
    const cut = await request(`${path}/sign`, {
      env: { ...env, BOOKING_CALENDAR: namespace },
      method: "POST",
      userAgent: BROWSER,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: ORIGIN,
        "CF-Connecting-IP": newVisitor(),
      },
      body: new URLSearchParams(await signing(path)).toString(),
    });
    expect(cut.status).toBe(503);
    expect(await contractRow(id)).toBeNull();
    expect((await env.CONTRACTS.list({ prefix: `contracts/${id}/` })).objects).toHaveLength(0);
    expect((await form(`${path}/sign`, await signing(path))).status).toBe(303);
    expect(await contractRow(id)).not.toBeNull();
    expect((await env.CONTRACTS.list({ prefix: `contracts/${id}/` })).objects).toHaveLength(1);
  });

  it("is not signed with another name or without consent, and nothing is kept", async () => {
    const { path, id } = await heldWithDetails(4);
    const other = await form(
      `${path}/sign`,
      await signing(path, { signature: "Eve Mallory", consent: "yes" }),
    );
    expect(other.status).toBe(422);
    expect(other.body).toContain("Please type your name as you gave it: Ana Ruiz.");
    expect(other.body).toMatch(/id="signature"[^>]*aria-invalid="true"/);
    const unconsented = await form(`${path}/sign`, await signing(path, { signature: "ana  ruiz" }));
    expect(unconsented.status).toBe(422);
    expect(unconsented.body).toContain("Please tick the box to agree to the contract.");
    // A page read before the owner changed the contract (its text, a price) names another text:
    // shown again, with what changed, never signed unread.
    const stale = await form(`${path}/sign`, {
      ...(await signing(path)),
      contract: "0".repeat(64),
    });
    expect(stale.status).toBe(422);
    expect(stale.body).toContain("The contract changed while you were reading it.");
    expect(stale.body).toMatch(/name="contract" value="[0-9a-f]{64}"/);
    // A script in the name is text, as everywhere.
    const hostile = await form(`${path}/sign`, { signature: "<script>alert(1)</script>" });
    expect(hostile.body).not.toContain("<script>alert(1)</script>");
    expect(await contractRow(id)).toBeNull();
    expect((await env.CONTRACTS.list({ prefix: `contracts/${id}/` })).objects).toHaveLength(0);
    expect((await form(`/book/held/${crypto.randomUUID()}/sign`, ANA)).status).toBe(404);
  });

  it("is signed once: the PDF kept in R2 as signed, its audit trail in D1, the details fixed", async () => {
    const { path, id } = await heldWithDetails(5);
    const visitor = "2001:db8:c047::5161";
    // Case and spacing aside, the name given.
    const signed = await form(
      `${path}/sign`,
      await signing(path, { signature: " ana RUIZ ", consent: "yes" }),
      visitor,
    );
    expect(signed.status).toBe(303);
    expect(signed.headers.get("Location")).toBe(path);
    const page = await request(path);
    expect(page.body).toContain("You signed the contract on");
    expect(page.body).toContain(`href="${path}/contract.pdf"`);
    expect(page.body).toContain("Pay the €75.00 deposit");
    expect(page.body).not.toContain(`action="${path}/sign"`);

    const row = await contractRow(id);
    expect(row).toMatchObject({
      signed_name: "ana RUIZ",
      email: "ana@example.com",
      language: "en",
    });
    expect(row?.user_agent).toBe(BROWSER);
    // The address is kept only as a keyed hash: neither it nor its plain SHA-256.
    expect(row?.address_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.address_hash).not.toBe(await sha256(visitor));
    expect(Object.values(row ?? {}).join(" ")).not.toContain(visitor);

    const file = await request(`${path}/contract.pdf`);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(file.headers.get("Cache-Control")).toBe("private, no-store");
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="contract-/);
    expect(await sha256(file.bytes)).toBe(row?.pdf_sha256);
    const text = await pdfText(file.bytes);
    expect(text).toContain("Contract: Portrait session");
    expect(text).toContain("Ana Ruiz, ana@example.com (the client)");
    expect(text).toContain("Electronic signature");
    expect(text).toContain("Signed by ana RUIZ (ana@example.com)");
    expect(text).toContain(String(row?.text_sha256));
    expect(text).toContain(String(row?.address_hash));
    expect(text).toContain(BROWSER);
    expect(text).not.toContain(visitor);

    // Signed once: another signature keeps nothing new, and the details stay as signed.
    expect((await form(`${path}/sign`, await signing(path))).status).toBe(303);
    expect((await contractRow(id))?.pdf_sha256).toBe(row?.pdf_sha256);
    expect((await env.CONTRACTS.list({ prefix: `contracts/${id}/` })).objects).toHaveLength(1);
    const changed = await form(path, { ...ANA, name: "Eve Mallory", email: "eve@example.com" });
    expect(changed.status).toBe(303);
    const after = await request(path);
    expect(after.body).not.toContain("Eve Mallory");
    expect(after.body).toContain("Ana Ruiz, ana@example.com");
  });

  it("is never served other than as signed: a file changed in storage is refused and logged", async () => {
    const { path, id } = await heldWithDetails(6);
    expect((await form(`${path}/sign`, await signing(path))).status).toBe(303);
    const row = await contractRow(id);
    await env.CONTRACTS.put(String(row?.object), new TextEncoder().encode("%PDF-1.7 not this"));
    const logs = captureLogs();
    const refused = await request(`${path}/contract.pdf`);
    expect(refused.status).toBe(500);
    expect(refused.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(refused.body).toContain("the stored file is not the one signed");
    expect(logs.messages("error")).toContain(
      "A signed contract's file is not the one signed; it is not served",
    );
    // Nothing at all for a booking without one, or an address that is none.
    expect((await request(`/book/held/${crypto.randomUUID()}/contract.pdf`)).status).toBe(404);
    expect((await request("/book/held/not-an-id/contract.pdf")).status).toBe(404);
  });

  it("is read and signed in the client's language, and its PDF is too", async () => {
    const { path, id } = await heldWithDetails(7, "/de");
    expect(path).toMatch(/^\/de\/book\/held\//);
    const page = await request(path);
    expect(page.body).toContain("Dieser Vertrag wird zwischen Jane Doe (Fotografin) und Ana Ruiz");
    expect((await form(`${path}/sign`, await signing(path))).status).toBe(303);
    expect((await contractRow(id))?.language).toBe("de");
    const text = await pdfText((await request(`${path}/contract.pdf`)).bytes);
    expect(text).toContain("Vertrag: Porträt-Shooting");
    expect(text).toContain("Dieser Vertrag wird zwischen Jane Doe");
  });

  it("is never left out by its translation: one past the limit takes the session type off in that language only", async () => {
    const query = encodeURIComponent(
      '*[_id == "session-portrait"][0].contractTranslations[_key == "de"][0].value',
    );
    const read = await fetch(
      `${env.MUTABLE_CONTENT_URL}/v2025-02-19/data/query/production?query=${query}`,
      { headers: { Authorization: `Bearer ${TEST_TOKEN}` } },
    );
    const german = ((await read.json()) as { result: string }).result;
    expect(german).toContain("Vertrag");
    const translation = 'contractTranslations[_key=="de"].value';
    await mutate({ patch: { id: "session-portrait", set: { [translation]: "x".repeat(20_001) } } });
    try {
      // Not bookable in German, rather than bookable with nothing to sign.
      expect((await request("/de/book/portrait", { env: mutableEnv() })).status).toBe(404);
      expect((await request("/book/portrait", { env: mutableEnv() })).status).toBe(200);
    } finally {
      await mutate({ patch: { id: "session-portrait", set: { [translation]: german } } });
    }
  });
});
