// Copying to the clipboard from a button, with a toast that says whether it worked: a browser
// may refuse (no permission, an insecure page), and the text is on screen to copy by hand then.
import type { useToast } from "@sanity/ui/toast";

type Toast = ReturnType<typeof useToast>;

export async function copyText(toast: Toast, text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.push({ status: "success", title: `${what} copied` });
  } catch {
    toast.push({
      status: "warning",
      title: "The browser did not allow copying",
      description: "Select the text and copy it by hand.",
    });
  }
}
