import { DurableObject } from "cloudflare:workers";
import { contentSettings, loadConfig, ownerMailbox } from "../config/config.ts";
import { sanityClient } from "../content/sanity-client.ts";
import { type Step, sendStep } from "../insights/index.ts";
import { errorText, log } from "../lib/log.ts";
import { sha256Hex } from "../lib/signing.ts";
import { galleryDocumentId, galleryPrefix } from "./ids.ts";
import { ownerEmail, type PendingMail } from "./owner-mail.ts";
import { passwordFingerprint } from "./password.ts";
import { type GallerySettings, isOpen, parseGallerySettings } from "./settings.ts";

/** The site settings' document: the owner's watermark and proofs' downloads. */
const SITE_SETTINGS_ID = "siteSettings";

/** How long the settings read from Sanity count without a publish webhook saying otherwise. */
export const SETTINGS_FRESH_MS = 30_000;

/**
 * How long the last settings Sanity gave stay in force while Sanity cannot be asked: past it the
 * gallery fails closed (`503`), so a gallery the owner revoked during an outage is open at most
 * this long after its settings were last read (docs/galleries.md).
 */
export const SETTINGS_FAIL_CLOSED_MS = 5 * 60_000;

/** How long an id with no gallery behind it is answered "no such gallery" without asking Sanity. */
export const ABSENT_FOR_MS = 60_000;

/** Wrong passwords a gallery takes a minute before only its devices (unlock.tsx) may try more. */
export const DOOR_FAILURES_PER_MINUTE = 30;
const DOOR_WINDOW_MS = 60_000;

/**
 * E-mails of the gallery's link one mailbox gets in a day asked for by one visitor: the
 * per-minute limit alone let anyone with the gallery send one inbox thousands a day from the
 * owner's address.
 */
export const LINK_MAILS_A_DAY = 5;
/** The same from anyone: what one mailbox gets in a day, however many ask. */
export const LINK_MAILS_A_DAY_IN_ALL = 20;
const DAY_MS = 24 * 60 * 60_000;

/**
 * How long a gallery deleted in the Studio keeps its photographs and its clients' favourites,
 * notes and timeline: a deletion undone within it (the document restored from its history, or an
 * unpublish published again) loses nothing; past it all is erased (#erase).
 */
export const ERASE_AFTER_MS = 30 * DAY_MS;

/** A heart's changes this close together are one event on the timeline (its last). */
const HEART_MS = 10 * 60_000;

/** A device's openings of the gallery this close together are one visit (one opening). */
const OPENING_MS = 30 * 60_000;

/** How soon a client may send their selection again: each sending e-mails the owner. */
export const SELECTION_EVERY_MS = 5 * 60_000;

/** How soon after a change the Studio's copy of favourites and counts is brought up to date. */
const WRITE_BACK_DELAY_MS = 1_500;
/** A failed alarm's first wait before it is tried again (doubled each time), and its longest. */
const RETRY_FIRST_MS = 30_000;
const RETRY_LAST_MS = 60 * 60_000;

/** A photograph of the gallery, as its upload described it. */
export interface GalleryPhoto {
  id: string;
  /** The file's name as the photographer exported it (what a ZIP and Lightroom's filter use). */
  name: string;
  width: number;
  height: number;
  bytes: number;
  /** CRC-32 of the original, for the ZIP's headers. */
  crc32: number;
  type: string;
  /** ISO capture time, when the file had one. */
  taken: string | undefined;
}

/** One photograph read alone, with its place in the gallery's order (1 for the first). */
export type PlacedGalleryPhoto = GalleryPhoto & { position: number };

/** What one request learns about its gallery, in one call. */
export interface GalleryState {
  /** Undefined: no such gallery (never created, or deleted). */
  settings: GallerySettings | undefined;
  /**
   * Names what sessions are given for: the password (password.ts) and, once the gallery has been
   * turned off, how many times it was, so that turning it on again lets no earlier session in.
   */
  fingerprint: string;
  photos: GalleryPhoto[];
  /** The photograph asked for (`photo`), when the gallery has it. */
  photo: PlacedGalleryPhoto | undefined;
  /**
   * The cover (when asked for): the owner's choice, else the first photograph; undefined while
   * there is none.
   */
  cover: GalleryPhoto | undefined;
  /** The photographs this client marked, when a client was named. */
  favourites: string[];
  /** The note the client sent with their selection, and when. */
  sent: { note: string; at: string } | undefined;
  /** Sanity could not be asked for longer than SETTINGS_FAIL_CLOSED_MS: nobody is let in. */
  unavailable: boolean;
}

/** What follow-ups.ts asks of a gallery about one client. */
export type GalleryFollowUp =
  | { settings: undefined }
  | {
      settings: GallerySettings;
      deliveredAt: number | undefined;
      favourites: string[];
      downloaded: string[];
    };

/** The gallery's order: by capture time, then file name (the grid, the ZIP, "Photograph N"). */
const PHOTO_ORDER = "ORDER BY COALESCE(taken, ''), name, id";

/** What the store knows of the gallery's settings. */
type Known = GallerySettings | undefined | "unavailable";

export interface Favourite {
  client: string;
  /** As the client gave it: shown to the owner. */
  label: string;
  photo: string;
  favourite: boolean;
}

export type FavouriteResult =
  | { saved: true; count: number }
  | { saved: false; reason: "limit" | "unknown photo"; count: number };

type Row = Record<string, SqlStorageValue>;

/**
 * The store's schema, one entry per change, applied in order and each once: how many have been
 * is kept in the storage (`schemaVersion`), so a store an older worker made is brought up to
 * date the first time a newer one wakes it. A change of schema is a new entry at the end; an
 * entry once deployed never changes.
 */
export const MIGRATIONS: readonly string[] = [
  // 1. The first schema. IF NOT EXISTS: the stores made before versions were kept have it.
  `CREATE TABLE IF NOT EXISTS photos (
     id TEXT PRIMARY KEY, name TEXT NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
     bytes INTEGER NOT NULL, crc32 INTEGER NOT NULL, type TEXT NOT NULL, taken TEXT,
     added INTEGER NOT NULL
   );
   CREATE TABLE IF NOT EXISTS favourites (
     client TEXT NOT NULL, photo TEXT NOT NULL, added INTEGER NOT NULL,
     PRIMARY KEY (client, photo)
   );
   CREATE TABLE IF NOT EXISTS clients (
     client TEXT PRIMARY KEY, label TEXT NOT NULL, note TEXT, sent_at TEXT,
     updated_at TEXT NOT NULL
   );`,
  // 2. The activity timeline (issue 36, item 4): what happened, when, by which named client, on
  // which device (a daily-salted hash, never an address); kept for the owner's retention.
  `CREATE TABLE activity (
     at INTEGER NOT NULL, kind TEXT NOT NULL, client TEXT, device TEXT, detail TEXT
   );
   CREATE INDEX activity_at ON activity (at);`,
];

/** What the activity timeline records. */
export type ActivityKind = "opened" | "favourite" | "unfavourite" | "sent" | "download" | "zip";

/** One event of the timeline, as the worker reports it. */
export interface ActivityEvent {
  kind: ActivityKind;
  /** The client's confirmed e-mail, when they had confirmed it. */
  client?: string | undefined;
  /** The visitor's address and browser, hashed here with the day's salt and never kept. */
  visitor?: { address: string; agent: string } | undefined;
  /** What: a photograph's file name and size, a ZIP's count and size. */
  detail?: string | undefined;
}

/** The insights' step each kind of event is (docs/insights.md, "What sells"). */
const GALLERY_STEPS: Partial<Record<ActivityKind, Step>> = {
  opened: "gallery-opened",
  favourite: "gallery-favourite",
  sent: "gallery-sent",
  download: "gallery-download",
  zip: "gallery-download",
};

/** How long the timeline is kept unless the owner says otherwise (site settings). */
export const ACTIVITY_DAYS = 180;

/** The most events written back to the Studio's document (the newest). */
const ACTIVITY_SHOWN = 200;

function migrate(storage: DurableObjectStorage): void {
  const applied = storage.kv.get<number>("schemaVersion") ?? 0;
  for (const [index, migration] of MIGRATIONS.entries()) {
    if (index < applied) continue;
    // Each whole or not at all: a failed one is tried again when the store next wakes.
    storage.transactionSync(() => {
      storage.sql.exec(migration);
      storage.kv.put("schemaVersion", index + 1);
    });
  }
}

/**
 * One client gallery's state, in a Durable Object of its own (named by the gallery's id): its
 * settings as last read from Sanity, the index of its photographs, each client's favourites and
 * note, and how often it was opened and downloaded. One instance per gallery is strongly
 * consistent (a favourite is stored before the answer says so; a revocation is seen by the
 * next request, wherever it arrives) and keeps a busy gallery from slowing any other.
 *
 * Settings come from the gallery's Sanity document: re-read when the publish webhook says the
 * document changed (`refresh`), and otherwise when they are older than SETTINGS_FRESH_MS. The
 * owner sees favourites, notes and counts in the Studio: they are written back to the document
 * a moment after they change (an alarm, retried until Sanity takes them).
 */
export class ClientGallery extends DurableObject<Env> {
  #migrated = false;
  /** Until when this id is known to have no gallery (kept in memory only: nothing is stored). */
  #absentUntil = 0;
  /** Reads of the settings begun, and the number of the last one kept. */
  #readsBegun = 0;
  #readKept = 0;
  /** The read that requests finding the settings old wait for together. */
  #reading: Promise<GallerySettings | undefined> | undefined;

  /**
   * The store's tables, brought up to date on first use. An id with no gallery behind it never
   * gets here: a well-formed random id stores nothing (issue 36, item 7).
   */
  get #sql(): SqlStorage {
    if (!this.#migrated) {
      migrate(this.ctx.storage);
      this.#migrated = true;
    }
    return this.ctx.storage.sql;
  }

  /** The gallery's id, kept on first use (the Durable Object is named by it). */
  #gallery(id: string): string {
    const known = this.ctx.storage.kv.get<string>("gallery");
    if (known === undefined) this.ctx.storage.kv.put("gallery", id);
    else if (known !== id) throw new Error("This gallery's store was asked for another gallery");
    return id;
  }

  /**
   * Reads the settings from Sanity now and keeps them (or that there is no such gallery: kept only
   * by a store that had one, and otherwise remembered in memory for ABSENT_FOR_MS).
   */
  async refresh(id: string): Promise<GallerySettings | undefined> {
    const known = this.ctx.storage.kv.get<string>("gallery");
    if (known !== undefined && known !== id) {
      throw new Error("This gallery's store was asked for another gallery");
    }
    const config = contentSettings(loadConfig(this.env));
    const client = sanityClient({ ...config, useCdn: false });
    const read = ++this.#readsBegun;
    const [doc, site]: unknown[] = await Promise.all([
      client.getDocument(galleryDocumentId(id)),
      client.getDocument(SITE_SETTINGS_ID),
    ]);
    // A read begun before the one kept last is older than it: a request's, slow while the owner's
    // change came (a new password, the gallery turned off), must not put the settings back.
    if (read < this.#readKept) {
      return this.ctx.storage.kv.get<GallerySettings | null>("settings") ?? undefined;
    }
    this.#readKept = read;
    // The owner's proofing settings (the watermark, proofs' downloads) are the site settings'.
    const settings = parseGallerySettings(doc, site);
    if (!settings && known === undefined) {
      this.#absentUntil = Date.now() + ABSENT_FOR_MS;
      return undefined;
    }
    this.#absentUntil = 0;
    this.#gallery(id);
    const { kv } = this.ctx.storage;
    if (isOpen(kv.get<GallerySettings | null>("settings") ?? undefined) && !isOpen(settings)) {
      kv.put("closings", (kv.get<number>("closings") ?? 0) + 1);
    }
    kv.put("settings", settings ?? null);
    kv.put("syncedAt", Date.now());
    if (settings) kv.delete("deletedAt");
    else if (kv.get("deletedAt") === undefined) {
      kv.put("deletedAt", Date.now());
      await this.#alarmBy(Date.now() + ERASE_AFTER_MS);
    }
    // When it was first seen delivered: prints are suggested some days after (follow-ups.ts).
    if (settings?.stage === "delivered" && kv.get("deliveredAt") === undefined) {
      kv.put("deliveredAt", Date.now());
    }
    return settings;
  }

  async #settings(id: string, visitor = ""): Promise<Known> {
    const { kv } = this.ctx.storage;
    const syncedAt = kv.get<number>("syncedAt");
    const kept = kv.get<GallerySettings | null>("settings");
    if (syncedAt !== undefined && Date.now() - syncedAt < SETTINGS_FRESH_MS) {
      return kept ?? undefined;
    }
    if (syncedAt === undefined && Date.now() < this.#absentUntil) return undefined;
    // An id the site has never known may be anyone's guess: a visitor may have only so many
    // looked up, whatever the ids (each costs Sanity two reads), and is told there is none.
    if (
      syncedAt === undefined &&
      !(await this.env.GALLERY_LOOKUP_LIMIT.limit({ key: visitor })).success
    ) {
      return undefined;
    }
    try {
      this.#reading ??= this.refresh(id).finally(() => {
        this.#reading = undefined;
      });
      return await this.#reading;
    } catch (error) {
      // Sanity cannot be asked: the last settings it gave stand (never a gallery it never had),
      // for SETTINGS_FAIL_CLOSED_MS at most; past that nobody is let in until it answers.
      log.warn("Client gallery settings could not be refreshed", {
        gallery: id,
        error: errorText(error),
      });
      if (!kept) return undefined;
      const old = syncedAt === undefined || Date.now() - syncedAt >= SETTINGS_FAIL_CLOSED_MS;
      return old ? "unavailable" : kept;
    }
  }

  /** Everything a request of the gallery needs to know, in one call. */
  async state(
    id: string,
    options: {
      client?: string;
      photos?: boolean;
      photo?: string;
      /** Who asks (`visitorKey`): an id never known is looked up only so often per visitor. */
      visitor?: string;
      /** The cover too (the door and the gallery's page show it; a file's request does not). */
      cover?: boolean;
    } = {},
  ): Promise<GalleryState> {
    const known = await this.#settings(id, options.visitor);
    const unavailable = known === "unavailable";
    const closings = this.ctx.storage.kv.get<number>("closings");
    const settings = unavailable ? undefined : known;
    const photos = options.photos && settings ? this.#photos() : [];
    const favourites = options.client && settings ? this.#favourites(options.client) : [];
    const row =
      options.client && settings
        ? this.#sql
            .exec<Row>("SELECT note, sent_at FROM clients WHERE client = ?", options.client)
            .toArray()[0]
        : undefined;
    const photo = options.photo && settings ? this.photo(id, options.photo) : undefined;
    return {
      photo,
      cover: options.cover && settings ? this.#cover(settings.cover) : undefined,
      unavailable,
      settings,
      fingerprint: `${await passwordFingerprint(settings?.password)}${closings ? `~${closings}` : ""}`,
      photos,
      favourites,
      sent:
        typeof row?.sent_at === "string"
          ? { note: String(row.note ?? ""), at: row.sent_at }
          : undefined,
    };
  }

  /** The tries of the last minute still counted (their times): the wrong ones and those under way. */
  #doorTries(now: number): number[] {
    const all = this.ctx.storage.kv.get<number[]>("door:failures") ?? [];
    return all.filter((at) => now - at < DOOR_WINDOW_MS);
  }

  /**
   * Counts a try of the password before it is derived, in the same step as the door's check, so
   * a burst of tries at once cannot all find the door open: undefined (wait) once
   * DOOR_FAILURES_PER_MINUTE tries are counted in the last minute, unless the try is a
   * device's (`device`), else the try's time, for `rightTry` to give the count back.
   */
  tryDoor(id: string, device: boolean): number | undefined {
    this.#gallery(id);
    const now = Date.now();
    const tries = this.#doorTries(now);
    if (tries.length >= DOOR_FAILURES_PER_MINUTE && !device) return undefined;
    this.ctx.storage.kv.put("door:failures", [...tries, now].slice(-DOOR_FAILURES_PER_MINUTE));
    return now;
  }

  /**
   * Counts an e-mail of the link to `mailbox` asked for by `asker` (a keyed hash of their
   * network): false (none sent) past LINK_MAILS_A_DAY for that asker, or LINK_MAILS_A_DAY_IN_ALL
   * from anyone. Per asker, so that a guest with the password who asks for the client's address
   * does not shut the client out of their own link for the day.
   */
  linkMailed(id: string, mailbox: string, asker: string): boolean {
    this.#gallery(id);
    const now = Date.now();
    const key = `link-mails:${mailbox}`;
    // Kept before askers were: a time alone, anyone's.
    const sent = (this.ctx.storage.kv.get<([number, string] | number)[]>(key) ?? [])
      .map((each): [number, string] => (typeof each === "number" ? [each, ""] : each))
      .filter(([at]) => now - at < DAY_MS);
    const theirs = sent.filter(([, by]) => by === asker).length;
    if (theirs >= LINK_MAILS_A_DAY || sent.length >= LINK_MAILS_A_DAY_IN_ALL) return false;
    this.ctx.storage.kv.put(key, [...sent, [now, asker]]);
    return true;
  }

  /** The try counted at `at` was the right password: only wrong ones count for the gallery. */
  rightTry(id: string, at: number): void {
    this.#gallery(id);
    const tries = this.#doorTries(Date.now());
    const index = tries.indexOf(at);
    if (index >= 0) tries.splice(index, 1);
    this.ctx.storage.kv.put("door:failures", tries);
  }

  #photos(): GalleryPhoto[] {
    return this.#sql.exec<Row>(`SELECT * FROM photos ${PHOTO_ORDER}`).toArray().map(toPhoto);
  }

  #cover(name: string | undefined): GalleryPhoto | undefined {
    const chosen = name
      ? this.#sql.exec<Row>("SELECT * FROM photos WHERE name = ? LIMIT 1", name).toArray()[0]
      : undefined;
    const row =
      chosen ?? this.#sql.exec<Row>(`SELECT * FROM photos ${PHOTO_ORDER} LIMIT 1`).toArray()[0];
    return row ? toPhoto(row) : undefined;
  }

  /**
   * What an e-mail to one client about the gallery needs (follow-ups.ts): its settings, when it
   * was first seen delivered, and the file names of the client's favourites and of the
   * photographs they downloaded (from the timeline).
   */
  async followUp(id: string, client: string): Promise<GalleryFollowUp> {
    const known = await this.#settings(id);
    // Thrown, not "no settings": the e-mail is tried again later, not given up for good.
    if (known === "unavailable") throw new Error("The gallery's settings cannot be read now");
    if (!known) return { settings: undefined };
    const names = (sql: string) =>
      this.#sql
        .exec<Row>(sql, client)
        .toArray()
        .map((row) => String(row.name));
    const favourites = names(
      "SELECT p.name AS name FROM favourites f JOIN photos p ON p.id = f.photo WHERE f.client = ? ORDER BY COALESCE(p.taken, ''), p.name",
    );
    // A ZIP (of the favourites, or of them all) has every favourite; a download's detail is
    // "{file name} ({size}…)", and the name may have brackets of its own ("DSC_0142 (2).jpg").
    const zipped = names("SELECT 'zip' AS name FROM activity WHERE kind = 'zip' AND client = ?");
    const details = names(
      "SELECT DISTINCT detail AS name FROM activity WHERE kind = 'download' AND client = ?",
    );
    return {
      settings: known,
      deliveredAt: this.ctx.storage.kv.get<number>("deliveredAt"),
      favourites,
      downloaded: zipped.length
        ? favourites
        : details.flatMap((detail) => /^(.+) \([^()]*\)$/.exec(detail)?.[1] ?? []),
    };
  }

  #favourites(client: string): string[] {
    return this.#sql
      .exec<Row>(
        "SELECT f.photo FROM favourites f JOIN photos p ON p.id = f.photo WHERE f.client = ? ORDER BY COALESCE(p.taken, ''), p.name",
        client,
      )
      .toArray()
      .map((row) => String(row.photo));
  }

  /**
   * One photograph, or undefined when the gallery has no such photograph, with its place in the
   * order #photos() lists them in.
   */
  photo(id: string, photo: string): PlacedGalleryPhoto | undefined {
    this.#gallery(id);
    const row = this.#sql
      .exec<Row>(
        `SELECT p.*, 1 + (SELECT COUNT(*) FROM photos q
           WHERE (COALESCE(q.taken, ''), q.name, q.id) < (COALESCE(p.taken, ''), p.name, p.id)) AS position
         FROM photos p WHERE p.id = ?`,
        photo,
      )
      .toArray()[0];
    return row ? { ...toPhoto(row), position: Number(row.position) } : undefined;
  }

  /** Adds a photograph the upload stored in the bucket (again: nothing changes). */
  addPhoto(id: string, photo: GalleryPhoto): void {
    this.#gallery(id);
    this.#sql.exec(
      "INSERT OR IGNORE INTO photos (id, name, width, height, bytes, crc32, type, taken, added) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      photo.id,
      photo.name,
      photo.width,
      photo.height,
      photo.bytes,
      photo.crc32,
      photo.type,
      photo.taken ?? null,
      Date.now(),
    );
  }

  async removePhoto(id: string, photo: string): Promise<void> {
    this.#gallery(id);
    this.#sql.exec("DELETE FROM photos WHERE id = ?", photo);
    // A favourite it was leaves the clients' selections in the Studio too.
    if (this.#sql.exec("DELETE FROM favourites WHERE photo = ?", photo).rowsWritten > 0) {
      await this.#writeBackSoon();
    }
  }

  /** Marks or unmarks a favourite; refused past the owner's limit or for a photograph not here. */
  async setFavourite(id: string, change: Favourite): Promise<FavouriteResult> {
    const known = await this.#settings(id);
    const settings = known === "unavailable" ? undefined : known;
    const count = () => this.#favourites(change.client).length;
    if (!this.#sql.exec("SELECT 1 FROM photos WHERE id = ?", change.photo).toArray().length) {
      return { saved: false, reason: "unknown photo", count: count() };
    }
    if (change.favourite) {
      const limit = settings?.favouritesLimit;
      const marked = this.#sql
        .exec(
          "SELECT 1 FROM favourites WHERE client = ? AND photo = ?",
          change.client,
          change.photo,
        )
        .toArray().length;
      if (!marked && limit !== undefined && count() >= limit) {
        return { saved: false, reason: "limit", count: count() };
      }
      this.#sql.exec(
        "INSERT OR IGNORE INTO favourites (client, photo, added) VALUES (?, ?, ?)",
        change.client,
        change.photo,
        Date.now(),
      );
    } else {
      this.#sql.exec(
        "DELETE FROM favourites WHERE client = ? AND photo = ?",
        change.client,
        change.photo,
      );
    }
    this.#touchClient(change.client, change.label);
    const name = this.photo(id, change.photo)?.name;
    // A heart changed back and forth is its last change: one event per photograph and client
    // within HEART_MS, so clicks cannot push the other events out of the owner's view.
    this.#sql.exec(
      "DELETE FROM activity WHERE kind IN ('favourite', 'unfavourite') AND client IS ? AND detail IS ? AND at > ?",
      change.label,
      name ?? null,
      Date.now() - HEART_MS,
    );
    await this.#record({
      kind: change.favourite ? "favourite" : "unfavourite",
      client: change.label,
      detail: name,
    });
    await this.#writeBackSoon();
    return { saved: true, count: count() };
  }

  /**
   * The client sends their selection to the owner, with a note: stored, and the owner's e-mail
   * (none for an empty selection) kept as pending for the alarm (owner-mail.ts), so the client's
   * answer never waits for it. False, and nothing done, within SELECTION_EVERY_MS of the client's
   * last: the owner's mailbox is not theirs to fill.
   */
  async sendSelection(
    id: string,
    client: string,
    label: string,
    note: string,
    origin = "https://localhost",
  ): Promise<boolean> {
    this.#gallery(id);
    const last = this.#sql
      .exec<Row>("SELECT sent_at FROM clients WHERE client = ?", client)
      .toArray()[0]?.sent_at;
    if (typeof last === "string" && Date.now() - Date.parse(last) < SELECTION_EVERY_MS) {
      return false;
    }
    this.#touchClient(client, label);
    const sentAt = new Date().toISOString();
    this.#sql.exec(
      "UPDATE clients SET note = ?, sent_at = ? WHERE client = ?",
      note,
      sentAt,
      client,
    );
    const names = this.#sql
      .exec<Row>(
        "SELECT p.name FROM favourites f JOIN photos p ON p.id = f.photo WHERE f.client = ? ORDER BY COALESCE(p.taken, ''), p.name",
        client,
      )
      .toArray()
      .map((row) => String(row.name));
    const settings = this.ctx.storage.kv.get<GallerySettings | null>("settings");
    if (names.length > 0) {
      this.#mailLater({
        key: `${client}\n${sentAt}`,
        gallery: id,
        title: settings?.title || "Your gallery",
        client: label,
        count: names.length,
        names,
        note,
        sentAt,
        origin,
      });
    }
    await this.#record({
      kind: "sent",
      client: label,
      detail: `${names.length} ${names.length === 1 ? "photograph" : "photographs"}${note ? ` · "${note.slice(0, 200)}"` : ""}`,
    });
    await this.#writeBackSoon();
    return true;
  }

  /** Keeps an e-mail to the owner for the alarm (which `#writeBackSoon` sets). */
  #mailLater(mail: PendingMail): void {
    const pending = this.ctx.storage.kv.get<PendingMail[]>("mail:pending") ?? [];
    this.ctx.storage.kv.put("mail:pending", [...pending, mail]);
  }

  /**
   * Sends the owner's pending e-mails, each taken off the list once sent; a failure throws, and
   * the alarm tries again later (alarm()) for what is left.
   */
  async #sendPendingMail(): Promise<void> {
    const { kv } = this.ctx.storage;
    const config = loadConfig(this.env);
    for (const mail of kv.get<PendingMail[]>("mail:pending") ?? []) {
      const settings = kv.get<GallerySettings | null>("settings");
      const to = ownerMailbox(config, settings?.ownerEmail);
      if (to) await this.env.INQUIRY_MAIL.send(ownerEmail(config, mail, to));
      else log.warn("An e-mail to the owner has no address", { gallery: mail.gallery });
      const left = (kv.get<PendingMail[]>("mail:pending") ?? []).filter((m) => m.key !== mail.key);
      kv.put("mail:pending", left);
    }
  }

  /**
   * Counts an opening of the gallery or a download, for the owner, and puts it on the timeline.
   * The gallery's first opening is mailed to the owner when the site settings ask for it
   * (`origin`: the site's address the client used, for the sender's).
   */
  async count(
    id: string,
    what: "opened" | "downloads",
    event?: ActivityEvent,
    origin = "https://localhost",
  ): Promise<void> {
    this.#gallery(id);
    // An opening is a visit: the same device's pages within OPENING_MS (a heart's way back, the
    // next slice, the favourites) are the one it opened.
    if (what === "opened" && event?.visitor) {
      const device = await this.#deviceOf(event.visitor, Date.now());
      const lately = this.#sql
        .exec(
          "SELECT 1 FROM activity WHERE kind = 'opened' AND device = ? AND at > ? LIMIT 1",
          device,
          Date.now() - OPENING_MS,
        )
        .toArray();
      if (lately.length > 0) return;
    }
    const { kv } = this.ctx.storage;
    const key = `stats:${what}`;
    const before = kv.get<number>(key) ?? 0;
    kv.put(key, before + 1);
    if (what === "opened") {
      const openedAt = new Date().toISOString();
      kv.put("stats:lastOpenedAt", openedAt);
      const settings = kv.get<GallerySettings | null>("settings");
      if (before === 0 && settings?.mailFirstOpened) {
        this.#mailLater({
          kind: "opened",
          key: `opened\n${openedAt}`,
          gallery: id,
          title: settings.title,
          client: event?.client,
          openedAt,
          origin,
        });
      }
    }
    if (event) await this.#record(event);
    await this.#writeBackSoon();
  }

  /** Puts an event on the timeline (activity-free calls: `record`). */
  async record(id: string, event: ActivityEvent): Promise<void> {
    this.#gallery(id);
    await this.#record(event);
    await this.#writeBackSoon();
  }

  /**
   * The day's salt: random, made on the day's first event and forgotten the next day, so a
   * device's hash links its visits within a day and never across days, and no address is kept.
   */
  #salt(day: string): string {
    const { kv } = this.ctx.storage;
    const kept = kv.get<{ day: string; salt: string }>("activity:salt");
    if (kept?.day === day) return kept.salt;
    const salt = crypto.randomUUID();
    kv.put("activity:salt", { day, salt });
    return salt;
  }

  /** A device's mark on the timeline: its address and browser hashed with the day's salt. */
  async #deviceOf(visitor: { address: string; agent: string }, now: number): Promise<string> {
    const salt = this.#salt(new Date(now).toISOString().slice(0, 10));
    return (await sha256Hex(`${salt}\n${visitor.address}\n${visitor.agent}`)).slice(0, 16);
  }

  async #record(event: ActivityEvent): Promise<void> {
    const now = Date.now();
    const device = event.visitor ? await this.#deviceOf(event.visitor, now) : null;
    this.#sql.exec(
      "INSERT INTO activity (at, kind, client, device, detail) VALUES (?, ?, ?, ?, ?)",
      now,
      event.kind,
      event.client ?? null,
      device,
      event.detail ?? null,
    );
    const settings = this.ctx.storage.kv.get<GallerySettings | null>("settings");
    const days = settings?.activityDays ?? ACTIVITY_DAYS;
    this.#sql.exec("DELETE FROM activity WHERE at < ?", now - days * 86_400_000);
    // The owner's insights count the galleries' steps too (no gallery, no client: a count).
    const step = GALLERY_STEPS[event.kind];
    if (step) this.ctx.waitUntil(sendStep(this.env, step));
  }

  /** The timeline, newest first (at most `limit` events). */
  activity(id: string, limit = ACTIVITY_SHOWN): ActivityRow[] {
    this.#gallery(id);
    return this.#activity(limit);
  }

  #activity(limit: number): ActivityRow[] {
    return this.#sql
      .exec<Row>("SELECT * FROM activity ORDER BY at DESC, rowid DESC LIMIT ?", limit)
      .toArray()
      .map((row) => ({
        at: new Date(Number(row.at)).toISOString(),
        kind: String(row.kind) as ActivityKind,
        ...(typeof row.client === "string" ? { client: row.client } : {}),
        ...(typeof row.device === "string" ? { device: row.device } : {}),
        ...(typeof row.detail === "string" ? { detail: row.detail } : {}),
      }));
  }

  #touchClient(client: string, label: string): void {
    this.#sql.exec(
      "INSERT INTO clients (client, label, updated_at) VALUES (?, ?, ?) ON CONFLICT(client) DO UPDATE SET label = excluded.label, updated_at = excluded.updated_at",
      client,
      label,
      new Date().toISOString(),
    );
  }

  /** The write-back in a moment: sooner than a retry waiting out a failure (alarm()). */
  async #writeBackSoon(): Promise<void> {
    await this.#alarmBy(Date.now() + WRITE_BACK_DELAY_MS);
  }

  /** The alarm at `at`, unless it is set sooner. */
  async #alarmBy(at: number): Promise<void> {
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > at) await this.ctx.storage.setAlarm(at);
  }

  /**
   * The owner's e-mails and the write-back (#writeBack), tried again after a failure: at
   * RETRY_FIRST_MS, twice as long after each next one, then hourly, until they go. Not by
   * throwing: the runtime retries a failed alarm six times, within about two minutes, and then
   * never, so an outage of the mail service or Sanity longer than that would keep them until
   * the gallery's next event.
   */
  override async alarm(): Promise<void> {
    const { kv } = this.ctx.storage;
    try {
      const deletedAt = kv.get<number>("deletedAt");
      if (deletedAt !== undefined && Date.now() >= deletedAt + ERASE_AFTER_MS) {
        await this.#erase();
        return;
      }
      await this.#writeBack();
      kv.delete("alarm:failures");
      if (deletedAt !== undefined) await this.#alarmBy(deletedAt + ERASE_AFTER_MS);
    } catch (error) {
      const failures = (kv.get<number>("alarm:failures") ?? 0) + 1;
      kv.put("alarm:failures", failures);
      const wait = Math.min(RETRY_FIRST_MS * 2 ** (failures - 1), RETRY_LAST_MS);
      await this.ctx.storage.setAlarm(Date.now() + wait);
      log.warn("A gallery's e-mail to the owner or its Studio copy failed; it is tried again", {
        gallery: kv.get<string>("gallery"),
        failures,
        error: errorText(error),
      });
    }
  }

  /**
   * Erases a gallery deleted in the Studio ERASE_AFTER_MS ago, when Sanity still has no such
   * document: its photographs (originals and watermarked files) from the bucket, then everything
   * this store holds (the clients' e-mails, favourites, notes, timeline, counts, e-mails not yet
   * sent). The store is then as one never used; the gallery's id answers "no such gallery".
   */
  async #erase(): Promise<void> {
    const gallery = this.ctx.storage.kv.get<string>("gallery");
    if (gallery && (await this.refresh(gallery))) return;
    if (gallery) {
      let cursor: string | undefined;
      do {
        const page = await this.env.GALLERY_PHOTOS.list({ prefix: galleryPrefix(gallery), cursor });
        if (page.objects.length > 0) {
          await this.env.GALLERY_PHOTOS.delete(page.objects.map((object) => object.key));
        }
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
    }
    await this.ctx.storage.deleteAll();
    this.#migrated = false;
    log.info("A gallery deleted in the Studio was erased", { gallery });
  }

  /**
   * Sends the owner's pending e-mails and writes the favourites, notes and counts to the
   * gallery's Sanity document, where the Studio shows them; throws when either failed.
   */
  async #writeBack(): Promise<void> {
    const gallery = this.ctx.storage.kv.get<string>("gallery");
    if (!gallery) return;
    // The owner's e-mails first; the write-back below is made even when one failed.
    const mailError = await this.#sendPendingMail().then(
      () => undefined,
      (error: unknown) => error,
    );
    const clients = this.#sql.exec<Row>("SELECT * FROM clients ORDER BY updated_at").toArray();
    const selections = clients.map((row) => {
      const client = String(row.client);
      const names = this.#sql
        .exec<Row>(
          "SELECT p.name FROM favourites f JOIN photos p ON p.id = f.photo WHERE f.client = ? ORDER BY COALESCE(p.taken, ''), p.name",
          client,
        )
        .toArray()
        .map((photo) => String(photo.name));
      return {
        _key: selectionKey(client),
        _type: "gallerySelection",
        client: String(row.label),
        photos: names,
        ...(typeof row.note === "string" && row.note ? { note: row.note } : {}),
        ...(typeof row.sent_at === "string" ? { sentAt: row.sent_at } : {}),
        updatedAt: String(row.updated_at),
      };
    });
    const { kv } = this.ctx.storage;
    const stats = {
      _type: "galleryStats",
      opened: kv.get<number>("stats:opened") ?? 0,
      downloads: kv.get<number>("stats:downloads") ?? 0,
      ...(kv.get<string>("stats:lastOpenedAt")
        ? { lastOpenedAt: kv.get<string>("stats:lastOpenedAt") }
        : {}),
    };
    const config = contentSettings(loadConfig(this.env));
    const client = sanityClient({ ...config, useCdn: false });
    const id = galleryDocumentId(gallery);
    // A gallery the owner deleted has nothing to write to.
    if (!(await client.getDocument(id))) return;
    // The timeline, newest first; "opened" says on how many devices (that day's hashes) the
    // client has opened the gallery.
    const rows = this.#activity(ACTIVITY_SHOWN);
    const devicesOn = (row: ActivityRow) =>
      new Set(
        rows
          .filter(
            (other) =>
              other.kind === "opened" &&
              other.client === row.client &&
              other.at.slice(0, 10) === row.at.slice(0, 10) &&
              other.device,
          )
          .map((other) => other.device),
      ).size;
    const activity = rows.map((row, index) => ({
      _key: `a${row.at.replace(/\D/g, "")}${index}`,
      _type: "galleryActivity",
      ...row,
      ...(row.kind === "opened" ? { devices: devicesOn(row) } : {}),
    }));
    await client.patch(id).set({ selections, stats, activity }).commit({ visibility: "async" });
    if (mailError) throw mailError;
  }
}

/** One event of the timeline, as the Studio shows it. */
export interface ActivityRow {
  at: string;
  kind: ActivityKind;
  client?: string;
  device?: string;
  detail?: string;
}

/** A Sanity array key for a client: short, stable, and nothing of the name itself. */
function selectionKey(client: string): string {
  let hash = 0x811c9dc5;
  for (const char of client) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  return `c${hash.toString(36)}`;
}

function toPhoto(row: Row): GalleryPhoto {
  return {
    id: String(row.id),
    name: String(row.name),
    width: Number(row.width),
    height: Number(row.height),
    bytes: Number(row.bytes),
    crc32: Number(row.crc32),
    type: String(row.type),
    taken: typeof row.taken === "string" ? row.taken : undefined,
  };
}
