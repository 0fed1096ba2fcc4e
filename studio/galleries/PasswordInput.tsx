/**
 * The input of a client gallery's `password` field. The owner types a password (or generates a
 * memorable one); the browser derives its PBKDF2 hash (password.ts) and only that object is
 * saved. The password itself stays in this component's state, shown once with a button that
 * copies the gallery's link and the password for the client, and is gone when the owner presses
 * Done or leaves the document: it is never saved, sent or logged.
 */
import { CopyIcon } from "@sanity/icons/Copy";
import { LockIcon } from "@sanity/icons/Lock";
import { SparklesIcon } from "@sanity/icons/Sparkles";
import { TrashIcon } from "@sanity/icons/Trash";
import { Box, Button, Card, Flex, Stack, Text, TextInput } from "@sanity/ui";
import { Code } from "@sanity/ui/code";
import { useToast } from "@sanity/ui/toast";
import { type FormEvent, useId, useState } from "react";
import { type ObjectInputProps, set, unset, useFormValue } from "sanity";
import { copyText } from "./clipboard";
import { galleryIdOf, galleryLink } from "./ids";
import { memorablePassword } from "./memorable";
import { type GalleryPassword, hashGalleryPassword, passwordProblem, shareText } from "./password";

export interface PasswordInputProps extends ObjectInputProps<GalleryPassword> {
  /** The site's address, for the gallery's link (SANITY_STUDIO_PREVIEW_ORIGIN). */
  siteUrl: string;
}

type Step = { name: "idle" } | { name: "typing" } | { name: "saved"; password: string };

export function PasswordInput(props: PasswordInputProps) {
  const { value, onChange, readOnly, siteUrl } = props;
  const documentId = useFormValue(["_id"]) as string | undefined;
  const galleryId = galleryIdOf(documentId);
  const link = galleryId ? galleryLink(siteUrl, galleryId) : undefined;
  const toast = useToast();
  const inputId = useId();
  const [step, setStep] = useState<Step>({ name: "idle" });
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const problem = typed ? passwordProblem(typed) : undefined;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!typed || problem) return;
    setBusy(true);
    try {
      const hashed = await hashGalleryPassword(typed);
      onChange(set(hashed));
      setStep({ name: "saved", password: typed });
      setTyped("");
    } catch {
      toast.push({ status: "error", title: "The password could not be hashed in this browser" });
    } finally {
      setBusy(false);
    }
  };

  const remove = () => {
    onChange(unset());
    setConfirmRemove(false);
    setStep({ name: "idle" });
  };

  if (step.name === "saved") {
    return (
      <Card padding={4} radius={2} tone="positive" border>
        <Stack gap={4}>
          <Text size={1} weight="semibold">
            Password set. It is shown only now: send it to your client with the link.
          </Text>
          <Code size={2}>{step.password}</Code>
          {link ? null : <InvalidIdNote />}
          <Flex gap={2} wrap="wrap">
            {link ? (
              <Button
                icon={CopyIcon}
                text="Copy link and password"
                tone="primary"
                onClick={() => copyText(toast, shareText(link, step.password), "Link and password")}
              />
            ) : null}
            <Button mode="ghost" text="Done" onClick={() => setStep({ name: "idle" })} />
          </Flex>
        </Stack>
      </Card>
    );
  }

  if (step.name === "typing") {
    return (
      <Card padding={4} radius={2} border>
        <form onSubmit={save}>
          <Stack gap={3}>
            <Text as="label" htmlFor={inputId} size={1} weight="semibold">
              New password
            </Text>
            <Flex gap={2}>
              <Box flex={1}>
                <TextInput
                  id={inputId}
                  value={typed}
                  autoComplete="off"
                  spellCheck={false}
                  disabled={busy}
                  customValidity={problem}
                  onChange={(event) => setTyped(event.currentTarget.value)}
                />
              </Box>
              <Button
                icon={SparklesIcon}
                mode="ghost"
                text="Generate"
                disabled={busy}
                onClick={() => setTyped(memorablePassword())}
              />
            </Flex>
            {problem ? (
              <Text size={1} muted>
                {problem}
              </Text>
            ) : null}
            <Flex gap={2}>
              <Button
                type="submit"
                icon={LockIcon}
                tone="primary"
                text={busy ? "Saving…" : "Save password"}
                disabled={busy || !typed || problem !== undefined}
              />
              <Button
                mode="bleed"
                text="Cancel"
                disabled={busy}
                onClick={() => {
                  setTyped("");
                  setStep({ name: "idle" });
                }}
              />
            </Flex>
          </Stack>
        </form>
      </Card>
    );
  }

  return (
    <Card padding={4} radius={2} border tone={value ? "default" : "caution"}>
      <Stack gap={4}>
        <Text size={1}>
          {value
            ? "A password is set. It was shown once, when it was set: to send it again, set a new one (the old one then stops working)."
            : "No password: anybody with the link can open the gallery."}
        </Text>
        {link ? null : <InvalidIdNote />}
        <Flex gap={2} wrap="wrap">
          <Button
            icon={LockIcon}
            mode={value ? "ghost" : "default"}
            tone="primary"
            text={value ? "Set a new password" : "Set a password"}
            disabled={readOnly}
            onClick={() => setStep({ name: "typing" })}
          />
          {link ? (
            <Button
              icon={CopyIcon}
              mode="ghost"
              text="Copy link"
              onClick={() => copyText(toast, link, "Link")}
            />
          ) : null}
          {value && !confirmRemove ? (
            <Button
              icon={TrashIcon}
              mode="bleed"
              tone="critical"
              text="Remove password"
              disabled={readOnly}
              onClick={() => setConfirmRemove(true)}
            />
          ) : null}
          {value && confirmRemove ? (
            <>
              <Button tone="critical" text="Remove: the link alone opens it" onClick={remove} />
              <Button mode="bleed" text="Keep it" onClick={() => setConfirmRemove(false)} />
            </>
          ) : null}
        </Flex>
      </Stack>
    </Card>
  );
}

function InvalidIdNote() {
  return (
    <Text size={1} muted>
      This document's id is not a gallery's, so the site will not serve it: create galleries with
      the “+” of the Client galleries list.
    </Text>
  );
}
