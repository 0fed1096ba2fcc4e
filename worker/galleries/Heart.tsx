import { useI18n } from "../views/i18n.tsx";
import { galleryPaths } from "./ids.ts";

interface HeartProps {
  /** The gallery. */
  id: string;
  /** The photograph's id. */
  photo: string;
  /** How the photograph is named to the client ("Photograph 3"; its file's name is the owner's). */
  label: string;
  on: boolean;
  /** Where the plain form comes back to. */
  back: string;
}

/**
 * A photograph's heart, on its corner in the grid and on the stage of its page (and the viewer):
 * a plain form that marks it a favourite or not, which the gallery's script sends in the
 * background (client/galleries/favourites.ts); pressed, it is filled.
 */
export function Heart({ id, photo, label, on, back }: HeartProps) {
  const { t } = useI18n();
  return (
    <form
      method="post"
      action={galleryPaths.favourites(id)}
      className="gallery-heart"
      data-favourite-form=""
    >
      <input type="hidden" name="photo" value={photo} />
      <input type="hidden" name="favourite" value={on ? "false" : "true"} />
      <input type="hidden" name="back" value={back} />
      <button
        type="submit"
        aria-pressed={on}
        className="focus-ring"
        title={on ? t("gallery.favourite") : t("gallery.markFavourite")}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 2.8 4.5 6.6 4.5c2.2 0 3.7 1.2 5.4 3.2 1.7-2 3.2-3.2 5.4-3.2 3.8 0 5.7 4.1 4.2 7.4C19.5 16.4 12 21 12 21z" />
        </svg>
        <span className="sr-only" data-name={label}>
          {on
            ? t("gallery.removeFromFavourites", { name: label })
            : t("gallery.addToFavourites", { name: label })}
        </span>
      </button>
    </form>
  );
}

/** Why a plain form's heart was refused, said over its photograph (as the script says it). */
export const HeartNotice = ({ text }: { text: string }) => (
  <p role="status" className="gallery-notice gallery-heart-notice" data-problem="">
    {text}
  </p>
);
