import { defineField, defineType } from "sanity";

const WHAT: Record<string, string> = {
  opened: "Opened",
  favourite: "Marked a favourite",
  unfavourite: "Removed a favourite",
  sent: "Sent the selection",
  download: "Downloaded",
  zip: "Downloaded a ZIP",
};

/**
 * One event of a client gallery's activity (docs/galleries.md, "Activity"), written by the site:
 * when, what, by which named client, on which device (a hash salted anew each day: it tells the
 * devices of one day apart and nothing more; no address is kept).
 */
export const galleryActivity = defineType({
  name: "galleryActivity",
  title: "Activity",
  type: "object",
  readOnly: true,
  fields: [
    defineField({ name: "at", title: "When", type: "datetime" }),
    defineField({ name: "kind", title: "What", type: "string" }),
    defineField({ name: "client", title: "Client", type: "string" }),
    defineField({ name: "detail", title: "Details", type: "string" }),
    defineField({ name: "devices", title: "Devices that day", type: "number" }),
    defineField({ name: "device", title: "Device (hash of the day)", type: "string" }),
  ],
  preview: {
    select: { at: "at", kind: "kind", client: "client", detail: "detail", devices: "devices" },
    prepare: ({
      at,
      kind,
      client,
      detail,
      devices,
    }: Record<string, string | number | undefined>) => ({
      title: [WHAT[String(kind)] ?? kind, detail].filter(Boolean).join(": "),
      subtitle: [
        typeof at === "string" ? at.slice(0, 16).replace("T", " ") : undefined,
        client ?? "someone not named",
        typeof devices === "number"
          ? `${devices} ${devices === 1 ? "device" : "devices"} that day`
          : undefined,
      ]
        .filter(Boolean)
        .join(" · "),
    }),
  },
});
