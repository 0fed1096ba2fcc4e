import { defineField } from "sanity";

/** "Europe/Madrid" and every other name of the time-zone database that `Intl` knows. */
const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** Where the owner is, as the time-zone database names it: `description` says what it sets. */
export const timeZoneField = ({
  description,
  required,
}: {
  description: string;
  required: boolean;
}) =>
  defineField({
    name: "timeZone",
    title: "Your time zone",
    description: `As the time-zone database names it, e.g. "Europe/Madrid" or "America/New_York". ${description}`,
    type: "string",
    validation: (rule) =>
      (required ? rule.required() : rule).custom((zone: string | undefined) =>
        zone === undefined || isTimeZone(zone) ? true : "Not a time zone: e.g. Europe/Madrid",
      ),
  });
