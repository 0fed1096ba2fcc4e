import type { ReactNode } from "react";
import type { ImageFor } from "../content/image-urls.ts";
import type { CollectionPhoto } from "../content/model.ts";
import { useI18n } from "../views/i18n.tsx";
import { Pagination } from "../views/parts/Pagination.tsx";
import { PhotoGrid } from "./PhotoGrid.tsx";

interface CollectionViewProps {
  /** The heading ("Photographs", "Landscape", "Shot on Canon EOS 5D Mark II"). */
  heading: string;
  /** What the grid is, for the viewer's position label. */
  label: string;
  /** A line under the heading: how many, in which order. */
  lead: ReactNode;
  photos: readonly CollectionPhoto[];
  total: number;
  /** 1-based. */
  slice: number;
  slices: number;
  perSlice: number;
  sliceHref: (slice: number) => string;
  imageFor: ImageFor;
  /** Below the grid (the way to every tag, say). */
  children?: ReactNode;
}

/**
 * One slice of a collection of photographs (all of them, a tag's, a camera's, a lens's): a
 * heading, the grid and the numbered slices, whose "Older" link a script follows as the
 * visitor nears the end of the grid.
 */
export function CollectionView(props: CollectionViewProps) {
  const { slice, slices, perSlice } = props;
  const { t } = useI18n();
  return (
    <div className="mx-auto max-w-[120rem] px-3 py-10 sm:px-6 sm:py-14">
      <div className="panel mb-6 px-5 py-6 sm:px-8">
        <h1 className="collection-title">{props.heading}</h1>
        <p className="mt-2 text-neutral-700 dark:text-neutral-300">
          {props.lead}
          {slices > 1 ? ` · ${t("list.pageOf", { page: slice, pages: slices })}` : ""}
        </p>
      </div>
      <PhotoGrid
        photos={props.photos}
        imageFor={props.imageFor}
        label={props.label}
        offset={(slice - 1) * perSlice}
        total={props.total}
      />
      {(slices > 1 || props.children) && (
        <div className="panel mt-8 px-5 pb-6">
          <Pagination
            slice={slice}
            slices={slices}
            href={props.sliceHref}
            label={t("collection.pages")}
            more
          />
          {props.children}
        </div>
      )}
    </div>
  );
}
