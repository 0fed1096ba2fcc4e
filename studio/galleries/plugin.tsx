/**
 * The Studio's client galleries (docs/galleries.md): the password input and the selections'
 * view, put in place of the default inputs of the `galleryPassword` and `gallerySelection`
 * types. They are attached here rather than in the schema files so the schema stays plain data,
 * which the site's tests load without the Studio installed. The list and the ids of new
 * galleries are in structure.ts (NewGalleryPane.tsx).
 */
import {
  type ArrayOfObjectsInputProps,
  definePlugin,
  type InputProps,
  isArrayOfObjectsInputProps,
  isObjectInputProps,
  type ObjectInputProps,
} from "sanity";
import { PasswordInput } from "./PasswordInput";
import type { GalleryPassword } from "./password";
import { type GallerySelection, SelectionsInput } from "./SelectionsInput";

interface SchemaTypeLike {
  name: string;
  type?: SchemaTypeLike;
}

/** Whether a schema type is `name` or built on it (a field may refine a named type). */
function isType(schemaType: SchemaTypeLike | undefined, name: string): boolean {
  for (let type = schemaType; type; type = type.type) if (type.name === name) return true;
  return false;
}

export interface ClientGalleriesOptions {
  /** The site's address, for the galleries' links. */
  siteUrl: string;
}

export const clientGalleries = definePlugin<ClientGalleriesOptions>(({ siteUrl }) => ({
  name: "client-galleries",
  form: {
    components: {
      input: (props: InputProps) => {
        if (isObjectInputProps(props) && isType(props.schemaType, "galleryPassword")) {
          // The schema type names the value's shape, which the props' generic type cannot know.
          const typed = props as unknown as ObjectInputProps<GalleryPassword>;
          return <PasswordInput {...typed} siteUrl={siteUrl} />;
        }
        if (
          isArrayOfObjectsInputProps(props) &&
          props.schemaType.of.some((member) => isType(member, "gallerySelection"))
        ) {
          const typed = props as unknown as ArrayOfObjectsInputProps<GallerySelection>;
          return <SelectionsInput {...typed} />;
        }
        return props.renderDefault(props);
      },
    },
  },
}));
