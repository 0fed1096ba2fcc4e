/** The owner's site settings: the site's title and the owner's details shown on every page. */
export interface SiteSettings {
  title: string;
  brand: string;
  description: string;
  owner: string;
  email: string;
  socialUrl: string;
}

const defaults: SiteSettings = {
  title: "Jane Doe Photography",
  brand: "Jane Doe",
  description: "Capturing moments in time.",
  owner: "Jane Doe",
  email: "jane@example.com",
  socialUrl: "https://www.instagram.com/",
};

// An empty var means "not set", so wrangler.toml can list every setting.
const orDefault = (value: string | undefined, fallback: string): string =>
  value?.trim() ? value.trim() : fallback;

/** The settings from the worker's vars, with the built-in defaults for any left empty. */
export function siteSettingsFromVars(env: Partial<Env>): SiteSettings {
  return {
    title: orDefault(env.SITE_TITLE, defaults.title),
    brand: orDefault(env.SITE_BRAND, defaults.brand),
    description: orDefault(env.SITE_DESCRIPTION, defaults.description),
    owner: orDefault(env.SITE_OWNER, defaults.owner),
    email: orDefault(env.SITE_EMAIL, defaults.email),
    socialUrl: orDefault(env.SITE_SOCIAL_URL, defaults.socialUrl),
  };
}
